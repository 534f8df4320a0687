import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { deliveryOrders, domainEvents, hotels, providerOrders, restaurants, reviews } from '../../db/schema';
import { bookHotel, day, firstHotel, firstMenuItem, pay, quote } from '../bookings/test-helpers';
import { paidFood } from '../orders/test-helpers';
import { deliverFood, onlineDriverNear } from '../money/test-helpers';
import { providerOrderIdOf } from '../../testing/provider-orders';
import { MESSAGES, WITHDRAWN_REASONS, histogramOf, roundedAverage, type Reviewable, type ReviewPage } from '../../../domain/reviews/schemas';
import { MAX_SEEDED_REVIEWS } from '../../db/seed/reviews';
import { recomputeRating } from './service';
import { serverKind } from '../catalogue';

type User = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
/** The provider who owns every hotel here (and completes their stays). */
let owner: User;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'provider' });
  // Every hotel is the owner's, with rooms enough for every stay the tests book.
  await t.database.db.update(hotels).set({ ownerId: owner.id, rooms: 500 });
});
afterAll(async () => {
  await t?.close();
});

/** Books one night in a hotel from `from` days on (today by default) and pays; returns the booking. */
async function paidStay(u: User, hotelId?: number, from = 0) {
  const h = hotelId ?? (await firstHotel(t)).id;
  const items = [{ serviceType: 'hotels', serviceId: h, quantity: 1, details: { checkIn: day(from), checkOut: day(from + 1), rooms: 1, guests: 1 } }];
  const { total: totalAmount } = await quote(t, items);
  const b = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: u.cookie }, payload: { items, totalAmount } });
  expect(b.statusCode, b.body).toBe(201);
  const booking = b.json() as { id: number; totalAmount: number };
  const paid = await pay(t, u.cookie, booking);
  expect(paid.statusCode, paid.body).toBe(200);
  return booking;
}

/** The hotel's provider marks every order of the booking completed (POST /api/provider/orders/:id/complete). */
async function completeStay(bookingId: number) {
  const orders = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, bookingId));
  expect(orders.length).toBeGreaterThan(0);
  for (const o of orders) {
    const res = await t.app.inject({ method: 'POST', url: `/api/provider/orders/${o.id}/complete`, headers: { cookie: owner.cookie }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A customer whose stay in a hotel (the first by default) is over: its provider marked it completed. */
async function completedHotelCustomer(hotelId?: number): Promise<User> {
  const u = await signUp(t);
  await completeStay((await paidStay(u, hotelId)).id);
  return u;
}

const mineOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as Reviewable[];
};

/**
 * A review written before issue 27, when a paid booking was enough (the attack: a stay 200 days ahead reviewed with 1
 * star): stored as such, the listing's rating recomputed with it.
 */
async function earlierReview(u: User, hotelId: number, rating: number) {
  const kind = serverKind('hotel');
  const [row] = await t.database.db.insert(reviews).values({ userId: u.id, serviceType: 'hotels', serviceId: hotelId, rating, comment: 'Terrible', verified: true }).returning();
  const [h] = await t.database.db.select().from(hotels).where(eq(hotels.id, hotelId));
  await t.ctx.events.transaction((tx, emit) => recomputeRating(tx, emit, kind, hotelId, h));
  return row.id;
}

const post = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/reviews', headers: { cookie }, payload: payload as object });
const list = async (serviceType: string, serviceId: number, query = '', cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/reviews?serviceType=${serviceType}&serviceId=${serviceId}${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as ReviewPage;
};

/** The listing's stored rating and count, and the figures a full recomputation from its visible reviews gives. */
async function storedAndRecomputed(hotelId: number) {
  const [h] = await t.database.db.select().from(hotels).where(eq(hotels.id, hotelId));
  const visible = (await t.database.db.select().from(reviews).where(and(eq(reviews.serviceType, 'hotels'), eq(reviews.serviceId, hotelId), eq(reviews.hidden, false), isNull(reviews.withdrawnAt)))).map((r) => r.rating);
  return { stored: { average: Number(h.rating), count: h.reviewCount }, recomputed: { average: roundedAverage(visible), count: visible.length, histogram: histogramOf(visible) } };
}

/** Removes the customers' reviews of a hotel (a fast-check run's leftovers) and restores its seeded figures. */
async function resetHotel(hotelId: number) {
  await t.database.db.delete(reviews).where(and(eq(reviews.serviceType, 'hotels'), eq(reviews.serviceId, hotelId), eq(reviews.verified, true)));
  const { recomputed } = await storedAndRecomputed(hotelId);
  await t.database.db.update(hotels).set({ rating: recomputed.average.toFixed(1), reviewCount: recomputed.count }).where(eq(hotels.id, hotelId));
}

describe('reviews API', () => {
  it('seeds a few real reviews, and every listing shows the rating and count of the reviews it has', async () => {
    const h = await firstHotel(t);
    const page = await list('hotels', h.id);
    expect(page.summary.count).toBeGreaterThan(0);
    expect(page.summary.count).toBeLessThanOrEqual(MAX_SEEDED_REVIEWS);
    expect(page.reviews).toHaveLength(page.summary.count);
    expect(page.summary.average).toBe(Number(h.rating));
    expect(h.reviewCount).toBe(page.summary.count);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/hotels' })).json() as Array<{ id: number; rating: number; reviewCount: number }>;
    expect(pub.find((x) => x.id === h.id)).toMatchObject({ rating: Number(h.rating), reviewCount: page.summary.count });
    // No hotel claims reviews it does not have; one without any is unrated.
    for (const x of pub) {
      const summary = (await list('hotels', x.id)).summary;
      expect([x.reviewCount, x.rating]).toEqual([summary.count, summary.count > 0 ? summary.average : 0]);
    }
    expect(pub.some((x) => x.reviewCount === 0)).toBe(true);
  });

  it('refuses anonymous 401 and a customer without a completed booking 403 (booked, paid, 200 days ahead), allows it once completed', async () => {
    const h = await firstHotel(t);
    const anon = await t.app.inject({ method: 'POST', url: '/api/reviews', payload: { serviceType: 'hotels', serviceId: h.id, rating: 5 } });
    expect(anon.statusCode).toBe(401);
    const nobody = await signUp(t);
    const res = await post(nobody.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.notEligible);
    // Booked but not paid: still 403.
    await bookHotel(t, nobody.cookie, 1);
    expect((await post(nobody.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 5 })).statusCode).toBe(403);
    // Paid for a stay 200 days ahead (the attack), and paid for one tonight: not completed, still 403.
    await paidStay(nobody, h.id, 200);
    const tonight = await paidStay(nobody, h.id, 0);
    const early = await post(nobody.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 1 });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notEligible);
    expect(await mineOf(nobody.cookie)).toEqual([]);
    // The provider marks tonight's stay completed: now it can be reviewed, from that booking.
    await completeStay(tonight.id);
    expect(await mineOf(nobody.cookie)).toEqual([expect.objectContaining({ serviceType: 'hotels', serviceId: h.id, bookingId: tonight.id, eligible: true, review: null })]);
    const ok = await post(nobody.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 5 });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, ok.json().review.id));
    const [order] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, tonight.id));
    expect(row.orderId).toBe(order.id);
  });

  it('validates rating and comment with field errors', async () => {
    const u = await completedHotelCustomer();
    const h = await firstHotel(t);
    for (const rating of [0, 6, 2.5]) {
      const res = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.rating).toBe(MESSAGES.rating);
    }
    const long = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.comment).toBe(MESSAGES.commentLong);
    const ok = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4, comment: 'x'.repeat(1000) });
    expect(ok.statusCode).toBe(201);
  });

  it('takes one verified review per customer per listing (409), updates the rating and never shows an e-mail', async () => {
    const u = await completedHotelCustomer();
    const h = await firstHotel(t);
    const before = await list('hotels', h.id);
    const res = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 1, comment: 'Room was cold' });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ rating: 1, comment: 'Room was cold', verified: true, author: u.username, edited: false, mine: true });
    expect(res.body).not.toContain(u.email);
    const again = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.duplicate);

    const after = await list('hotels', h.id, '&sort=recent', u.cookie);
    expect(after.summary.count).toBe(before.summary.count + 1);
    expect(after.reviews[0]).toMatchObject({ comment: 'Room was cold', mine: true });
    const raw = JSON.stringify(after);
    expect(raw).not.toMatch(/@example\.com|@customers\.golive\.local/);
    const { stored, recomputed } = await storedAndRecomputed(h.id);
    expect(stored).toEqual({ average: recomputed.average, count: recomputed.count });
    expect(after.summary).toEqual(recomputed);
    // The catalogue cache hears that the hotel's rating changed.
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'catalogue.changed'));
    expect(events.map((e) => e.payload)).toContainEqual({ kind: 'hotels', id: h.id });
  });

  it('lets the author edit within 48 hours, shown as edited; nobody else, and not later', async () => {
    const u = await completedHotelCustomer();
    const other = await completedHotelCustomer();
    const h = await firstHotel(t);
    const id = (await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 3 })).json().review.id as number;
    const byOther = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: { cookie: other.cookie }, payload: { rating: 1 } });
    expect(byOther.statusCode).toBe(403);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: { cookie: u.cookie }, payload: { rating: 5, comment: 'Better after all' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().review).toMatchObject({ rating: 5, comment: 'Better after all', edited: true });
    await t.database.db.update(reviews).set({ createdAt: new Date(Date.now() - 49 * 3600_000) }).where(eq(reviews.id, id));
    const late = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: { cookie: u.cookie }, payload: { rating: 4 } });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(MESSAGES.editWindow);
  });

  it('lets a food customer review the restaurant only once the driver has completed the delivery (which completes the order)', async () => {
    const u = await signUp(t);
    // The restaurant is run by a provider in the portal (it accepts and readies its orders).
    const cook = await signUp(t, { role: 'provider' });
    const { restaurant } = await firstMenuItem(t);
    await t.database.db.update(restaurants).set({ ownerId: cook.id }).where(eq(restaurants.id, restaurant.id));
    const { bookingId } = await paidFood(t, u.cookie);
    const [delivery] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, bookingId));
    const restaurantId = Number(delivery.partKey.split(':')[1]);
    expect(restaurantId).toBe(restaurant.id);
    const orderId = await providerOrderIdOf(t.database.db, delivery);
    const early = await post(u.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, rating: 5 });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notEligible);
    expect(await mineOf(u.cookie)).toHaveLength(0);
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    const driver = await onlineDriverNear(t, r);
    await deliverFood(t, { owner: cook, driver, orderId, bookingId, listingId: restaurantId });
    const [order] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.id, orderId));
    expect(order.status).toBe('completed');
    expect(await mineOf(u.cookie)).toEqual([expect.objectContaining({ serviceType: 'food-delivery', serviceId: restaurantId, eligible: true, review: null })]);
    const ok = await post(u.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, rating: 5, comment: 'Hot and fast' });
    expect(ok.statusCode).toBe(201);
  });

  it('holds a profane review for the admin, who hides and restores reviews with a reason; hidden reviews leave the average', async () => {
    const admin = await createAdmin(t, 'mod@example.com');
    const u = await completedHotelCustomer();
    const h = await firstHotel(t);
    const before = await list('hotels', h.id);
    const res = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 1, comment: 'This place is shit' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ held: true, message: MESSAGES.held });
    const id = res.json().review.id as number;
    expect((await list('hotels', h.id)).summary).toEqual(before.summary);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: { cookie: admin.cookie } })).json() as Array<{ id: number; flagged: boolean; hidden: boolean }>;
    expect(queue[0]).toMatchObject({ id, flagged: true, hidden: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: { cookie: u.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide`, headers: { cookie: admin.cookie }, payload: { reason: ' ' } })).statusCode).toBe(400);

    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/restore`, headers: { cookie: admin.cookie }, payload: {} });
    expect(restored.statusCode).toBe(200);
    const shown = await list('hotels', h.id);
    expect(shown.summary.count).toBe(before.summary.count + 1);
    expect(shown.summary.histogram['1']).toBe(before.summary.histogram['1'] + 1);

    const hidden = await t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide`, headers: { cookie: admin.cookie }, payload: { reason: 'Abusive language' } });
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });
    const after = await list('hotels', h.id);
    expect(after.summary).toEqual(before.summary);
    expect(after.reviews.map((r) => r.id)).not.toContain(id);
    const { stored, recomputed } = await storedAndRecomputed(h.id);
    expect(stored).toEqual({ average: recomputed.average, count: recomputed.count });
  });

  it('counts helpful votes exactly under 50 concurrent clicks from 10 users, never on one’s own review', async () => {
    const h = await firstHotel(t);
    const author = await completedHotelCustomer();
    const id = (await post(author.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4 })).json().review.id as number;
    const own = await t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie: author.cookie }, payload: {} });
    expect(own.statusCode).toBe(403);
    // Voters need a completed booking (of anything): each had a stay in another hotel.
    const others = (await t.database.db.select().from(hotels).orderBy(asc(hotels.id))).slice(1);
    const voters: User[] = [];
    for (let i = 0; i < 10; i++) voters.push(await completedHotelCustomer(others[i % others.length].id));
    const clicks = voters.flatMap((v) => Array.from({ length: 5 }, () => v));
    const results = await Promise.all(clicks.map((v) => t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie: v.cookie }, payload: {} })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row.helpful).toBe(10);
    // Three users take their vote back, each clicking twice at once.
    const undo = voters.slice(0, 3).flatMap((v) => [v, v]);
    await Promise.all(undo.map((v) => t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}/helpful`, headers: { cookie: v.cookie }, payload: {} })));
    const page = await list('hotels', h.id, '&sort=helpful', voters[5].cookie);
    expect(page.reviews[0]).toMatchObject({ id, helpful: 7, votedHelpful: true });
  });

  it('keeps average, count and histogram equal to a full recomputation after random create, edit, hide and restore (fast-check)', async () => {
    const admin = await createAdmin(t, 'prop@example.com');
    const all = await t.database.db.select().from(hotels).orderBy(asc(hotels.id));
    const targets = all.slice(1, 7);
    // Four customers, each with one completed stay in every target hotel.
    const customers: User[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await signUp(t);
      const items = targets.map((h) => ({ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(0), checkOut: day(1), rooms: 1, guests: 1 } }));
      const { total: totalAmount } = await quote(t, items);
      const b = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: u.cookie }, payload: { items, totalAmount } });
      expect(b.statusCode).toBe(201);
      expect((await pay(t, u.cookie, b.json())).statusCode).toBe(200);
      await completeStay(b.json().id);
      customers.push(u);
    }
    const op = fc.oneof(
      fc.record({ type: fc.constant('create' as const), user: fc.nat(3), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ type: fc.constant('edit' as const), user: fc.nat(3), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ type: fc.constant('hide' as const), user: fc.nat(3) }),
      fc.record({ type: fc.constant('restore' as const), user: fc.nat(3) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const hotel = targets[run++ % targets.length];
        await resetHotel(hotel.id);
        const ids = new Map<number, number>();
        for (const o of ops) {
          const u = customers[o.user];
          const id = ids.get(o.user);
          if (o.type === 'create') {
            const res = await post(u.cookie, { serviceType: 'hotels', serviceId: hotel.id, rating: o.rating });
            expect([201, 409]).toContain(res.statusCode);
            if (res.statusCode === 201) ids.set(o.user, res.json().review.id);
          } else if (id !== undefined && o.type === 'edit') {
            expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: { cookie: u.cookie }, payload: { rating: o.rating } })).statusCode).toBe(200);
          } else if (id !== undefined) {
            const res = await t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${o.type}`, headers: { cookie: admin.cookie }, payload: o.type === 'hide' ? { reason: 'Test' } : {} });
            expect(res.statusCode).toBe(200);
          }
          const { stored, recomputed } = await storedAndRecomputed(hotel.id);
          expect(stored).toEqual({ average: recomputed.average, count: recomputed.count });
          expect((await list('hotels', hotel.id)).summary).toEqual(recomputed);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

describe('reviews that cannot be gamed (issue 27)', () => {
  /** A hotel counted from the last (the tests above review the first ones) and its summary before the test. */
  async function hotelAt(index: number) {
    const all = await t.database.db.select().from(hotels).orderBy(asc(hotels.id));
    const h = all[all.length - 1 - (index % all.length)];
    return { h, before: (await list('hotels', h.id)).summary };
  }

  it('a refunded cancellation withdraws the review from the rating, the list and the histogram; its author sees it withdrawn', async () => {
    const { h, before } = await hotelAt(0);
    const u = await signUp(t);
    // The attack: a stay 200 days ahead, a 1-star review (written while paying was enough), then a free cancellation.
    const booking = await paidStay(u, h.id, 200);
    const id = await earlierReview(u, h.id, 1);
    const attacked = await list('hotels', h.id);
    expect(attacked.summary.count).toBe(before.count + 1);
    expect(attacked.summary.histogram['1']).toBe(before.histogram['1'] + 1);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: u.cookie }, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refund.amount).toBe(booking.totalAmount);

    const after = await list('hotels', h.id, '', u.cookie);
    expect(after.summary).toEqual(before);
    expect(after.reviews.map((r) => r.id)).not.toContain(id);
    const { stored, recomputed } = await storedAndRecomputed(h.id);
    expect(stored).toEqual({ average: before.average, count: before.count });
    expect(recomputed.histogram).toEqual(before.histogram);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/hotels' })).json() as Array<{ id: number; rating: number; reviewCount: number }>;
    expect(pub.find((x) => x.id === h.id)).toMatchObject({ rating: before.average, reviewCount: before.count });

    // The author's My bookings shows it, on the cancelled booking, withdrawn with the reason; it cannot be edited or voted on.
    expect(await mineOf(u.cookie)).toEqual([
      expect.objectContaining({ serviceId: h.id, bookingId: booking.id, eligible: false, review: expect.objectContaining({ id, withdrawn: true, withdrawnReason: WITHDRAWN_REASONS.refunded }) }),
    ]);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: { cookie: u.cookie }, payload: { rating: 2 } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MESSAGES.withdrawn);
    const voter = await completedHotelCustomer(h.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie: voter.cookie }, payload: {} })).statusCode).toBe(404);
    // The moderator sees why it left the rating.
    const admin = await createAdmin(t, 'withdrawn@example.com');
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: { cookie: admin.cookie } })).json() as Array<{ id: number; withdrawnReason: string | null }>;
    expect(queue.find((r) => r.id === id)?.withdrawnReason).toBe(WITHDRAWN_REASONS.refunded);
  });

  it('the migration withdraws the reviews of bookings cancelled before it, and puts the ratings right', async () => {
    const { h, before } = await hotelAt(5);
    const u = await signUp(t);
    const booking = await paidStay(u, h.id, 200);
    const id = await earlierReview(u, h.id, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: u.cookie }, payload: {} })).statusCode).toBe(200);
    // As a database upgraded from before issue 27 has it: the cancelled booking's review still counted.
    await t.database.db.update(reviews).set({ withdrawnAt: null, withdrawnReason: null, withdrawnBookingId: null }).where(eq(reviews.id, id));
    const [stale] = await t.database.db.select().from(hotels).where(eq(hotels.id, h.id));
    await t.ctx.events.transaction((tx, emit) => recomputeRating(tx, emit, serverKind('hotel'), h.id, stale));
    expect((await list('hotels', h.id)).summary.count).toBe(before.count + 1);
    // The reviews' data statements of 0011_trust.sql, run again.
    const file = readFileSync(new URL('../../db/migrations/0011_trust.sql', import.meta.url), 'utf8');
    const updates = file
      .split('--> statement-breakpoint')
      .map((chunk) => chunk.split('\n').filter((line) => !line.startsWith('--')).join('\n').trim())
      .filter((chunk) => chunk.startsWith('UPDATE') && !chunk.startsWith('UPDATE "domain_events"'));
    expect(updates).toHaveLength(7);
    for (const statement of updates) await t.database.db.execute(sql.raw(statement));
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ withdrawnReason: WITHDRAWN_REASONS.refunded, withdrawnBookingId: booking.id });
    expect((await list('hotels', h.id)).summary).toEqual(before);
    const { stored } = await storedAndRecomputed(h.id);
    expect(stored).toEqual({ average: before.average, count: before.count });
  });

  it("an admin's refund withdraws the review too", async () => {
    const { h, before } = await hotelAt(1);
    const u = await signUp(t);
    const booking = await paidStay(u, h.id, 200);
    await earlierReview(u, h.id, 1);
    expect((await list('hotels', h.id)).summary.count).toBe(before.count + 1);
    const admin = await createAdmin(t, 'refunder@example.com');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${booking.id}`, headers: { cookie: admin.cookie } })).json() as { refundable: number };
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${booking.id}/refund`, headers: { cookie: admin.cookie }, payload: { amount: detail.refundable } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await list('hotels', h.id)).summary).toEqual(before);
  });

  it("a provider's decline withdraws the review of that listing", async () => {
    const { h, before } = await hotelAt(2);
    const u = await signUp(t);
    const booking = await paidStay(u, h.id, 200);
    const id = await earlierReview(u, h.id, 1);
    expect((await list('hotels', h.id)).summary.count).toBe(before.count + 1);
    const [order] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, booking.id));
    const declined = await t.app.inject({ method: 'POST', url: `/api/provider/orders/${order.id}/decline`, headers: { cookie: owner.cookie }, payload: { reason: 'Closed for works' } });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await list('hotels', h.id);
    expect(after.summary).toEqual(before);
    expect(after.reviews.map((r) => r.id)).not.toContain(id);
    const { stored } = await storedAndRecomputed(h.id);
    expect(stored).toEqual({ average: before.average, count: before.count });
    expect(await mineOf(u.cookie)).toEqual([
      expect.objectContaining({ serviceId: h.id, bookingId: booking.id, eligible: false, review: expect.objectContaining({ withdrawn: true, withdrawnReason: WITHDRAWN_REASONS.declined }) }),
    ]);
  });

  it('a review backed by a completed stay stays when another booking of the listing is cancelled; a withdrawn one is replaced once a stay completes', async () => {
    const { h, before } = await hotelAt(3);
    const u = await signUp(t);
    await completeStay((await paidStay(u, h.id)).id);
    const ok = await post(u.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 5 });
    expect(ok.statusCode).toBe(201);
    const later = await paidStay(u, h.id, 100);
    expect((await t.app.inject({ method: 'POST', url: `/api/bookings/${later.id}/cancel`, headers: { cookie: u.cookie }, payload: {} })).statusCode).toBe(200);
    const kept = await list('hotels', h.id);
    expect(kept.summary.count).toBe(before.count + 1);
    expect(kept.reviews.map((r) => r.id)).toContain(ok.json().review.id);

    // Another customer's earlier review, withdrawn by a cancellation; a completed stay later lets them post again.
    const v = await signUp(t);
    const cancelled = await paidStay(v, h.id, 200);
    const old = await earlierReview(v, h.id, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/bookings/${cancelled.id}/cancel`, headers: { cookie: v.cookie }, payload: {} })).statusCode).toBe(200);
    expect((await list('hotels', h.id)).summary.count).toBe(before.count + 1);
    expect((await post(v.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4 })).statusCode).toBe(403);
    await completeStay((await paidStay(v, h.id)).id);
    const mine = await mineOf(v.cookie);
    expect(mine).toEqual([expect.objectContaining({ serviceId: h.id, eligible: true, review: expect.objectContaining({ id: old, withdrawn: true }) })]);
    const again = await post(v.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4, comment: 'Came back, much better' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().review).toMatchObject({ id: old, rating: 4, helpful: 0 });
    const now = await list('hotels', h.id);
    expect(now.summary.count).toBe(before.count + 2);
    expect((await post(v.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 1 })).statusCode).toBe(409);
  });

  it('a helpful vote needs an account with a completed booking (403 with the reason otherwise)', async () => {
    const { h } = await hotelAt(4);
    const author = await completedHotelCustomer(h.id);
    const id = (await post(author.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4 })).json().review.id as number;
    const vote = (cookie: string) => t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie }, payload: {} });
    // A throwaway account, and one with a paid stay not yet completed: refused.
    const throwaway = await signUp(t);
    const refused = await vote(throwaway.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.voteNotEligible);
    const waiting = await signUp(t);
    const stay = await paidStay(waiting, h.id, 0);
    expect((await vote(waiting.cookie)).statusCode).toBe(403);
    const [row0] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row0.helpful).toBe(0);
    // Its stay completed: accepted.
    await completeStay(stay.id);
    const accepted = await vote(waiting.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ helpful: 1, votedHelpful: true });
  });

  it('answers 400 (never 500) to a review or listing id of 2^31 on every reviews route', async () => {
    const big = 2 ** 31;
    const u = await signUp(t);
    const admin = await createAdmin(t, 'bigids@example.com');
    const calls: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; cookie?: string; payload?: object }> = [
      { method: 'GET', url: `/api/reviews?serviceType=hotels&serviceId=${big}` },
      { method: 'POST', url: '/api/reviews', cookie: u.cookie, payload: { serviceType: 'hotels', serviceId: big, rating: 5 } },
      { method: 'PATCH', url: `/api/reviews/${big}`, cookie: u.cookie, payload: { rating: 4 } },
      { method: 'POST', url: `/api/reviews/${big}/helpful`, cookie: u.cookie, payload: {} },
      { method: 'DELETE', url: `/api/reviews/${big}/helpful`, cookie: u.cookie, payload: {} },
      { method: 'POST', url: `/api/admin/reviews/${big}/hide`, cookie: admin.cookie, payload: { reason: 'Test' } },
      { method: 'POST', url: `/api/admin/reviews/${big}/restore`, cookie: admin.cookie, payload: {} },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: c.cookie ? { cookie: c.cookie } : {}, ...(c.payload ? { payload: c.payload } : {}) });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/select|insert|update|out of range/i);
    }
    // The largest id that exists in the database's range is simply not found.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${big - 1}`, headers: { cookie: u.cookie }, payload: { rating: 4 } })).statusCode).toBe(404);
  });
});
