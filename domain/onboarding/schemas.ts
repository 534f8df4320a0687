/**
 * Provider registration forms (spec 001 sections 3 and 5, spec 002 sections 3 and 5). One schema per form; the
 * client validates with them (zodResolver) and the server validates the same body again.
 *
 * Text inputs stay strings (the original forms send text, e.g. fleetSize "25"); only the simple driver form's
 * vehicleYear is a number. Strings are trimmed before their length is checked, so blanks never pass.
 */
import { z } from 'zod';
import {
  AIRLINE_SAFETY_RATINGS,
  AIRLINE_SERVICE_CLASSES,
  APPLICATION_AVAILABILITY,
  APPLICATION_SERVICE_TYPES,
  APPLICATION_YEARS_EXPERIENCE,
  CAR_PRICE_RANGES,
  COURIER_SERVICE_TYPES,
  CUISINES,
  DESIGNER_EXPERIENCE,
  DESIGNER_PRICE_RANGES,
  DESIGNER_SPECIALTIES,
  DRIVER_AVAILABILITY,
  DRIVER_EXPERIENCE,
  DRIVER_VEHICLE_TYPES,
  driverVehicleYearMax,
  DRIVER_VEHICLE_YEAR_MIN,
  GENERAL_CATEGORIES,
  GENERAL_SERVICE_TYPES,
  HOTEL_AMENITIES,
  HOTEL_PRICE_RANGES,
  HOTEL_STAR_RATINGS,
  HOTEL_TYPES,
  INSURANCE_OPTIONS,
  PROPERTY_AMENITIES,
  PROPERTY_TYPES,
  RESPONSE_TIMES,
  RESTAURANT_PRICE_RANGES,
  TAXI_SERVICE_TYPES,
  TRACKING_SYSTEMS,
  optionValues,
  regionsOf,
} from './options';

const SHORT = 200;
const LONG = 2000;

/** A required text field: trimmed, at least `min` characters, else `message`. */
function text(min: number, message: string, max = SHORT) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional text field: missing becomes ''. */
function optionalText(max = SHORT) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).optional().default('');
}

/** A select: one of `values`, else `message` (also when missing or empty). */
function select<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A select that may be left empty ('' when missing). */
function optionalSelect<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(['', ...values], { error: message }).optional().default('');
}

/** True for an absolute http(s) URL with a dotted host name. */
export function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const WEBSITE_MESSAGE = 'Please enter a valid website URL';
const EMAIL_MESSAGE = 'Please enter a valid email';
const COUNTRY_MESSAGE = 'Please select a country';

const email = (message = EMAIL_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email(message));
const phone = (message = 'Phone number must be at least 10 characters') => text(10, message, 40);
/** The country NAME (the server also checks it is a known country). */
const country = () => text(1, COUNTRY_MESSAGE, 100);
const websiteOptional = () =>
  z
    .string()
    .trim()
    .max(300, WEBSITE_MESSAGE)
    .refine((v) => v === '' || isWebsiteUrl(v), WEBSITE_MESSAGE)
    .optional()
    .default('');
const websiteRequired = () =>
  z
    .string({ error: WEBSITE_MESSAGE })
    .trim()
    .max(300, WEBSITE_MESSAGE)
    .refine(isWebsiteUrl, WEBSITE_MESSAGE);

const description = (min = 10) => text(min, `Description must be at least ${min} characters`, LONG);
const ownerName = () => text(2, 'Owner name is required');
const businessLicense = () => text(5, 'Business license number is required');
const insuranceInfo = () => text(10, 'Insurance information is required', LONG);
const priceRange = <const T extends readonly { value: string }[]>(options: T) =>
  select(optionValues(options), 'Please select a price range');

// ---------------------------------------------------------------- where a place is (issue 26)

/** Shown under the map when a place's registration has no pin. */
export const PIN_MESSAGE = 'Please place the pin on the map at your address';
const pinCoordinate = (limit: number) => z.number({ error: PIN_MESSAGE }).min(-limit, PIN_MESSAGE).max(limit, PIN_MESSAGE);
/** The map pin of a place's address (WGS 84): customers' distances, delivery radius and drivers' routes start here. */
const pin = () => ({ lat: pinCoordinate(90), lng: pinCoordinate(180) });

/**
 * The registrations whose listing is a place customers go to or are served from: restaurants (deliveries start
 * there), hotels, car rental pickup points and rental properties. Couriers, taxis, airlines and general services
 * serve an area or come to the customer: their address is a contact detail, not a point on a map.
 */
export const PLACE_REGISTRATION_KINDS = ['restaurant', 'hotel', 'car-rental', 'property'] as const;

// ---------------------------------------------------------------- prices (issue 15: registration asks for what is sold)

/** A price typed into a form ("12", "12.50", "$12.50"): more than zero, at most two decimals; kept without the $. */
export function moneyText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(20, message)
    .transform((v) => v.replace(/^\$\s*/, ''))
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) > 0, message);
}

export const MENU_MIN_ITEMS = 3;
export const MENU_MAX_ITEMS = 100;
/** A dish of the registration's menu (the provider portal edits it afterwards). */
export const RegistrationMenuItemSchema = z.object({
  name: text(2, 'Dish name must be at least 2 characters', 100),
  description: optionalText(500),
  price: moneyText('Please enter the dish price, e.g. 12.50'),
});
export type RegistrationMenuItem = z.output<typeof RegistrationMenuItemSchema>;
const menu = () =>
  z
    .array(RegistrationMenuItemSchema, { error: `Please add at least ${MENU_MIN_ITEMS} dishes with prices` })
    .min(MENU_MIN_ITEMS, `Please add at least ${MENU_MIN_ITEMS} dishes with prices`)
    .max(MENU_MAX_ITEMS, `At most ${MENU_MAX_ITEMS} dishes`);

// ---------------------------------------------------------------- restaurant

export const RestaurantRegistrationSchema = z.object({
  name: text(2, 'Restaurant name must be at least 2 characters'),
  description: description(),
  cuisine: select(CUISINES, 'Please select a cuisine type'),
  location: text(5, 'Location must be at least 5 characters', 300),
  ...pin(),
  country: country(),
  phone: phone(),
  email: email(),
  openingHours: text(5, 'Opening hours are required'),
  priceRange: priceRange(RESTAURANT_PRICE_RANGES),
  deliveryRadius: text(1, 'Delivery radius is required', 50),
  minimumOrder: text(1, 'Minimum order amount is required', 50),
  deliveryFee: text(1, 'Delivery fee is required', 50),
  avgDeliveryTime: text(1, 'Average delivery time is required', 50),
  specialties: optionalText(LONG),
  ownerName: ownerName(),
  businessLicense: businessLicense(),
  taxId: optionalText(),
  menu: menu(),
});
export type RestaurantRegistration = z.output<typeof RestaurantRegistrationSchema>;
export type RestaurantRegistrationInput = z.input<typeof RestaurantRegistrationSchema>;

// ---------------------------------------------------------------- hotel

export const HotelRegistrationSchema = z.object({
  name: text(2, 'Hotel name must be at least 2 characters'),
  description: description(),
  location: text(5, 'Location must be at least 5 characters', 300),
  ...pin(),
  country: country(),
  phone: phone(),
  email: email(),
  website: websiteOptional(),
  starRating: select(optionValues(HOTEL_STAR_RATINGS), 'Please select a star rating'),
  hotelType: select(HOTEL_TYPES, 'Please select hotel type'),
  totalRooms: text(1, 'Total rooms is required', 20),
  checkInTime: text(1, 'Check-in time is required', 50),
  checkOutTime: text(1, 'Check-out time is required', 50),
  cancellationPolicy: text(10, 'Cancellation policy is required', LONG),
  ownerName: ownerName(),
  businessLicense: businessLicense(),
  taxId: optionalText(),
  amenities: z.array(select(HOTEL_AMENITIES, 'Please choose amenities from the list')).max(HOTEL_AMENITIES.length).default([]),
  priceRange: priceRange(HOTEL_PRICE_RANGES),
  languages: text(1, 'Languages spoken are required'),
  nightlyRate: moneyText('Please enter the nightly rate, e.g. 189'),
});
export type HotelRegistration = z.output<typeof HotelRegistrationSchema>;
export type HotelRegistrationInput = z.input<typeof HotelRegistrationSchema>;

// ---------------------------------------------------------------- airline

export const AirlineRegistrationSchema = z.object({
  airlineName: text(2, 'Airline name must be at least 2 characters'),
  airlineCode: text(2, 'Airline code is required (e.g., AA, UA)', 10),
  description: description(),
  headquarters: text(5, 'Headquarters location is required', 300),
  country: country(),
  phone: phone(),
  email: email(),
  website: websiteRequired(),
  fleetSize: text(1, 'Fleet size is required', 20),
  destinations: text(10, 'Destinations served are required', LONG),
  hubAirports: text(5, 'Hub airports are required', 500),
  serviceClass: select(AIRLINE_SERVICE_CLASSES, 'Please select service class'),
  safetyRating: select(AIRLINE_SAFETY_RATINGS, 'Please select safety rating'),
  foundedYear: text(4, 'Founded year is required', 10),
  ceoName: text(2, 'CEO name is required'),
  contactPerson: text(2, 'Contact person name is required'),
  businessLicense: businessLicense(),
  airlineOperatorLicense: text(5, 'Airline operator license is required'),
  insuranceInfo: insuranceInfo(),
  specialServices: optionalText(LONG),
});
export type AirlineRegistration = z.output<typeof AirlineRegistrationSchema>;
export type AirlineRegistrationInput = z.input<typeof AirlineRegistrationSchema>;

// ---------------------------------------------------------------- car rental

export const CarRentalRegistrationSchema = z.object({
  companyName: text(2, 'Company name must be at least 2 characters'),
  description: description(),
  location: text(5, 'Location must be at least 5 characters', 300),
  ...pin(),
  country: country(),
  phone: phone(),
  email: email(),
  website: websiteOptional(),
  fleetSize: text(1, 'Fleet size is required', 20),
  operatingHours: text(5, 'Operating hours are required'),
  serviceAreas: text(10, 'Service areas are required', LONG),
  carCategories: text(5, 'Car categories are required', 500),
  priceRange: priceRange(CAR_PRICE_RANGES),
  ownerName: ownerName(),
  businessLicense: businessLicense(),
  taxId: optionalText(),
  insuranceInfo: insuranceInfo(),
  specialServices: optionalText(LONG),
  depositPolicy: text(10, 'Deposit policy is required', LONG),
  fuelPolicy: text(10, 'Fuel policy is required', LONG),
  ageRequirement: text(1, 'Age requirement is required', 50),
  driverLicenseReq: text(10, 'Driver license requirements are required', LONG),
  dailyRate: moneyText('Please enter the daily rate, e.g. 65'),
});
export type CarRentalRegistration = z.output<typeof CarRentalRegistrationSchema>;
export type CarRentalRegistrationInput = z.input<typeof CarRentalRegistrationSchema>;

// ---------------------------------------------------------------- courier / shipping

/** The courier form's rules; the shipping screen (/register/shipping) uses the same schema. */
export const CourierRegistrationSchema = z.object({
  companyName: text(2, 'Company name must be at least 2 characters'),
  description: description(),
  headquarters: text(5, 'Headquarters location is required', 300),
  country: country(),
  phone: phone(),
  email: email(),
  website: websiteOptional(),
  serviceType: select(COURIER_SERVICE_TYPES, 'Please select service type'),
  coverageArea: text(10, 'Coverage area is required', LONG),
  deliveryOptions: text(10, 'Delivery options are required', LONG),
  trackingSystem: select(TRACKING_SYSTEMS, 'Please select tracking system'),
  insuranceOffered: select(INSURANCE_OPTIONS, 'Please select insurance option'),
  maxWeightLimit: text(1, 'Maximum weight limit is required', 50),
  maxDimensions: text(5, 'Maximum dimensions are required', 100),
  restrictedItems: text(10, 'Restricted items list is required', LONG),
  deliveryTimeframes: text(10, 'Delivery timeframes are required', 500),
  priceStructure: text(10, 'Price structure is required', LONG),
  ownerName: ownerName(),
  businessLicense: businessLicense(),
  taxId: optionalText(),
  insuranceInfo: insuranceInfo(),
  specialServices: optionalText(LONG),
  operatingHours: text(5, 'Operating hours are required'),
  paymentMethods: text(5, 'Payment methods are required', 500),
  basePrice: moneyText('Please enter the base price, e.g. 12.99'),
  pricePerLb: moneyText('Please enter the price per lb, e.g. 0.90'),
});
export type CourierRegistration = z.output<typeof CourierRegistrationSchema>;
export type CourierRegistrationInput = z.input<typeof CourierRegistrationSchema>;

// ---------------------------------------------------------------- taxi

export const TaxiRegistrationSchema = z.object({
  companyName: text(2, 'Company name must be at least 2 characters'),
  description: description(),
  location: text(5, 'Location must be at least 5 characters', 300),
  country: country(),
  phone: phone(),
  email: email(),
  website: websiteOptional(),
  serviceType: select(TAXI_SERVICE_TYPES, 'Please select service type'),
  fleetSize: text(1, 'Fleet size is required', 20),
  vehicleTypes: text(5, 'Vehicle types are required', 500),
  operatingHours: text(5, 'Operating hours are required'),
  serviceArea: text(10, 'Service area is required', LONG),
  bookingMethods: text(10, 'Booking methods are required', 500),
  paymentMethods: text(5, 'Payment methods are required', 500),
  priceStructure: text(10, 'Price structure is required', LONG),
  specialServices: optionalText(LONG),
  driverRequirements: text(10, 'Driver requirements are required', LONG),
  safetyFeatures: text(10, 'Safety features are required', LONG),
  ownerName: ownerName(),
  businessLicense: businessLicense(),
  taxiLicense: text(5, 'Taxi license number is required'),
  insuranceInfo: insuranceInfo(),
  taxId: optionalText(),
  emergencyContact: text(10, 'Emergency contact is required'),
  baseFare: moneyText('Please enter the base fare, e.g. 3.50'),
  perKmRate: moneyText('Please enter the rate per km, e.g. 1.25'),
});
export type TaxiRegistration = z.output<typeof TaxiRegistrationSchema>;
export type TaxiRegistrationInput = z.input<typeof TaxiRegistrationSchema>;

// ---------------------------------------------------------------- property

export const PropertyRegistrationSchema = z.object({
  title: text(5, 'Title must be at least 5 characters'),
  description: description(20),
  propertyType: select(PROPERTY_TYPES, 'Please select a property type'),
  location: text(10, 'Location must be at least 10 characters', 300),
  ...pin(),
  country: country(),
  bedrooms: text(1, 'Bedrooms is required', 10),
  bathrooms: text(1, 'Bathrooms is required', 10),
  maxGuests: text(1, 'Maximum guests is required', 10),
  pricePerNight: text(1, 'Price per night is required', 20),
  minStay: text(1, 'Minimum stay is required', 50),
  maxStay: optionalText(50),
  checkInTime: text(1, 'Check-in time is required', 50),
  checkOutTime: text(1, 'Check-out time is required', 50),
  ownerName: ownerName(),
  phone: phone(),
  email: email(),
  website: websiteOptional(),
  amenities: z
    .array(select(PROPERTY_AMENITIES, 'Please choose amenities from the list'))
    .max(PROPERTY_AMENITIES.length)
    .default([]),
  houseRules: text(10, 'House rules must be at least 10 characters', LONG),
  cancellationPolicy: text(10, 'Cancellation policy is required', LONG),
  nearbyAttractions: optionalText(LONG),
  publicTransport: optionalText(LONG),
  propertySize: optionalText(50),
  yearBuilt: optionalText(10),
  parkingSpaces: optionalText(10),
  cleaningFee: optionalText(20),
  securityDeposit: optionalText(20),
  extraGuestFee: optionalText(20),
  languages: text(1, 'Languages spoken are required'),
  responseTime: select(RESPONSE_TIMES, 'Please select a response time'),
  businessLicense: optionalText(),
  taxId: optionalText(),
  insuranceInfo: optionalText(LONG),
  monthlyRent: moneyText('Please enter the monthly rent, e.g. 1850'),
});
export type PropertyRegistration = z.output<typeof PropertyRegistrationSchema>;
export type PropertyRegistrationInput = z.input<typeof PropertyRegistrationSchema>;

// ---------------------------------------------------------------- general service

/** A list input of the general service form: entries trimmed, empty ones dropped, duplicates ignored. */
function entryList(message: string) {
  return z
    .array(z.string().trim().max(100, 'Each entry must be at most 100 characters'), { error: message })
    .max(30, 'At most 30 entries')
    .transform((list) => [...new Set(list.filter((entry) => entry !== ''))])
    .refine((list) => list.length > 0, message);
}

export const GeneralServiceRegistrationSchema = z.object({
  name: text(2, 'Service name must be at least 2 characters'),
  description: description(),
  category: select(GENERAL_CATEGORIES, 'Please select a category'),
  serviceType: select(GENERAL_SERVICE_TYPES, 'Please select a service type'),
  price: text(1, 'Price range is required', 50),
  duration: text(1, 'Duration is required', 100),
  availability: text(1, 'Availability is required'),
  contactEmail: email(),
  contactPhone: phone(),
  serviceArea: text(1, 'Service area is required', 500),
  features: entryList('At least one feature is required'),
  requirements: entryList('At least one requirement is required'),
  country: country(),
  businessLicense: text(1, 'Business license is required'),
  insurance: text(1, 'Insurance information is required', 500),
  experience: text(1, 'Experience is required', 500),
  specializations: entryList('At least one specialization is required'),
  languages: entryList('At least one language is required'),
  startingPrice: moneyText('Please enter the starting price, e.g. 50'),
});
export type GeneralServiceRegistration = z.output<typeof GeneralServiceRegistrationSchema>;
export type GeneralServiceRegistrationInput = z.input<typeof GeneralServiceRegistrationSchema>;

// ---------------------------------------------------------------- simple driver

const vehicleYearMessage = () => `Vehicle year must be between ${DRIVER_VEHICLE_YEAR_MIN} and ${driverVehicleYearMax()}`;

export const DriverRegistrationSchema = z.object({
  fullName: text(2, 'Full name is required'),
  email: email(),
  phone: phone(),
  licenseNumber: text(1, 'License number is required', 50),
  licenseExpiry: text(1, 'License expiry date is required', 20),
  vehicleType: select(optionValues(DRIVER_VEHICLE_TYPES), 'Please select a vehicle type'),
  vehicleMake: text(1, 'Vehicle make is required', 50),
  vehicleModel: text(1, 'Vehicle model is required', 50),
  /** A number input: numeric strings are accepted and converted; an empty input is "required", not year 0. */
  vehicleYear: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.coerce
      .number({ error: 'Vehicle year is required' })
      .superRefine((year, ctx) => {
        // Checked at validation time, so the bound follows the calendar in a long-running server.
        if (!Number.isInteger(year) || year < DRIVER_VEHICLE_YEAR_MIN || year > driverVehicleYearMax()) {
          ctx.addIssue({ code: 'custom', message: vehicleYearMessage() });
        }
      }),
  ),
  vehiclePlate: text(1, 'License plate is required', 20),
  experience: select(optionValues(DRIVER_EXPERIENCE), 'Please select your driving experience'),
  availability: select(optionValues(DRIVER_AVAILABILITY), 'Please select your availability'),
  serviceAreas: text(1, 'Service areas are required', 500),
  description: optionalText(LONG),
});
export type DriverRegistration = z.output<typeof DriverRegistrationSchema>;
export type DriverRegistrationInput = z.input<typeof DriverRegistrationSchema>;

// ---------------------------------------------------------------- fashion designer

/** Specialties, experience and price range are labelled required in the original but not enforced (spec 001 §5). */
export const FashionDesignerRegistrationSchema = z.object({
  designerName: text(2, 'Designer name is required'),
  businessName: optionalText(),
  email: email(),
  phone: phone(),
  website: websiteOptional(),
  instagram: optionalText(100),
  specialties: z
    .array(select(DESIGNER_SPECIALTIES, 'Please choose specialties from the list'))
    .max(DESIGNER_SPECIALTIES.length)
    .default([]),
  experience: optionalSelect(optionValues(DESIGNER_EXPERIENCE), 'Please select your experience level'),
  priceRange: optionalSelect(optionValues(DESIGNER_PRICE_RANGES), 'Please select a price range'),
  workLocation: text(2, 'Work location is required', 300),
  serviceAreas: optionalText(500),
  portfolio: optionalText(LONG),
  description: text(10, 'Description must be at least 10 characters', LONG),
  customOrders: z.boolean().default(false),
  alterations: z.boolean().default(false),
  consultations: z.boolean().default(false),
});
export type FashionDesignerRegistration = z.output<typeof FashionDesignerRegistrationSchema>;
export type FashionDesignerRegistrationInput = z.input<typeof FashionDesignerRegistrationSchema>;

// ---------------------------------------------------------------- full driver application

const mustBeTrue = (message: string) => z.boolean({ error: message }).refine((v) => v === true, message);

/** The full driver application (/apply-driver). Vehicle fields are optional even with hasVehicle (spec 002 §5). */
export const DriverApplicationSchema = z.object({
  firstName: text(2, 'First name must be at least 2 characters', 100),
  lastName: text(2, 'Last name must be at least 2 characters', 100),
  email: email('Please enter a valid email address'),
  phone: phone('Phone number must be at least 10 digits'),
  dateOfBirth: text(1, 'Date of birth is required', 20),
  address: text(10, 'Please enter your complete address', 300),
  city: text(2, 'City is required', 100),
  country: country(),
  // The region of the chosen country: a listed one for Canada and the United States, typed for any other (below).
  province: text(2, 'Province is required', 100),
  postalCode: text(3, 'Postal code is required', 10),
  licenseNumber: text(8, "Driver's license number is required", 50),
  licenseExpiry: text(1, 'License expiry date is required', 20),
  yearsExperience: select(optionValues(APPLICATION_YEARS_EXPERIENCE), 'Years of driving experience is required'),
  hasVehicle: z.boolean().default(false),
  vehicleMake: optionalText(50),
  vehicleModel: optionalText(50),
  vehicleYear: optionalText(10),
  vehiclePlate: optionalText(20),
  vehicleInsurance: optionalText(200),
  serviceTypes: z
    .array(select(optionValues(APPLICATION_SERVICE_TYPES), 'Please select at least one service type'), {
      error: 'Please select at least one service type',
    })
    .min(1, 'Please select at least one service type')
    .max(APPLICATION_SERVICE_TYPES.length)
    .transform((list) => [...new Set(list)]),
  availability: z
    .array(select(APPLICATION_AVAILABILITY, 'Please select your availability'), { error: 'Please select your availability' })
    .min(1, 'Please select your availability')
    .max(APPLICATION_AVAILABILITY.length)
    .transform((list) => [...new Set(list)]),
  preferredAreas: text(5, 'Please specify your preferred working areas', 500),
  emergencyContact: text(5, 'Emergency contact is required', 100),
  emergencyPhone: phone('Emergency contact phone is required'),
  backgroundCheck: mustBeTrue('Background check consent is required'),
  termsAccepted: mustBeTrue('Terms and conditions must be accepted'),
}).superRefine((d, ctx) => {
  // Issue 26: the province or state of the chosen country; Canadian postal codes have 6 characters, US ZIP codes 5 digits.
  const regions = regionsOf(d.country);
  if (regions && !regions.options.some((o) => o.value === d.province)) ctx.addIssue({ code: 'custom', path: ['province'], message: regions.message });
  if (d.country === 'Canada' && d.postalCode.replace(/\s/g, '').length < 6) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Postal code is required' });
  if (d.country === 'United States' && !/^\d{5}(-\d{4})?$/.test(d.postalCode)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Please enter a 5-digit ZIP code' });
});
export type DriverApplication = z.output<typeof DriverApplicationSchema>;
export type DriverApplicationInput = z.input<typeof DriverApplicationSchema>;

// ---------------------------------------------------------------- prices a listing is published with

/** The price fields each listing kind's registration must carry before it can be published. */
export const REGISTRATION_PRICE_FIELDS: Partial<Record<string, readonly { field: string; label: string }[]>> = {
  restaurant: [{ field: 'menu', label: 'menu of at least 3 priced dishes' }],
  hotel: [{ field: 'nightlyRate', label: 'nightly rate' }],
  'car-rental': [{ field: 'dailyRate', label: 'daily rate' }],
  property: [{ field: 'monthlyRent', label: 'monthly rent' }],
  taxi: [
    { field: 'baseFare', label: 'base fare' },
    { field: 'perKmRate', label: 'rate per km' },
  ],
  courier: [
    { field: 'basePrice', label: 'base price' },
    { field: 'pricePerLb', label: 'price per lb' },
  ],
  'general-service': [{ field: 'startingPrice', label: 'starting price' }],
};

/**
 * Why a stored registration cannot be published, or null when it can: approval never invents a price, so a
 * registration (e.g. one sent before the forms asked for prices) without its prices is refused with this reason.
 */
export function missingPriceReason(kind: string, data: Record<string, unknown>): string | null {
  const fields = REGISTRATION_PRICE_FIELDS[kind];
  if (!fields) return null;
  const missing = fields.filter(({ field }) => {
    if (field === 'menu') return !RegistrationMenuItemSchema.array().min(MENU_MIN_ITEMS).safeParse(data.menu).success;
    return !moneyText('x').safeParse(data[field]).success;
  });
  if (missing.length === 0) return null;
  return `Cannot publish: the registration has no ${missing.map((m) => m.label).join(' and no ')}. Ask the provider to register again with prices, or reject it.`;
}

/**
 * Why a stored place registration cannot be published for want of its map pin (one sent before the forms asked for
 * it), or null: approval never guesses where a place is.
 */
export function missingPlaceReason(kind: string, data: Record<string, unknown>): string | null {
  if (!(PLACE_REGISTRATION_KINDS as readonly string[]).includes(kind)) return null;
  const pinned = z.object(pin()).safeParse({ lat: data.lat, lng: data.lng }).success;
  return pinned ? null : 'Cannot publish: the registration has no map pin for its address. Ask the provider to register again and place the pin, or reject it.';
}

/** Everything that keeps a stored registration from being published (prices, map pin), or null when nothing does. */
export function publishBlockedReason(kind: string, data: Record<string, unknown>): string | null {
  const reasons = [missingPriceReason(kind, data), missingPlaceReason(kind, data)].filter((r) => r !== null);
  return reasons.length > 0 ? reasons.join(' ') : null;
}

/**
 * 201 of every registration form's POST. With an e-mail address in the form the registration is 'unconfirmed': one
 * mail with a confirmation link goes to that address (the answer is the same whether it went, so it says nothing
 * about budgets), and the admin reviews it only once the link was used. A form without an e-mail (the airline's)
 * waits for review ('pending') at once.
 */
export const RegistrationReceiptSchema = z.object({ id: z.number(), status: z.enum(['unconfirmed', 'pending']) });
export type RegistrationReceipt = z.output<typeof RegistrationReceiptSchema>;

/** How long a registration's confirmation link works. */
export const REGISTRATION_CONFIRM_HOURS = 48;
export const REGISTRATION_CONFIRM_INVALID = 'This confirmation link is invalid, already used or expired. Please submit the form again to get a new one.';
/** What the form says once submitted with an e-mail address. */
export const REGISTRATION_CHECK_EMAIL = 'Check your e-mail to confirm: we sent a link to the address in the form. We review your registration once it is confirmed.';

/** POST /api/registrations/confirm: the token of the e-mailed link. */
export const ConfirmRegistrationSchema = z.object({
  token: z.string({ error: REGISTRATION_CONFIRM_INVALID }).trim().min(16, REGISTRATION_CONFIRM_INVALID).max(200, REGISTRATION_CONFIRM_INVALID),
});
export type ConfirmRegistration = z.output<typeof ConfirmRegistrationSchema>;
/** Its answer: the registration now waits for an admin's review. */
export const ConfirmRegistrationResultSchema = z.object({ id: z.number(), kind: z.string(), status: z.literal('pending') });
export type ConfirmRegistrationResult = z.output<typeof ConfirmRegistrationResultSchema>;
