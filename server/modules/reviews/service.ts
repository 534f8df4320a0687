/**
 * Reviews and ratings (ADR 013, issue 27). A customer reviews a listing once they have a completed order of it (the
 * money module's provider_orders: a reservation its provider completed or whose end day came, a delivery or ride
 * its driver finished), once, and may edit it for 48 hours. A customer with a completed booking of anything marks
 * other people's reviews helpful. When a booking is cancelled (refunded) or an order declined, its author's review
 * of that listing is withdrawn from the rating, the public list and the histogram, unless another completed order
 * of the listing still backs it (subscribers.ts). Each listing's rating and review count are recomputed from its
 * visible reviews in the transaction of every change, after locking the listing row, so concurrent changes cannot
 * leave a stale average; a changed rating emits 'catalogue.changed'. The profanity filter holds a flagged review
 * (hidden) for the admin.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  EDIT_WINDOW_MS,
  MESSAGES,
  REVIEWS_PAGE_SIZE,
  histogramOf,
  type AdminReview,
  type CreateReview,
  type Histogram,
  type RatingSummary,
  type Review,
  type ReviewPage,
  type ReviewResult,
  type ReviewSort,
  type Reviewable,
  type UpdateReview,
} from '../../../domain/reviews/schemas';
import type { Db, Tx } from '../../db/connect';
import { bookings, providerOrders, reviewVotes, reviews, users } from '../../db/schema';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Emit, EventBus } from '../../platform/events/bus';
import { findRow, lockRow, serverKindOfCollection, serverKindOfServiceType, updateRow, type ServerKind } from '../catalogue';
import { isProfane } from './moderation';

type Exec = Db | Tx;
type ReviewRow = typeof reviews.$inferSelect;
type Viewer = { id: number; role: string };

function reviewableKind(serviceType: string): ServerKind {
  const kind = serverKindOfServiceType(serviceType);
  if (!kind || !kind.info.reviewable) throw notFound('This kind of listing cannot be reviewed');
  return kind;
}

// ------------------------------------------------------------------ eligibility

type Eligible = { bookingId: number; orderId: number; serviceType: string; serviceId: number; name: string };

/**
 * The listings a customer may review: one entry per reviewable listing of their completed orders (the most recently
 * completed first). Only 'completed' counts: a paid, accepted, declined or cancelled order does not.
 */
async function eligibleListings(db: Exec, userId: number): Promise<Eligible[]> {
  const orders = await db
    .select({ orderId: providerOrders.id, bookingId: providerOrders.bookingId, listingKind: providerOrders.listingKind, listingId: providerOrders.listingId, name: providerOrders.listingName })
    .from(providerOrders)
    .innerJoin(bookings, eq(bookings.id, providerOrders.bookingId))
    .where(and(eq(bookings.userId, userId), eq(providerOrders.status, 'completed')))
    .orderBy(desc(providerOrders.completedAt), desc(providerOrders.id));
  const seen = new Set<string>();
  const out: Eligible[] = [];
  for (const o of orders) {
    const kind = serverKindOfCollection(o.listingKind);
    if (!kind || !kind.info.reviewable) continue;
    const key = `${kind.info.serviceType}|${o.listingId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ bookingId: o.bookingId, orderId: o.orderId, serviceType: kind.info.serviceType, serviceId: o.listingId, name: o.name });
  }
  return out;
}

/** The customer's most recently completed order of one listing, or undefined. */
async function completedOrderOf(db: Exec, userId: number, kind: ServerKind, listingId: number): Promise<number | undefined> {
  const [o] = await db
    .select({ id: providerOrders.id })
    .from(providerOrders)
    .innerJoin(bookings, eq(bookings.id, providerOrders.bookingId))
    .where(and(eq(bookings.userId, userId), eq(providerOrders.listingKind, kind.info.collection), eq(providerOrders.listingId, listingId), eq(providerOrders.status, 'completed')))
    .orderBy(desc(providerOrders.completedAt), desc(providerOrders.id))
    .limit(1);
  return o?.id;
}

/** Whether the account has completed any order (what a helpful vote needs). */
async function hasCompletedOrder(db: Exec, userId: number): Promise<boolean> {
  const [o] = await db
    .select({ id: providerOrders.id })
    .from(providerOrders)
    .innerJoin(bookings, eq(bookings.id, providerOrders.bookingId))
    .where(and(eq(bookings.userId, userId), eq(providerOrders.status, 'completed')))
    .limit(1);
  return o !== undefined;
}

// ------------------------------------------------------------------ views

async function authorNames(db: Exec, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u.username]));
}

async function votedBy(db: Exec, viewerId: number | undefined, reviewIds: number[]): Promise<Set<number>> {
  if (!viewerId || reviewIds.length === 0) return new Set();
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, viewerId), inArray(reviewVotes.reviewId, reviewIds)));
  return new Set(rows.map((r) => r.reviewId));
}

function toReview(r: ReviewRow, author: string, viewerId: number | undefined, voted: Set<number>): Review {
  return {
    id: r.id,
    serviceType: r.serviceType,
    serviceId: r.serviceId,
    rating: r.rating,
    comment: r.comment,
    author,
    helpful: r.helpful,
    verified: r.verified,
    edited: r.editedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    votedHelpful: voted.has(r.id),
    mine: viewerId !== undefined && r.userId === viewerId,
  };
}

async function views(db: Exec, rows: ReviewRow[], viewerId?: number): Promise<Review[]> {
  const names = await authorNames(db, rows.map((r) => r.userId));
  const voted = await votedBy(db, viewerId, rows.map((r) => r.id));
  return rows.map((r) => toReview(r, names.get(r.userId) ?? 'Customer', viewerId, voted));
}

async function reviewView(db: Exec, row: ReviewRow, viewerId?: number): Promise<Review> {
  const [v] = await views(db, [row], viewerId);
  return v;
}

/** On the listing: not hidden by a moderator (or the filter) and not withdrawn. */
const visibleOf = (serviceType: string, serviceId: number) =>
  and(eq(reviews.serviceType, serviceType), eq(reviews.serviceId, serviceId), eq(reviews.hidden, false), isNull(reviews.withdrawnAt));

/** Average (one decimal), count and 1-5 histogram of a listing's visible reviews, straight from the reviews. */
export async function summaryOf(db: Exec, serviceType: string, serviceId: number): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int`, sum: sql<number>`sum(${reviews.rating})::int` })
    .from(reviews)
    .where(visibleOf(serviceType, serviceId))
    .groupBy(reviews.rating);
  const histogram: Histogram = histogramOf([]);
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    histogram[String(r.rating) as keyof Histogram] = Number(r.n);
    count += Number(r.n);
    sum += Number(r.sum);
  }
  return { average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10, count, histogram };
}

const ORDER: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  recent: [desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpful), desc(reviews.createdAt), desc(reviews.id)],
  rating: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/** GET /api/reviews: the summary and one page of a listing's visible reviews. */
export async function listReviews(db: Db, q: { serviceType: string; serviceId: number; sort: ReviewSort; page: number }, viewerId?: number): Promise<ReviewPage> {
  reviewableKind(q.serviceType);
  const summary = await summaryOf(db, q.serviceType, q.serviceId);
  const rows = await db
    .select()
    .from(reviews)
    .where(visibleOf(q.serviceType, q.serviceId))
    .orderBy(...ORDER[q.sort])
    .limit(REVIEWS_PAGE_SIZE)
    .offset((q.page - 1) * REVIEWS_PAGE_SIZE);
  return { summary, reviews: await views(db, rows, viewerId), page: q.page, pageSize: REVIEWS_PAGE_SIZE, total: summary.count };
}

// ------------------------------------------------------------------ rating recomputation

/**
 * Stores a listing's rating and review count as its visible reviews give them. The caller holds the listing row's
 * lock (lockRow) from before its own change, so this reads every committed change. Emits 'catalogue.changed' when
 * what the public catalogue shows changed.
 */
export async function recomputeRating(tx: Tx, emit: Emit, kind: ServerKind, serviceId: number, before: { rating: unknown; reviewCount: unknown }): Promise<RatingSummary> {
  const summary = await summaryOf(tx, kind.info.serviceType, serviceId);
  const rating = summary.average.toFixed(1);
  if (Number(before.rating) === summary.average && Number(before.reviewCount) === summary.count) return summary;
  await updateRow(tx, kind, serviceId, { rating, reviewCount: summary.count });
  await emit('catalogue.changed', { kind: kind.info.collection, id: serviceId });
  return summary;
}

async function lockListing(tx: Tx, kind: ServerKind, serviceId: number) {
  const row = await lockRow(tx, kind, serviceId);
  if (!row) throw notFound('Listing not found');
  return row as { rating: unknown; reviewCount: unknown };
}

// ------------------------------------------------------------------ writes

/**
 * POST /api/reviews. 403 without a completed order of the listing, 409 for a second review. A review withdrawn
 * earlier (its booking cancelled) is replaced by the new one once a completed order backs it, its old votes gone.
 */
export async function createReview(db: Db, events: EventBus, viewer: Viewer, body: CreateReview): Promise<ReviewResult> {
  const kind = reviewableKind(body.serviceType);
  if (!(await findRow(db, kind, body.serviceId))) throw notFound('Listing not found');
  const comment = body.comment ?? null;
  const flagged = comment !== null && isProfane(comment);
  const held = { flagged, hidden: flagged, hiddenReason: flagged ? 'Held by the profanity filter' : null };
  const row = await events
    .transaction(async (tx, emit) => {
      const before = await lockListing(tx, kind, body.serviceId);
      // Read under the listing's lock: a completed order is final (never cancelled or declined afterwards).
      const orderId = await completedOrderOf(tx, viewer.id, kind, body.serviceId);
      if (orderId === undefined) throw forbidden(MESSAGES.notEligible);
      const [existing] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, viewer.id), eq(reviews.serviceType, body.serviceType), eq(reviews.serviceId, body.serviceId)))
        .for('update');
      let r: ReviewRow;
      if (existing && existing.withdrawnAt === null) throw conflict(MESSAGES.duplicate);
      if (existing) {
        const now = new Date();
        await tx.delete(reviewVotes).where(eq(reviewVotes.reviewId, existing.id));
        [r] = await tx
          .update(reviews)
          .set({ rating: body.rating, comment, verified: true, ...held, orderId, helpful: 0, editedAt: null, withdrawnAt: null, withdrawnReason: null, withdrawnBookingId: null, createdAt: now, updatedAt: now })
          .where(eq(reviews.id, existing.id))
          .returning();
      } else {
        [r] = await tx
          .insert(reviews)
          .values({ userId: viewer.id, serviceType: body.serviceType, serviceId: body.serviceId, rating: body.rating, comment, verified: true, orderId, ...held })
          .returning();
      }
      await recomputeRating(tx, emit, kind, body.serviceId, before);
      return r;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.duplicate);
      throw err;
    });
  return { review: await reviewView(db, row, viewer.id), held: flagged, ...(flagged ? { message: MESSAGES.held } : {}) };
}

/** PATCH /api/reviews/:id: its author, within 48 hours of posting. A flagged edit is held like a new review. */
export async function updateReview(db: Db, events: EventBus, viewer: Viewer, id: number, body: UpdateReview, now = new Date()): Promise<ReviewResult> {
  const [existing] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!existing) throw notFound('Review not found');
  if (existing.userId !== viewer.id) throw forbidden(MESSAGES.notAuthor);
  if (existing.withdrawnAt !== null) throw conflict(MESSAGES.withdrawn);
  if (now.getTime() - existing.createdAt.getTime() > EDIT_WINDOW_MS) throw forbidden(MESSAGES.editWindow);
  const kind = reviewableKind(existing.serviceType);
  const comment = body.comment === undefined ? existing.comment : body.comment;
  const flagged = comment !== null && isProfane(comment);
  const row = await events.transaction(async (tx, emit) => {
    const before = await lockListing(tx, kind, existing.serviceId);
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id));
    if (!current) throw notFound('Review not found');
    if (current.withdrawnAt !== null) throw conflict(MESSAGES.withdrawn);
    const values: Partial<typeof reviews.$inferInsert> = { rating: body.rating ?? current.rating, comment, editedAt: now, updatedAt: now };
    if (flagged) Object.assign(values, { flagged: true, hidden: true, hiddenReason: 'Held by the profanity filter' });
    else if (current.flagged) Object.assign(values, { flagged: false, hidden: false, hiddenReason: null }); // the edit removed what was held
    const [r] = await tx.update(reviews).set(values).where(eq(reviews.id, id)).returning();
    await recomputeRating(tx, emit, kind, existing.serviceId, before);
    return r;
  });
  return { review: await reviewView(db, row, viewer.id), held: flagged, ...(flagged ? { message: MESSAGES.held } : {}) };
}

async function visibleReviewOr404(db: Exec, id: number): Promise<ReviewRow> {
  const [r] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!r || r.hidden || r.withdrawnAt !== null) throw notFound('Review not found');
  return r;
}

/**
 * POST /api/reviews/:id/helpful: one vote per user (idempotent), never on one's own review, and only from an account
 * with a completed booking (throwaway accounts cannot vote). The count moves only when a vote row was really
 * inserted or deleted, with an atomic increment, so concurrent clicks stay exact.
 */
export async function voteHelpful(db: Db, viewer: Viewer, id: number): Promise<{ helpful: number; votedHelpful: boolean }> {
  const r = await visibleReviewOr404(db, id);
  if (r.userId === viewer.id) throw forbidden(MESSAGES.ownVote);
  if (!(await hasCompletedOrder(db, viewer.id))) throw forbidden(MESSAGES.voteNotEligible);
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(reviewVotes).values({ reviewId: id, userId: viewer.id }).onConflictDoNothing().returning({ reviewId: reviewVotes.reviewId });
    const [row] = inserted.length
      ? await tx.update(reviews).set({ helpful: sql`${reviews.helpful} + 1` }).where(eq(reviews.id, id)).returning({ helpful: reviews.helpful })
      : await tx.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, id));
    return { helpful: row.helpful, votedHelpful: true };
  });
}

/** DELETE /api/reviews/:id/helpful: takes the caller's vote back (idempotent). */
export async function unvoteHelpful(db: Db, viewer: Viewer, id: number): Promise<{ helpful: number; votedHelpful: boolean }> {
  await visibleReviewOr404(db, id);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, id), eq(reviewVotes.userId, viewer.id)))
      .returning({ reviewId: reviewVotes.reviewId });
    const [row] = deleted.length
      ? await tx.update(reviews).set({ helpful: sql`${reviews.helpful} - 1` }).where(eq(reviews.id, id)).returning({ helpful: reviews.helpful })
      : await tx.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, id));
    return { helpful: row.helpful, votedHelpful: false };
  });
}

/**
 * GET /api/reviews/mine: what the customer may review (My bookings), each with their review when written; and their
 * withdrawn reviews of listings no completed order backs, on the booking whose cancellation withdrew them.
 */
export async function reviewables(db: Db, viewer: Viewer): Promise<Reviewable[]> {
  const eligible = await eligibleListings(db, viewer.id);
  const mine = await db.select().from(reviews).where(eq(reviews.userId, viewer.id));
  const byListing = new Map(mine.map((r) => [`${r.serviceType}|${r.serviceId}`, r]));
  const mineViews = new Map((await views(db, mine, viewer.id)).map((v) => [v.id, v]));
  const mineOf = (r: ReviewRow | undefined): Reviewable['review'] => {
    const v = r ? mineViews.get(r.id) : undefined;
    if (!r || !v) return null;
    return { ...v, hidden: r.hidden, editableUntil: new Date(r.createdAt.getTime() + EDIT_WINDOW_MS).toISOString(), withdrawn: r.withdrawnAt !== null, withdrawnReason: r.withdrawnReason };
  };
  const out: Reviewable[] = eligible.map(({ orderId: _orderId, ...e }) => ({ ...e, eligible: true, review: mineOf(byListing.get(`${e.serviceType}|${e.serviceId}`)) }));
  const listed = new Set(eligible.map((e) => `${e.serviceType}|${e.serviceId}`));
  const withdrawn = mine.filter((r) => r.withdrawnAt !== null && r.withdrawnBookingId !== null && !listed.has(`${r.serviceType}|${r.serviceId}`));
  for (const r of withdrawn) {
    const kind = serverKindOfServiceType(r.serviceType);
    const row = kind ? await findRow(db, kind, r.serviceId) : undefined;
    const name = kind && row ? kind.displayName(row as never) : `${r.serviceType} #${r.serviceId}`;
    out.push({ serviceType: r.serviceType, serviceId: r.serviceId, name, bookingId: r.withdrawnBookingId as number, eligible: false, review: mineOf(r) });
  }
  return out;
}

// ------------------------------------------------------------------ withdrawal

/**
 * Withdraws a customer's review of a listing from its rating, public list and histogram when the booking or order
 * behind it was cancelled, declined or refunded (the reactions in subscribers.ts), unless a completed order of the
 * listing still backs it. Idempotent; the listing row is locked first, as every other change of its reviews is.
 * Returns whether a review was withdrawn.
 */
export async function withdrawUnbackedReview(
  events: EventBus,
  userId: number,
  listing: { collection: string; listingId: number },
  because: { bookingId: number; reason: string },
  now: Date = new Date(),
): Promise<boolean> {
  const kind = serverKindOfCollection(listing.collection);
  if (!kind || !kind.info.reviewable) return false;
  const serviceType = kind.info.serviceType;
  const [peek] = await events.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.serviceType, serviceType), eq(reviews.serviceId, listing.listingId), isNull(reviews.withdrawnAt)));
  if (!peek) return false;
  return events.transaction(async (tx, emit) => {
    const before = await lockRow(tx, kind, listing.listingId);
    if (!before) return false;
    if ((await completedOrderOf(tx, userId, kind, listing.listingId)) !== undefined) return false;
    const done = await tx
      .update(reviews)
      .set({ withdrawnAt: now, withdrawnReason: because.reason, withdrawnBookingId: because.bookingId, updatedAt: now })
      .where(and(eq(reviews.id, peek.id), isNull(reviews.withdrawnAt)))
      .returning({ id: reviews.id });
    if (done.length === 0) return false;
    await recomputeRating(tx, emit, kind, listing.listingId, before as { rating: unknown; reviewCount: unknown });
    return true;
  });
}

/** The listings of a booking's provider orders that were cancelled or declined (what a cancellation called off). */
export async function calledOffListings(db: Exec, bookingId: number): Promise<Array<{ collection: string; listingId: number }>> {
  const rows = await db
    .select({ collection: providerOrders.listingKind, listingId: providerOrders.listingId })
    .from(providerOrders)
    .where(and(eq(providerOrders.bookingId, bookingId), inArray(providerOrders.status, ['cancelled', 'declined'])));
  return rows;
}

// ------------------------------------------------------------------ moderation (admin)

/** GET /api/admin/reviews: every review, held (flagged and hidden) ones first, then newest. */
export async function adminReviews(db: Db): Promise<AdminReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .orderBy(desc(sql`(${reviews.flagged} and ${reviews.hidden})`), desc(reviews.createdAt), desc(reviews.id))
    .limit(500);
  return adminViews(db, rows);
}

async function adminViews(db: Db, rows: ReviewRow[]): Promise<AdminReview[]> {
  const base = await views(db, rows);
  const names = new Map<string, string>();
  for (const r of rows) {
    const key = `${r.serviceType}|${r.serviceId}`;
    if (names.has(key)) continue;
    const kind = serverKindOfServiceType(r.serviceType);
    const row = kind ? await findRow(db, kind, r.serviceId) : undefined;
    names.set(key, kind && row ? kind.displayName(row as never) : `${r.serviceType} #${r.serviceId}`);
  }
  return rows.map((r, i) => ({
    ...base[i],
    listingName: names.get(`${r.serviceType}|${r.serviceId}`) ?? '',
    hidden: r.hidden,
    hiddenReason: r.hiddenReason,
    flagged: r.flagged,
    authorId: r.userId,
    withdrawnReason: r.withdrawnReason,
  }));
}

async function moderate(db: Db, events: EventBus, id: number, hide: { reason: string } | null): Promise<AdminReview> {
  const [existing] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!existing) throw notFound('Review not found');
  const kind = reviewableKind(existing.serviceType);
  await events.transaction(async (tx, emit) => {
    const before = await lockListing(tx, kind, existing.serviceId);
    await tx
      .update(reviews)
      .set(hide ? { hidden: true, hiddenReason: hide.reason } : { hidden: false, hiddenReason: null, flagged: false })
      .where(eq(reviews.id, id));
    await recomputeRating(tx, emit, kind, existing.serviceId, before);
  });
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return (await adminViews(db, [row]))[0];
}

/** POST /api/admin/reviews/:id/hide: the review leaves the listing's page and its average. */
export const hideReview = (db: Db, events: EventBus, id: number, reason: string) => moderate(db, events, id, { reason });
/** POST /api/admin/reviews/:id/restore: back on the listing (a held review is released). */
export const restoreReview = (db: Db, events: EventBus, id: number) => moderate(db, events, id, null);
