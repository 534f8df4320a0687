import { describe, expect, it } from 'vitest';
import { histogramOf, roundedAverage, CreateReviewSchema, MESSAGES, WITHDRAWN_REASONS, type Reviewable } from '@domain/reviews/schemas';
import { withdrawnNote } from './my-reviews';
import { ratingLabel } from '@domain/reviews/rating-label';
import { reviewPromptShown } from '@client/features/tracking/tracking-details';

describe('review display rules', () => {
  it("shows 'New' for a listing without reviews, never 0.0", () => {
    expect(ratingLabel(0, 0)).toBe('New');
    expect(ratingLabel(4.5, 10)).toBe('4.5');
    expect(ratingLabel(4, 1)).toBe('4.0');
  });

  it('averages to one decimal, half up, and counts stars', () => {
    expect(roundedAverage([])).toBe(0);
    expect(roundedAverage([4, 5])).toBe(4.5);
    expect(roundedAverage([4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 4, 4, 5, 5, 5, 4, 4, 4, 5, 4])).toBe(4.5);
    expect(roundedAverage([5, 4, 4])).toBe(4.3);
    expect(histogramOf([5, 5, 1])).toEqual({ '1': 1, '2': 0, '3': 0, '4': 0, '5': 2 });
  });

  it('refuses ratings outside 1-5 or fractional, and comments over 1000 characters', () => {
    const base = { serviceType: 'hotels', serviceId: 1 };
    for (const rating of [0, 6, 2.5]) {
      const r = CreateReviewSchema.safeParse({ ...base, rating });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(MESSAGES.rating);
    }
    expect(CreateReviewSchema.safeParse({ ...base, rating: 3, comment: 'x'.repeat(1001) }).error?.issues[0].message).toBe(MESSAGES.commentLong);
    expect(CreateReviewSchema.safeParse({ ...base, rating: 3, comment: 'x'.repeat(1000) }).success).toBe(true);
    expect(CreateReviewSchema.safeParse({ serviceType: 'flights', serviceId: 1, rating: 3 }).success).toBe(false);
  });

  it('asks for a review when a delivery or ride is done, not for shipments or before', () => {
    expect(reviewPromptShown({ serviceType: 'delivery', orderStatus: 'delivered' })).toBe(true);
    expect(reviewPromptShown({ serviceType: 'ride', orderStatus: 'completed' })).toBe(true);
    expect(reviewPromptShown({ serviceType: 'ride', orderStatus: 'transit' })).toBe(false);
    expect(reviewPromptShown({ serviceType: 'shipping', orderStatus: 'completed' })).toBe(false);
  });
});

describe('My bookings: a withdrawn review', () => {
  const review = {
    id: 7,
    serviceType: 'hotels',
    serviceId: 3,
    rating: 1,
    comment: 'Terrible',
    author: 'sam',
    helpful: 0,
    verified: true,
    edited: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    votedHelpful: false,
    mine: true,
    editableUntil: '2999-01-01T00:00:00.000Z',
    hidden: false,
    withdrawn: true,
    withdrawnReason: WITHDRAWN_REASONS.refunded,
  };
  const target = { serviceType: 'hotels', serviceId: 3, name: 'Harbour Hotel', bookingId: 11 };

  it('says it was withdrawn and why', () => {
    expect(withdrawnNote({ ...target, eligible: false, review } satisfies Reviewable)).toBe(
      'Your review of Harbour Hotel was withdrawn (the booking was cancelled and refunded) and no longer counts',
    );
  });

  it('says nothing of a review that counts, or of a withdrawn one a completed stay lets its author replace', () => {
    expect(withdrawnNote({ ...target, eligible: true, review: { ...review, withdrawn: false, withdrawnReason: null } })).toBeNull();
    expect(withdrawnNote({ ...target, eligible: true, review })).toBeNull();
    expect(withdrawnNote({ ...target, eligible: true, review: null })).toBeNull();
  });
});
