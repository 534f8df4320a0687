/**
 * How a listing's rating reads on its card. Apart from the review schemas (schemas.ts) so that a card on the home
 * page's first screen does not load them.
 */

/** "4.5" for a rated listing, "New" for one without reviews. */
export function ratingLabel(rating: number, reviewCount: number): string {
  return reviewCount > 0 ? rating.toFixed(1) : 'New';
}
