import type { CreateReview, ReviewResult, UpdateReview } from '@domain/reviews/schemas';
import { apiJson } from '@client/lib/api';

/** Query keys: one listing's reviews (every sort and page), and the signed-in customer's reviewable listings. */
export const reviewsKey = (serviceType: string, serviceId: number) => ['reviews', serviceType, serviceId] as const;
export const MY_REVIEWS_KEY = ['/api/reviews/mine'] as const;

export const createReview = (body: CreateReview) => apiJson<ReviewResult>('POST', '/api/reviews', body);
export const updateReview = (id: number, body: UpdateReview) => apiJson<ReviewResult>('PATCH', `/api/reviews/${id}`, body);
export const markHelpful = (id: number, on: boolean) =>
  apiJson<{ helpful: number; votedHelpful: boolean }>(on ? 'POST' : 'DELETE', `/api/reviews/${id}/helpful`);
