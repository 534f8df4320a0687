import { z } from 'zod';
import { assertExact } from '../exact';
import type * as T from './types';
import { WeeklyHoursSchema } from '../availability/hours-schema';

/**
 * Response schemas of the public catalogue (the OpenAPI document and the reply serializer use them). Each is checked
 * against its hand-written type in types.ts, so the two cannot drift apart.
 */
const coordinate = z.number().nullable();

export const RestaurantSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    cuisine: z.string(),
    rating: z.number(),
    reviewCount: z.number(),
    deliveryTime: z.string(),
    deliveryFee: z.number(),
    image: z.string(),
    phone: z.string(),
    address: z.string(),
    lat: coordinate,
    lng: coordinate,
    deliveryRadiusKm: z.number(),
    hours: WeeklyHoursSchema.nullable(),
  })
  .meta({ id: 'Restaurant' });
assertExact<z.output<typeof RestaurantSchema>, T.Restaurant>(true);

export const MenuItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    price: z.number(),
    category: z.string().optional(),
    available: z.boolean().optional(),
  })
  .meta({ id: 'MenuItem' });
assertExact<z.output<typeof MenuItemSchema>, T.MenuItem>(true);

export const HotelSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    location: z.string(),
    image: z.string(),
    rating: z.number(),
    reviewCount: z.number(),
    starRating: z.number(),
    pricePerNight: z.number(),
    amenities: z.array(z.string()),
    description: z.string(),
    maxGuests: z.number(),
    rooms: z.number(),
    lat: coordinate,
    lng: coordinate,
    unitsLeft: z.number().optional(),
  })
  .meta({ id: 'Hotel' });
assertExact<z.output<typeof HotelSchema>, T.Hotel>(true);

export const FlightSchema = z
  .object({
    id: z.number(),
    airline: z.string(),
    flightNumber: z.string(),
    departureCity: z.string(),
    arrivalCity: z.string(),
    departureTime: z.string(),
    arrivalTime: z.string(),
    price: z.number(),
    duration: z.string(),
    image: z.string(),
    date: z.string().optional(),
    arrivalDate: z.string().optional(),
    seats: z.number(),
    unitsLeft: z.number().optional(),
  })
  .meta({ id: 'Flight' });
assertExact<z.output<typeof FlightSchema>, T.Flight>(true);

const ShippingSpeedSchema = z.enum(['standard', 'express', 'overnight']);

export const ShippingRateSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    basePrice: z.number(),
    pricePerLb: z.number(),
    speed: ShippingSpeedSchema,
    image: z.string(),
    deliveryTime: z.string(),
  })
  .meta({ id: 'ShippingRate' });
assertExact<z.output<typeof ShippingRateSchema>, T.ShippingRate>(true);

export const CarSchema = z
  .object({
    id: z.number(),
    model: z.string(),
    category: z.string(),
    seats: z.number(),
    luggage: z.number(),
    pricePerDay: z.number(),
    rating: z.number(),
    reviewCount: z.number(),
    image: z.string(),
    company: z.string(),
    location: z.string(),
    fleet: z.number(),
    lat: coordinate,
    lng: coordinate,
    unitsLeft: z.number().optional(),
  })
  .meta({ id: 'Car' });
assertExact<z.output<typeof CarSchema>, T.Car>(true);

const taxiRideShape = {
  id: z.number(),
  type: z.string(),
  description: z.string(),
  icon: z.string(),
  passengers: z.number(),
  priceEstimate: z.string(),
  estimatedTime: z.string(),
  waitTime: z.string(),
  baseFare: z.number(),
  perKm: z.number(),
  image: z.string(),
  rating: z.number(),
  reviewCount: z.number(),
};
export const TaxiRideSchema = z.object(taxiRideShape).meta({ id: 'TaxiRide' });
assertExact<z.output<typeof TaxiRideSchema>, T.TaxiRide>(true);

export const TaxiQuoteSchema = z.object({
  distanceKm: z.number(),
  rides: z.array(z.object({ ...taxiRideShape, estimatedPrice: z.number(), estimatedArrival: z.string() })),
});
assertExact<z.output<typeof TaxiQuoteSchema>, T.TaxiQuote>(true);

export const ShippingQuoteSchema = z.object({
  price: z.number().nullable(),
  carrier: z.string().nullable(),
  deliveryTime: z.string(),
  speed: ShippingSpeedSchema,
  billableWeight: z.number(),
  rates: z.array(z.object({ id: z.number(), name: z.string(), price: z.number(), deliveryTime: z.string() })),
});
assertExact<z.output<typeof ShippingQuoteSchema>, T.ShippingQuote>(true);

export const PropertySchema = z
  .object({
    id: z.number(),
    title: z.string(),
    location: z.string(),
    type: z.string(),
    bedrooms: z.number(),
    bathrooms: z.number(),
    sqft: z.number(),
    pricePerMonth: z.number(),
    rating: z.number(),
    reviewCount: z.number(),
    image: z.string(),
    description: z.string(),
    amenities: z.array(z.string()),
    lat: coordinate,
    lng: coordinate,
    unitsLeft: z.number().optional(),
  })
  .meta({ id: 'Property' });
assertExact<z.output<typeof PropertySchema>, T.Property>(true);

export const AdditionalServiceSchema = z
  .object({ id: z.number(), name: z.string(), description: z.string(), category: z.string(), icon: z.string(), price: z.number() })
  .meta({ id: 'AdditionalService' });
assertExact<z.output<typeof AdditionalServiceSchema>, T.AdditionalService>(true);

export const GeneralServiceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    serviceType: z.string(),
    price: z.string(),
    priceFrom: z.number(),
    duration: z.string(),
    availability: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    serviceArea: z.string(),
    features: z.array(z.string()),
    requirements: z.array(z.string()),
    country: z.string(),
    experience: z.string(),
    specializations: z.array(z.string()),
    languages: z.array(z.string()),
    rating: z.number(),
    reviewCount: z.number(),
    appointmentMinutes: z.number().nullable(),
  })
  .meta({ id: 'GeneralService' });
assertExact<z.output<typeof GeneralServiceSchema>, T.GeneralService>(true);
