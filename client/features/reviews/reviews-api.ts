import type { CreateReview, ReviewServiceType, ReviewSort, UpdateReview } from '@domain/reviews/schemas';
import { apiDelete, apiKey, apiPatch, apiPost } from '@client/lib/api';

/**
 * Query keys: one listing's reviews (every sort and page; with `sort`, that order's), and the signed-in customer's
 * reviewable listings.
 */
export const reviewsKey = (serviceType: ReviewServiceType, serviceId: number, sort?: ReviewSort) =>
  apiKey('/api/reviews', { query: sort === undefined ? { serviceType, serviceId } : { serviceType, serviceId, sort } });
export const MY_REVIEWS_KEY = apiKey('/api/reviews/mine');

export const createReview = (body: CreateReview) => apiPost('/api/reviews', { body });
export const updateReview = (id: number, body: UpdateReview) => apiPatch('/api/reviews/{id}', { params: { path: { id } }, body });
export const markHelpful = (id: number, on: boolean) =>
  on ? apiPost('/api/reviews/{id}/helpful', { params: { path: { id } } }) : apiDelete('/api/reviews/{id}/helpful', { params: { path: { id } } });
