/**
 * Reviews and ratings (spec 002 section 3): the API contract, limits and messages shared by server and client.
 * `serviceType` is the booking vocabulary (domain/catalogue/kinds.ts); `serviceId` is the listing's id (for food
 * delivery: the restaurant).
 */
import { z } from 'zod';
import { REVIEWABLE_SERVICE_TYPES } from '../catalogue/kinds';
import { assertExact } from '../exact';
import { IdParams, idField, idParam } from '../ids';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX = 1000;
/** An author may edit a review this long after writing it. */
export const EDIT_WINDOW_MS = 48 * 60 * 60 * 1000;
export const REVIEWS_PAGE_SIZE = 10;
export const HIDE_REASON_MAX = 500;

export const REVIEW_SORTS = ['recent', 'helpful', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MESSAGES = {
  rating: 'Rating must be a whole number from 1 to 5',
  commentEmpty: 'Comment must be at least 1 character',
  commentLong: `Comment must be at most ${COMMENT_MAX} characters`,
  notEligible:
    'You can review this listing once your booking of it is completed: a stay, rental or appointment when it has ended or the provider has marked it completed, a delivery or ride once it has been delivered',
  duplicate: 'You have already reviewed this listing; you can edit your review instead',
  notAuthor: 'Only the author can edit this review',
  editWindow: 'Reviews can only be edited within 48 hours of posting',
  ownVote: 'You cannot mark your own review as helpful',
  voteNotEligible: 'Only customers with a completed booking can mark reviews as helpful',
  withdrawn: 'This review was withdrawn because its booking was cancelled or refunded, so it can no longer be edited',
  held: 'Thanks! Your review is waiting for a moderator before it appears.',
  reasonRequired: 'A reason is required',
} as const;

const rating = z
  .number({ error: MESSAGES.rating })
  .int({ error: MESSAGES.rating })
  .min(RATING_MIN, { error: MESSAGES.rating })
  .max(RATING_MAX, { error: MESSAGES.rating });

/**
 * Why a review left the rating (reviews.withdrawn_reason), shown to its author: the booking or order behind it was
 * called off and the money given back.
 */
export const WITHDRAWN_REASONS = {
  cancelled: 'Withdrawn: the booking was cancelled',
  refunded: 'Withdrawn: the booking was cancelled and refunded',
  declined: 'Withdrawn: the provider declined the order and refunded it',
} as const;

/** Optional; when given, 1 to 1000 characters (surrounding spaces are not counted). */
const comment = z.string().trim().min(1, { error: MESSAGES.commentEmpty }).max(COMMENT_MAX, { error: MESSAGES.commentLong });

export const ReviewServiceType = z.enum(REVIEWABLE_SERVICE_TYPES, { error: 'This kind of listing cannot be reviewed' });
export type ReviewServiceType = z.infer<typeof ReviewServiceType>;

export const CreateReviewSchema = z.object({
  serviceType: ReviewServiceType,
  serviceId: idField('Invalid service id'),
  rating,
  comment: comment.optional(),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

export const UpdateReviewSchema = z
  .object({ rating: rating.optional(), comment: comment.nullable().optional() })
  .refine((v) => v.rating !== undefined || v.comment !== undefined, { error: 'Nothing to change' });
export type UpdateReview = z.infer<typeof UpdateReviewSchema>;

export const ReviewListQuery = z.object({
  serviceType: ReviewServiceType,
  serviceId: idParam('Invalid service id'),
  sort: z.enum(REVIEW_SORTS).default('recent'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const HideReviewSchema = z.object({ reason: z.string().trim().min(1, { error: MESSAGES.reasonRequired }).max(HIDE_REASON_MAX) });

export const ReviewIdParams = IdParams('Invalid review id');

/** 1-5 stars: how many visible reviews gave each. */
export type Histogram = Record<'1' | '2' | '3' | '4' | '5', number>;
export type RatingSummary = { average: number; count: number; histogram: Histogram };

export type Review = {
  id: number;
  serviceType: string;
  serviceId: number;
  rating: number;
  comment: string | null;
  /** The author's display name (never an e-mail). */
  author: string;
  helpful: number;
  verified: boolean;
  edited: boolean;
  createdAt: string;
  updatedAt: string;
  /** Whether the signed-in viewer marked it helpful; false for anonymous viewers. */
  votedHelpful: boolean;
  /** Whether the signed-in viewer wrote it. */
  mine: boolean;
};

export type ReviewPage = { summary: RatingSummary; reviews: Review[]; page: number; pageSize: number; total: number };

/** POST/PATCH answer: the review, and `held` when the filter held it for a moderator. */
export type ReviewResult = { review: Review; held: boolean; message?: string };

/**
 * A listing the signed-in customer may review (My bookings: a completed order of it), with their review when written;
 * or one whose review was withdrawn (the booking cancelled or refunded), shown on that booking marked withdrawn.
 * `eligible`: a completed order of the listing lets them post (again: a new review replaces a withdrawn one).
 */
export type Reviewable = {
  serviceType: string;
  serviceId: number;
  name: string;
  bookingId: number;
  eligible: boolean;
  review: (Review & { editableUntil: string; hidden: boolean; withdrawn: boolean; withdrawnReason: string | null }) | null;
};

export type AdminReview = Review & {
  listingName: string;
  hidden: boolean;
  hiddenReason: string | null;
  flagged: boolean;
  authorId: number;
  /** Set when the review left the rating because its booking or order was cancelled, declined or refunded. */
  withdrawnReason: string | null;
};

/** Response schemas of the reviews routes, checked against the types above. */
const count = z.number();
export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number(),
  histogram: z.object({ '1': count, '2': count, '3': count, '4': count, '5': count }),
});
assertExact<z.output<typeof RatingSummarySchema>, RatingSummary>(true);

const reviewShape = {
  id: z.number(),
  serviceType: z.string(),
  serviceId: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  author: z.string(),
  helpful: z.number(),
  verified: z.boolean(),
  edited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  votedHelpful: z.boolean(),
  mine: z.boolean(),
};
export const ReviewSchema = z.object(reviewShape).meta({ id: 'Review' });
assertExact<z.output<typeof ReviewSchema>, Review>(true);

export const ReviewPageSchema = z.object({ summary: RatingSummarySchema, reviews: z.array(ReviewSchema), page: z.number(), pageSize: z.number(), total: z.number() });
assertExact<z.output<typeof ReviewPageSchema>, ReviewPage>(true);

export const ReviewResultSchema = z.object({ review: ReviewSchema, held: z.boolean(), message: z.string().optional() });
assertExact<z.output<typeof ReviewResultSchema>, ReviewResult>(true);

export const ReviewableSchema = z.object({
  serviceType: z.string(),
  serviceId: z.number(),
  name: z.string(),
  bookingId: z.number(),
  eligible: z.boolean(),
  review: z.object({ ...reviewShape, editableUntil: z.string(), hidden: z.boolean(), withdrawn: z.boolean(), withdrawnReason: z.string().nullable() }).nullable(),
});
assertExact<z.output<typeof ReviewableSchema>, Reviewable>(true);

export const AdminReviewSchema = z.object({
  ...reviewShape,
  listingName: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  flagged: z.boolean(),
  authorId: z.number(),
  withdrawnReason: z.string().nullable(),
});
assertExact<z.output<typeof AdminReviewSchema>, AdminReview>(true);

/** POST/DELETE /api/reviews/:id/helpful. */
export const HelpfulVoteSchema = z.object({ helpful: z.number(), votedHelpful: z.boolean() });

/** The average as the listing stores it: one decimal, 0 when there are no reviews. */
export function roundedAverage(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  // (sum * 10) / n is exact at a half, so this rounds half up like PostgreSQL's round(numeric, 1).
  return Math.round((sum * 10) / ratings.length) / 10;
}

export function histogramOf(ratings: readonly number[]): Histogram {
  const h: Histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const r of ratings) h[String(r) as keyof Histogram] += 1;
  return h;
}

