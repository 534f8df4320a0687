/**
 * How an approved registration becomes a public catalogue row. Pure functions from the submitted form (as the
 * shared schema parsed it) to insert values; service.ts writes them.
 *
 * The forms collect free text ("$2.99", "30", "2 nights"), so descriptive numbers are parsed leniently with
 * documented fallbacks. Prices are never invented: every price a customer pays comes from the registration's price
 * fields (nightly rate, daily rate, monthly rent, base fare and per km, base price and per lb, starting price, the
 * menu), which the approval checks first (missingPriceReason); the provider edits them in the portal afterwards.
 */
import { DEFAULT_DELIVERY_RADIUS_KM, deliveryRadiusOfText } from '../../../domain/orders/reach';
import type {
  CarRentalRegistration,
  CourierRegistration,
  GeneralServiceRegistration,
  HotelRegistration,
  PropertyRegistration,
  RestaurantRegistration,
  TaxiRegistration,
} from '../../../domain/onboarding';
import { dollarsToCents } from '../../../domain/catalogue/money';
import { parseAppointmentMinutes, parseWeeklyHours, type WeeklyHours } from '../../../domain/availability/hours';
import { locationDirectory } from '../locations';
import type { RegistrationMenuItem } from '../../../domain/onboarding';
import type { cars, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A validated price text ("12.50") in cents. */
export const priceCents = (text: string): number => dollarsToCents(text);

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

/** Generated artwork of the listing's kind and subject until the provider uploads a photo (catalogue/placeholder.ts). */
const artwork = (kind: string, subject: string) => `/api/placeholder/400/300?kind=${kind}&subject=${encodeURIComponent(subject)}`;
const withCountry = (location: string, country: string) => (location.includes(country) ? location : `${location}, ${country}`);

/** The registration's map pin as the listing's coordinates (numeric(9,6) columns). */
export function point(d: { lat: number; lng: number }): { lat: string; lng: string } {
  return { lat: d.lat.toFixed(6), lng: d.lng.toFixed(6) };
}

export function restaurantValues(d: RestaurantRegistration, regId: number, ownerId: number | null): Insert<typeof restaurants> {
  return {
    name: d.name,
    description: d.description,
    cuisine: d.cuisine,
    image: artwork('restaurant', d.cuisine),
    deliveryTime: deliveryTimeText(d.avgDeliveryTime),
    deliveryFeeCents: firstAmountCents(d.deliveryFee) ?? 0,
    // The radius the registration names ('5 km'); the default when it names no distance.
    deliveryRadiusKm: (deliveryRadiusOfText(d.deliveryRadius) ?? DEFAULT_DELIVERY_RADIUS_KM).toFixed(1),
    phone: d.phone,
    address: withCountry(d.location, d.country),
    ...point(d),
    // The registration's hours as text, read where they can be ('Mon-Sun 11:00-22:00'); the portal edits them.
    openingHours: weeklyHours(d.openingHours, d.location),
    isActive: true,
    ownerId,
  };
}

export function hotelValues(d: HotelRegistration, regId: number, ownerId: number | null): Insert<typeof hotels> {
  return {
    name: d.name,
    location: withCountry(d.location, d.country),
    ...point(d),
    description: d.description,
    image: artwork('hotel', d.hotelType),
    pricePerNightCents: priceCents(d.nightlyRate),
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
    pricePerDayCents: priceCents(d.dailyRate),
    image: artwork('car', category),
    company: d.companyName,
    location: withCountry(d.location, d.country),
    ...point(d),
    fleet: firstInteger(d.fleetSize, 3, 10_000) || 3,
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
    basePriceCents: priceCents(d.basePrice),
    pricePerLbCents: priceCents(d.pricePerLb),
    image: artwork('shipping', d.serviceType),
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
    baseFareCents: priceCents(d.baseFare),
    perKmCents: priceCents(d.perKmRate),
    priceEstimate: `from $${d.baseFare} + $${d.perKmRate}/km`,
    estimatedTime: '5 min',
    waitTime: '2-4 min',
    image: artwork('taxi', d.serviceType),
    company: d.companyName,
    isActive: true,
    ownerId,
  };
}

export function propertyValues(d: PropertyRegistration, regId: number, ownerId: number | null): Insert<typeof properties> {
  return {
    title: d.title,
    location: withCountry(d.location, d.country),
    ...point(d),
    type: cataloguePropertyType(d.propertyType),
    bedrooms: firstInteger(d.bedrooms, 0, 100),
    bathrooms: firstInteger(d.bathrooms, 1, 100),
    sqft: firstInteger(d.propertySize, 0),
    pricePerMonthCents: priceCents(d.monthlyRent),
    image: artwork('property', d.propertyType),
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
    priceCents: priceCents(d.startingPrice),
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
    // Booked by appointment when its duration is one appointment's length and its availability can be read as hours.
    ...appointments(d),
    isActive: true,
    ownerId,
  };
}

function appointments(d: GeneralServiceRegistration): { appointmentMinutes: number; workingHours: WeeklyHours } | Record<string, never> {
  const minutes = parseAppointmentMinutes(d.duration);
  const hours = weeklyHours(d.availability, d.serviceArea);
  return minutes !== null && hours ? { appointmentMinutes: minutes, workingHours: hours } : {};
}

/**
 * Weekly hours from text, in the time zone of the place's city: the last part of an address the location directory
 * knows ('123 King Street West, Toronto'); UTC when it knows none.
 */
function weeklyHours(text: string, place: string): WeeklyHours | null {
  const week = parseWeeklyHours(text);
  if (!week) return null;
  const parts = place.split(/\s*,\s*/).filter(Boolean).reverse();
  const timeZone = parts.map((p) => locationDirectory().timeZoneOfCity(p)).find((tz) => tz !== undefined);
  return { timeZone: timeZone ?? 'UTC', week };
}

/** The registration's menu as menu rows of the new restaurant. */
export function menuValues(menu: readonly RegistrationMenuItem[], restaurantId: number) {
  return menu.map((item, position) => ({
    restaurantId,
    name: item.name,
    description: item.description,
    priceCents: priceCents(item.price),
    position,
  }));
}
