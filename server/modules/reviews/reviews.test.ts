import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq } from 'drizzle-orm';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { deliveryOrders, domainEvents, hotels, reviews } from '../../db/schema';
import { bookHotel, day, firstHotel, pay, quote } from '../bookings/test-helpers';
import { paidFood } from '../orders/test-helpers';
import { MESSAGES, histogramOf, roundedAverage, type ReviewPage } from '../../../domain/reviews/schemas';
import { MAX_SEEDED_REVIEWS } from '../../db/seed/reviews';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof signUp>>;

async function paidHotelCustomer(): Promise<User> {
  const u = await signUp(t);
  const b = await bookHotel(t, u.cookie, 1);
  const paid = await pay(t, u.cookie, b);
  expect(paid.statusCode).toBe(200);
  return u;
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
  const visible = (await t.database.db.select().from(reviews).where(and(eq(reviews.serviceType, 'hotels'), eq(reviews.serviceId, hotelId), eq(reviews.hidden, false)))).map((r) => r.rating);
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

  it('refuses anonymous 401 and a customer without a paid booking 403', async () => {
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
  });

  it('validates rating and comment with field errors', async () => {
    const u = await paidHotelCustomer();
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
    const u = await paidHotelCustomer();
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
    const u = await paidHotelCustomer();
    const other = await paidHotelCustomer();
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

  it('lets a food customer review the restaurant only once the delivery is completed', async () => {
    const u = await signUp(t);
    const { bookingId } = await paidFood(t, u.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, bookingId));
    const restaurantId = Number(order.partKey.split(':')[1]);
    const early = await post(u.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, rating: 5 });
    expect(early.statusCode).toBe(403);
    const mine0 = (await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: { cookie: u.cookie } })).json() as unknown[];
    expect(mine0).toHaveLength(0);
    await t.database.db.update(deliveryOrders).set({ status: 'delivered' }).where(eq(deliveryOrders.id, order.id));
    const mine = (await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: { cookie: u.cookie } })).json() as Array<{ serviceType: string; serviceId: number; review: unknown }>;
    expect(mine).toEqual([expect.objectContaining({ serviceType: 'food-delivery', serviceId: restaurantId, review: null })]);
    const ok = await post(u.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, rating: 5, comment: 'Hot and fast' });
    expect(ok.statusCode).toBe(201);
  });

  it('holds a profane review for the admin, who hides and restores reviews with a reason; hidden reviews leave the average', async () => {
    const admin = await createAdmin(t, 'mod@example.com');
    const u = await paidHotelCustomer();
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
    const author = await paidHotelCustomer();
    const id = (await post(author.cookie, { serviceType: 'hotels', serviceId: h.id, rating: 4 })).json().review.id as number;
    const own = await t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie: author.cookie }, payload: {} });
    expect(own.statusCode).toBe(403);
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
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
    // Four customers, each with one paid booking of every target hotel.
    const customers: User[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await signUp(t);
      const items = targets.map((h) => ({ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(5), checkOut: day(6), rooms: 1, guests: 1 } }));
      const { total: totalAmount } = await quote(t, items);
      const b = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: u.cookie }, payload: { items, totalAmount } });
      expect(b.statusCode).toBe(201);
      expect((await pay(t, u.cookie, b.json())).statusCode).toBe(200);
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
