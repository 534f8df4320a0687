/**
 * The provider portal's listing kinds in one place: each kind's table, the public mapper, its display name and
 * the dollar fields of its edit schema with their cents columns. (Issue 11's listing-kind registry had not landed
 * when this was written; when it does, this map folds into it.)
 */
import type { ProviderKind } from '../../../domain/provider/schemas';
import { cars, flights, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';
import { toApi } from '../catalogue/mappers';

type AnyRow = Record<string, unknown> & { id: number; isActive: boolean; ownerId: number | null; image?: string; changedAt: Date | null };

export type KindSpec = {
  table:
    | typeof restaurants
    | typeof hotels
    | typeof cars
    | typeof properties
    | typeof taxiRides
    | typeof shippingRates
    | typeof generalServices
    | typeof flights;
  /** The public API shape of a row. */
  toApi: (row: never) => Record<string, unknown>;
  /** The name the provider knows the listing by. */
  nameOf: (row: never) => string;
  /** Dollar field of the edit schema -> cents column. */
  money: Record<string, string>;
  /** booking_items.service_type of bookings of this kind (null: not bookable as a line). */
  serviceType: string | null;
};

export const PROVIDER_KIND_SPECS: Record<ProviderKind, KindSpec> = {
  restaurants: {
    table: restaurants,
    toApi: toApi.restaurant,
    nameOf: (r: typeof restaurants.$inferSelect) => r.name,
    money: { deliveryFee: 'deliveryFeeCents' },
    serviceType: 'food-delivery',
  },
  hotels: {
    table: hotels,
    toApi: toApi.hotel,
    nameOf: (r: typeof hotels.$inferSelect) => r.name,
    money: { pricePerNight: 'pricePerNightCents' },
    serviceType: 'hotel',
  },
  cars: {
    table: cars,
    toApi: toApi.car,
    nameOf: (r: typeof cars.$inferSelect) => (r.company ? `${r.company} ${r.model}` : r.model),
    money: { pricePerDay: 'pricePerDayCents' },
    serviceType: 'car-rental',
  },
  properties: {
    table: properties,
    toApi: toApi.property,
    nameOf: (r: typeof properties.$inferSelect) => r.title,
    money: { pricePerMonth: 'pricePerMonthCents' },
    serviceType: 'property',
  },
  'taxi-rides': {
    table: taxiRides,
    toApi: toApi.taxiRide,
    nameOf: (r: typeof taxiRides.$inferSelect) => r.type,
    money: { baseFare: 'baseFareCents', perKm: 'perKmCents' },
    serviceType: 'taxi',
  },
  'shipping-rates': {
    table: shippingRates,
    toApi: toApi.shippingRate,
    nameOf: (r: typeof shippingRates.$inferSelect) => r.name,
    money: { basePrice: 'basePriceCents', pricePerLb: 'pricePerLbCents' },
    serviceType: 'shipping',
  },
  'general-services': {
    table: generalServices,
    toApi: toApi.generalService,
    nameOf: (r: typeof generalServices.$inferSelect) => r.name,
    money: { priceFrom: 'priceCents' },
    serviceType: 'general-service',
  },
  flights: {
    table: flights,
    toApi: toApi.flight,
    nameOf: (r: typeof flights.$inferSelect) => `${r.airline} ${r.flightNumber}`,
    money: { price: 'priceCents' },
    serviceType: 'flight',
  },
};

export type ListingRow = AnyRow;
