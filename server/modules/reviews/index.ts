/** The reviews module's front door: /api/reviews and /api/admin/reviews, and the reactions that withdraw a review. */
export { reviewsRoutes } from './routes';
export { registerReviews } from './subscribers';
