/**
 * The one registry of listing kinds (ADR 013). Each of the nine kinds of listing is named here in every vocabulary
 * the app uses, so code that needs to go from one name to another looks it up instead of switching on strings:
 *
 *   serviceType  booking lines, cart items, chat and reviews ('food-delivery', 'taxi', 'services')
 *   collection   the admin API and the 'catalogue.changed' event ('restaurants', 'taxi-rides')
 *   lineType     the Unified Booking tab's line type ('restaurant', 'service')
 *   section      the home page section anchor ('food-delivery', 'car-rental')
 *   adminTab     the admin dashboard tab id ('taxi', 'general')
 *
 * The server keeps each kind's table, mappers and money fields in server/modules/catalogue/kinds.ts, keyed by the
 * same ListingKind. Adding a kind: add it here (the types then point at every other place that must know it).
 */
import type { ServiceType } from '../bookings/schemas';

export const LISTING_KIND_KEYS = [
  'restaurant',
  'hotel',
  'flight',
  'car',
  'property',
  'taxi-ride',
  'shipping-rate',
  'general-service',
  'additional-service',
] as const;
export type ListingKind = (typeof LISTING_KIND_KEYS)[number];

/** The admin collection names of the listing kinds (the 'catalogue.changed' event's `kind`). */
export const LISTING_COLLECTIONS = [
  'restaurants',
  'hotels',
  'flights',
  'cars',
  'properties',
  'taxi-rides',
  'shipping-rates',
  'additional-services',
  'general-services',
] as const;
export type ListingCollection = (typeof LISTING_COLLECTIONS)[number];

export type UnifiedLineType = 'restaurant' | 'hotel' | 'flight' | 'car' | 'taxi' | 'property' | 'shipping' | 'service';

export type ListingKindInfo = {
  kind: ListingKind;
  serviceType: ServiceType;
  collection: ListingCollection;
  lineType: UnifiedLineType;
  /** Home page section anchor. */
  section: string;
  /** Admin dashboard tab id. */
  adminTab: string;
  /** Admin tab label. */
  adminLabel: string;
  /** One listing, for people ("Hotel"). */
  label: string;
  /** The service, for people ("Car rental"). */
  serviceLabel: string;
  /** The row field naming one listing. */
  nameKey: string;
  /** The listing has a stored rating and review count that its visible reviews keep up to date. */
  rated: boolean;
  /** Customers may review it after booking (and paying) it. */
  reviewable: boolean;
  /** A booking of it is fulfilled by a delivery order (reviewable only once the delivery is completed). */
  delivered: boolean;
  /** Conversations with the listing's owner are possible (it has an owner column). */
  chat: boolean;
};

export const LISTING_KINDS = {
  restaurant: {
    kind: 'restaurant',
    serviceType: 'food-delivery',
    collection: 'restaurants',
    lineType: 'restaurant',
    section: 'food-delivery',
    adminTab: 'restaurants',
    adminLabel: 'Restaurants',
    label: 'Restaurant',
    serviceLabel: 'Food delivery',
    nameKey: 'name',
    rated: true,
    reviewable: true,
    delivered: true,
    chat: true,
  },
  hotel: {
    kind: 'hotel',
    serviceType: 'hotels',
    collection: 'hotels',
    lineType: 'hotel',
    section: 'hotels',
    adminTab: 'hotels',
    adminLabel: 'Hotels',
    label: 'Hotel',
    serviceLabel: 'Hotels',
    nameKey: 'name',
    rated: true,
    reviewable: true,
    delivered: false,
    chat: true,
  },
  flight: {
    kind: 'flight',
    serviceType: 'flights',
    collection: 'flights',
    lineType: 'flight',
    section: 'flights',
    adminTab: 'flights',
    adminLabel: 'Flights',
    label: 'Flight',
    serviceLabel: 'Flights',
    nameKey: 'flightNumber',
    rated: false,
    reviewable: false,
    delivered: false,
    chat: true,
  },
  car: {
    kind: 'car',
    serviceType: 'cars',
    collection: 'cars',
    lineType: 'car',
    section: 'car-rental',
    adminTab: 'cars',
    adminLabel: 'Cars',
    label: 'Car',
    serviceLabel: 'Car rental',
    nameKey: 'model',
    rated: true,
    reviewable: true,
    delivered: false,
    chat: true,
  },
  property: {
    kind: 'property',
    serviceType: 'properties',
    collection: 'properties',
    lineType: 'property',
    section: 'property',
    adminTab: 'properties',
    adminLabel: 'Properties',
    label: 'Property',
    serviceLabel: 'Property rental',
    nameKey: 'title',
    rated: true,
    reviewable: true,
    delivered: false,
    chat: true,
  },
  'taxi-ride': {
    kind: 'taxi-ride',
    serviceType: 'taxi',
    collection: 'taxi-rides',
    lineType: 'taxi',
    section: 'taxi',
    adminTab: 'taxi',
    adminLabel: 'Taxi',
    label: 'Taxi ride',
    serviceLabel: 'Taxi',
    nameKey: 'type',
    rated: true,
    reviewable: true,
    delivered: true,
    chat: true,
  },
  'shipping-rate': {
    kind: 'shipping-rate',
    serviceType: 'shipping',
    collection: 'shipping-rates',
    lineType: 'shipping',
    section: 'shipping',
    adminTab: 'shipping',
    adminLabel: 'Shipping',
    label: 'Shipping rate',
    serviceLabel: 'Shipping',
    nameKey: 'name',
    rated: false,
    reviewable: false,
    delivered: true,
    chat: true,
  },
  'general-service': {
    kind: 'general-service',
    serviceType: 'general-services',
    collection: 'general-services',
    lineType: 'service',
    section: 'general',
    adminTab: 'general',
    adminLabel: 'General',
    label: 'General service',
    serviceLabel: 'General services',
    nameKey: 'name',
    rated: true,
    reviewable: true,
    delivered: false,
    chat: true,
  },
  'additional-service': {
    kind: 'additional-service',
    serviceType: 'services',
    collection: 'additional-services',
    lineType: 'service',
    section: 'additional-services',
    adminTab: 'additional',
    adminLabel: 'Additional',
    label: 'Additional service',
    serviceLabel: 'Additional services',
    nameKey: 'name',
    rated: false,
    reviewable: false,
    delivered: false,
    chat: false,
  },
} as const satisfies Record<ListingKind, ListingKindInfo>;

export const LISTING_KIND_LIST: readonly ListingKindInfo[] = LISTING_KIND_KEYS.map((k): ListingKindInfo => LISTING_KINDS[k]);

const byServiceType = new Map<string, ListingKindInfo>(LISTING_KIND_LIST.map((k) => [k.serviceType, k]));
const byCollection = new Map<string, ListingKindInfo>(LISTING_KIND_LIST.map((k) => [k.collection, k]));

/** The kind a booking serviceType names ('food-delivery' → restaurant); undefined for anything else. */
export function kindOfServiceType(serviceType: string): ListingKindInfo | undefined {
  return byServiceType.get(serviceType);
}

/** The kind an admin collection names ('taxi-rides' → taxi ride); undefined for non-listing collections. */
export function kindOfCollection(collection: string): ListingKindInfo | undefined {
  return byCollection.get(collection);
}

/** The booking serviceType of each kind customers can review (`reviewable: true` above). */
export type ReviewableServiceType = {
  [K in ListingKind]: (typeof LISTING_KINDS)[K] extends { reviewable: true } ? (typeof LISTING_KINDS)[K]['serviceType'] : never;
}[ListingKind];

/**
 * The booking serviceTypes of the kinds customers can review. Typed as {@link ReviewableServiceType} (a filter cannot
 * narrow by itself), so the reviews schemas' type is the set the API accepts, not every serviceType.
 */
export const REVIEWABLE_SERVICE_TYPES = LISTING_KIND_LIST.filter((k) => k.reviewable).map((k) => k.serviceType) as [
  ReviewableServiceType,
  ...ReviewableServiceType[],
];
