import { LISTING_KINDS } from '@domain/catalogue/kinds';
import { formatDistance, formatMoney } from '@domain/format';
import type { SearchKind } from './search-query';

/**
 * How one search result reads on the results page: its kind, place, price in its unit, rating and distance. A result
 * carries every field of its kind's list route (domain/catalogue/types.ts) besides kind, name, city, lat, lng and
 * distanceKm, so the price and place come from the kind's own fields.
 */
type Fields = { kind: SearchKind; city?: string | null; distanceKm?: number } & Record<string, unknown>;

/** 'Restaurant', 'Hotel', 'General service'. */
export function kindLabel(kind: SearchKind): string {
  return LISTING_KINDS[kind].label;
}

/** Plural nouns for counts ('3 hotels'). */
export const KIND_PLURALS: Record<SearchKind, string> = {
  restaurant: 'Restaurants',
  hotel: 'Hotels',
  flight: 'Flights',
  car: 'Cars',
  property: 'Properties',
  'taxi-ride': 'Taxi rides',
  'shipping-rate': 'Shipping rates',
  'general-service': 'General services',
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The price fields of each kind, in dollars, first present wins (`price` is the one the search sorts and bands by). */
const PRICE_FIELDS: Record<SearchKind, string[]> = {
  restaurant: ['price', 'priceFrom', 'minPrice'],
  hotel: ['pricePerNight', 'price'],
  flight: ['price'],
  car: ['pricePerDay', 'price'],
  property: ['pricePerMonth', 'price'],
  'taxi-ride': ['baseFare', 'price'],
  'shipping-rate': ['basePrice', 'price'],
  'general-service': ['priceFrom', 'price'],
};

/** The price in its unit: '$120.00 / night', 'From $50.00', 'Dishes from $4.99'; null when the result has none. */
export function priceText(item: Fields): string | null {
  const amount = PRICE_FIELDS[item.kind].map((f) => num(item[f])).find((v) => v !== null);
  if (amount === undefined || amount === null) {
    // A restaurant's list fields carry no dish price: its delivery fee is what every order pays.
    const fee = item.kind === 'restaurant' ? num(item.deliveryFee) : null;
    return fee === null ? null : `${formatMoney(fee)} delivery`;
  }
  const money = formatMoney(amount);
  switch (item.kind) {
    case 'restaurant':
      return `Dishes from ${money}`;
    case 'hotel':
      return `${money} / night`;
    case 'flight':
      return `${money} / seat`;
    case 'car':
      return `${money} / day`;
    case 'property':
      return `${money} / month`;
    case 'taxi-ride':
      return `${money} base fare`;
    case 'shipping-rate':
      return `From ${money}`;
    case 'general-service':
      return `From ${money}`;
  }
}

/** Where it is: the listing's address or area, else its city; a flight's route. */
export function placeText(item: Fields): string | null {
  switch (item.kind) {
    case 'flight': {
      const from = str(item.departureCity);
      const to = str(item.arrivalCity);
      return from && to ? `${from} → ${to}` : null;
    }
    case 'restaurant':
      return str(item.address) ?? str(item.city);
    case 'hotel':
    case 'property':
      return str(item.location) ?? str(item.city);
    case 'car':
      return [str(item.company), str(item.location) ?? str(item.city)].filter(Boolean).join(' · ') || null;
    case 'general-service':
      return str(item.serviceArea) ?? str(item.city);
    default:
      return str(item.city);
  }
}

/** What a result adds under its name: the cuisine, the stars, the property type, the category. */
export function detailText(item: Fields): string | null {
  switch (item.kind) {
    case 'restaurant':
      return str(item.cuisine);
    case 'hotel': {
      const stars = num(item.starRating);
      return stars ? `${stars}-star hotel` : null;
    }
    case 'property':
      return str(item.type);
    case 'car':
    case 'general-service':
      return str(item.category);
    case 'flight':
      return str(item.airline);
    default:
      return str(item.description);
  }
}

/** '2.3 km away', or null without a place to measure from. */
export function distanceText(item: Fields): string | null {
  return typeof item.distanceKm === 'number' ? `${formatDistance(item.distanceKm)} away` : null;
}

/** The rating and its reviews, or null for kinds that are not rated. */
export function ratingOf(item: Fields): { rating: number; reviewCount: number } | null {
  const rating = num(item.rating);
  if (rating === null || !LISTING_KINDS[item.kind].rated) return null;
  return { rating, reviewCount: num(item.reviewCount) ?? 0 };
}
