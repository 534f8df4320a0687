/**
 * How an approved registration becomes a public catalogue row. Pure functions from the submitted form (as the
 * shared schema parsed it) to insert values; service.ts writes them.
 *
 * The forms collect free text ("$2.99", "30", "2 nights"), so numbers are parsed leniently with documented
 * fallbacks. Listing prices the forms only give as a band ($..$$$$) use a representative price per band:
 *   hotel per night:  $ 79,  $$ 179, $$$ 379, $$$$ 699   (bands: <100, 100-250, 250-500, 500+)
 *   car per day:      $ 35,  $$  75, $$$ 149, $$$$ 249   (bands: 20-50, 50-100, 100-200, 200+)
 * The provider (or an admin) edits the exact price afterwards.
 */
import type {
  CarRentalRegistration,
  CourierRegistration,
  GeneralServiceRegistration,
  HotelRegistration,
  PriceBand,
  PropertyRegistration,
  RestaurantRegistration,
  TaxiRegistration,
} from '../../../domain/onboarding';
import type { cars, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const HOTEL_BAND_CENTS: Record<PriceBand, number> = { $: 7900, $$: 17900, $$$: 37900, $$$$: 69900 };
export const CAR_BAND_CENTS: Record<PriceBand, number> = { $: 3500, $$: 7500, $$$: 14900, $$$$: 24900 };
/** New shipping services start at the seed's standard rate; the admin adjusts them. */
export const SHIPPING_BASE_CENTS = 1299;
export const SHIPPING_PER_LB_CENTS = 90;
/** New taxi services start at the Economy fares (spec 000 section 9). */
export const TAXI_BASE_FARE_CENTS = 350;
export const TAXI_PER_KM_CENTS = 125;

/** The first amount in a text like "$2.99", "2,50" or "$50 - $120", in cents; null when there is none. */
export function firstAmountCents(text: string): number | null {
  const match = /(\d+(?:[.,]\d{1,2})?)/.exec(text.replace(/(\d),(\d{3})/g, '$1$2'));
  if (!match) return null;
  const cents = Math.round(Number(match[1].replace(',', '.')) * 100);
  return Number.isFinite(cents) ? cents : null;
}

/** The first whole number in a text ("2 bedrooms" → 2), else `fallback`. */
export function firstInteger(text: string | undefined, fallback: number, max = 1_000_000): number {
  const match = /\d+/.exec(text ?? '');
  if (!match) return fallback;
  return Math.min(Number(match[0]), max);
}

/** "30" → "30 min"; "25-35" → "25-35 min"; anything with words stays as written. */
export function deliveryTimeText(text: string): string {
  return /^\d+(\s*-\s*\d+)?$/.test(text.trim()) ? `${text.trim()} min` : text.trim();
}

/** The catalogue's property types (the customer filters); close form types map onto them. */
export function cataloguePropertyType(type: string): string {
  switch (type) {
    case 'Villa':
    case 'Cottage':
    case 'Townhouse':
    case 'Cabin':
    case 'Chalet':
      return 'House';
    case 'Loft':
      return 'Apartment';
    default:
      return type;
  }
}

/** Shipping speed tier for a courier service type. */
export function shippingSpeed(serviceType: string): 'standard' | 'express' | 'overnight' {
  if (serviceType === 'Same-Day Delivery') return 'overnight';
  if (serviceType === 'Express Courier' || serviceType === 'Document Delivery') return 'express';
  return 'standard';
}

const placeholder = (tag: string) => `/api/placeholder/400/300?random=${tag}`;
const withCountry = (location: string, country: string) => (location.includes(country) ? location : `${location}, ${country}`);

export function restaurantValues(d: RestaurantRegistration, regId: number, ownerId: number | null): Insert<typeof restaurants> {
  return {
    name: d.name,
    description: d.description,
    cuisine: d.cuisine,
    image: placeholder(`r${regId}`),
    deliveryTime: deliveryTimeText(d.avgDeliveryTime),
    deliveryFeeCents: firstAmountCents(d.deliveryFee) ?? 0,
    phone: d.phone,
    address: withCountry(d.location, d.country),
    isActive: true,
    ownerId,
  };
}

export function hotelValues(d: HotelRegistration, regId: number, ownerId: number | null): Insert<typeof hotels> {
  return {
    name: d.name,
    location: withCountry(d.location, d.country),
    description: d.description,
    image: placeholder(`h${regId}`),
    pricePerNightCents: HOTEL_BAND_CENTS[d.priceRange],
    starRating: Number(d.starRating),
    amenities: d.amenities,
    rooms: firstInteger(d.totalRooms, 10, 10_000) || 10,
    isActive: true,
    ownerId,
  };
}

export function carValues(d: CarRentalRegistration, regId: number, ownerId: number | null): Insert<typeof cars> {
  const category = /[A-Za-z][A-Za-z-]*/.exec(d.carCategories)?.[0] ?? 'Standard';
  return {
    model: `${d.companyName} fleet`,
    category: category.charAt(0).toUpperCase() + category.slice(1),
    seats: 5,
    luggage: 2,
    pricePerDayCents: CAR_BAND_CENTS[d.priceRange],
    image: placeholder(`c${regId}`),
    company: d.companyName,
    location: withCountry(d.location, d.country),
    isActive: true,
    ownerId,
  };
}

export function shippingValues(d: CourierRegistration, regId: number, ownerId: number | null): Insert<typeof shippingRates> {
  return {
    name: `${d.companyName} ${d.serviceType}`,
    description: d.description,
    deliveryTime: d.deliveryTimeframes,
    speed: shippingSpeed(d.serviceType),
    basePriceCents: SHIPPING_BASE_CENTS,
    pricePerLbCents: SHIPPING_PER_LB_CENTS,
    image: placeholder(`s${regId}`),
    isActive: true,
    ownerId,
  };
}

export function taxiValues(d: TaxiRegistration, regId: number, ownerId: number | null): Insert<typeof taxiRides> {
  return {
    type: `${d.companyName} ${d.serviceType}`,
    description: d.description,
    icon: 'car',
    passengers: 4,
    baseFareCents: TAXI_BASE_FARE_CENTS,
    perKmCents: TAXI_PER_KM_CENTS,
    priceEstimate: '$6-25',
    estimatedTime: '5 min',
    waitTime: '2-4 min',
    image: placeholder(`t${regId}`),
    company: d.companyName,
    isActive: true,
    ownerId,
  };
}

export function propertyValues(d: PropertyRegistration, regId: number, ownerId: number | null): Insert<typeof properties> {
  return {
    title: d.title,
    location: withCountry(d.location, d.country),
    type: cataloguePropertyType(d.propertyType),
    bedrooms: firstInteger(d.bedrooms, 0, 100),
    bathrooms: firstInteger(d.bathrooms, 1, 100),
    sqft: firstInteger(d.propertySize, 0),
    pricePerMonthCents: (firstAmountCents(d.pricePerNight) ?? 0) * 30,
    image: placeholder(`p${regId}`),
    description: d.description,
    amenities: d.amenities,
    isActive: true,
    ownerId,
  };
}

export function generalServiceValues(d: GeneralServiceRegistration, ownerId: number | null): Insert<typeof generalServices> {
  return {
    name: d.name,
    description: d.description,
    category: d.category,
    serviceType: d.serviceType,
    price: d.price,
    priceCents: firstAmountCents(d.price) ?? 0,
    duration: d.duration,
    availability: d.availability,
    contactEmail: d.contactEmail,
    contactPhone: d.contactPhone,
    serviceArea: d.serviceArea,
    features: d.features,
    requirements: d.requirements,
    country: d.country,
    businessLicense: d.businessLicense,
    insurance: d.insurance,
    experience: d.experience,
    specializations: d.specializations,
    languages: d.languages,
    isActive: true,
    ownerId,
  };
}
