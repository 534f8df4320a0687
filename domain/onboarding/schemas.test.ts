import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { REGISTRATION_FORMS, REGISTRATION_KINDS, registrationName, type RegistrationKind } from './forms';
import { CARD_GENERAL_CATEGORY, HUB_CATEGORIES, generalCardFormTitle } from './hub';
import * as O from './options';
import { VALID_SAMPLES } from './test-samples';
import { PIN_MESSAGE, PLACE_REGISTRATION_KINDS, missingPlaceReason, publishBlockedReason } from './schemas';

/** The first message zod reports for `field` when `value` replaces the valid sample's (undefined deletes it). */
function messageFor(kind: RegistrationKind, field: string, value: unknown): string | undefined {
  const body: Record<string, unknown> = { ...VALID_SAMPLES[kind] };
  if (value === undefined) delete body[field];
  else body[field] = value;
  const result = (REGISTRATION_FORMS[kind].schema as z.ZodType).safeParse(body);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}

type Row = [field: string, invalid: unknown, message: string];

const COMMON_LISTING = (nameField: string, nameMessage: string): Row[] => [
  [nameField, 'A', nameMessage],
  ['description', 'too short', 'Description must be at least 10 characters'],
  ['country', '', 'Please select a country'],
  ['country', undefined, 'Please select a country'],
  ['phone', '12345', 'Phone number must be at least 10 characters'],
  ['email', 'not-an-email', 'Please enter a valid email'],
];

const RULES: Record<RegistrationKind, Row[]> = {
  restaurant: [
    ...COMMON_LISTING('name', 'Restaurant name must be at least 2 characters'),
    ['name', '   ', 'Restaurant name must be at least 2 characters'],
    ['cuisine', '', 'Please select a cuisine type'],
    ['cuisine', 'Martian', 'Please select a cuisine type'],
    ['location', 'abc', 'Location must be at least 5 characters'],
    ['openingHours', '9-5', 'Opening hours are required'],
    ['priceRange', '', 'Please select a price range'],
    ['deliveryRadius', '', 'Delivery radius is required'],
    ['minimumOrder', '', 'Minimum order amount is required'],
    ['deliveryFee', '', 'Delivery fee is required'],
    ['avgDeliveryTime', '', 'Average delivery time is required'],
    ['ownerName', 'J', 'Owner name is required'],
    ['businessLicense', '1234', 'Business license number is required'],
  ],
  hotel: [
    ...COMMON_LISTING('name', 'Hotel name must be at least 2 characters'),
    ['location', 'abc', 'Location must be at least 5 characters'],
    ['website', 'not a url', 'Please enter a valid website URL'],
    ['starRating', '', 'Please select a star rating'],
    ['starRating', '6', 'Please select a star rating'],
    ['hotelType', '', 'Please select hotel type'],
    ['totalRooms', '', 'Total rooms is required'],
    ['checkInTime', '', 'Check-in time is required'],
    ['checkOutTime', '', 'Check-out time is required'],
    ['cancellationPolicy', 'short', 'Cancellation policy is required'],
    ['ownerName', 'J', 'Owner name is required'],
    ['businessLicense', '1234', 'Business license number is required'],
    ['priceRange', '', 'Please select a price range'],
    ['languages', '', 'Languages spoken are required'],
  ],
  airline: [
    ...COMMON_LISTING('airlineName', 'Airline name must be at least 2 characters'),
    ['airlineCode', 'A', 'Airline code is required (e.g., AA, UA)'],
    ['headquarters', 'abc', 'Headquarters location is required'],
    ['website', '', 'Please enter a valid website URL'],
    ['website', 'ftp://x.example', 'Please enter a valid website URL'],
    ['fleetSize', '', 'Fleet size is required'],
    ['destinations', 'Paris', 'Destinations served are required'],
    ['hubAirports', 'YZF', 'Hub airports are required'],
    ['serviceClass', '', 'Please select service class'],
    ['safetyRating', '6-Star', 'Please select safety rating'],
    ['foundedYear', '98', 'Founded year is required'],
    ['ceoName', 'A', 'CEO name is required'],
    ['contactPerson', 'J', 'Contact person name is required'],
    ['businessLicense', '1234', 'Business license number is required'],
    ['airlineOperatorLicense', 'AOC', 'Airline operator license is required'],
    ['insuranceInfo', 'insured', 'Insurance information is required'],
  ],
  'car-rental': [
    ...COMMON_LISTING('companyName', 'Company name must be at least 2 characters'),
    ['location', 'abc', 'Location must be at least 5 characters'],
    ['website', 'citywheels', 'Please enter a valid website URL'],
    ['fleetSize', '', 'Fleet size is required'],
    ['operatingHours', '9-5', 'Operating hours are required'],
    ['serviceAreas', 'Vancouver', 'Service areas are required'],
    ['carCategories', 'SUV', 'Car categories are required'],
    ['priceRange', '$$$$$', 'Please select a price range'],
    ['ownerName', 'C', 'Owner name is required'],
    ['businessLicense', 'CR', 'Business license number is required'],
    ['insuranceInfo', 'yes', 'Insurance information is required'],
    ['depositPolicy', '$200', 'Deposit policy is required'],
    ['fuelPolicy', 'full', 'Fuel policy is required'],
    ['ageRequirement', '', 'Age requirement is required'],
    ['driverLicenseReq', 'licence', 'Driver license requirements are required'],
  ],
  courier: [
    ...COMMON_LISTING('companyName', 'Company name must be at least 2 characters'),
    ['headquarters', 'abc', 'Headquarters location is required'],
    ['website', 'nope', 'Please enter a valid website URL'],
    ['serviceType', '', 'Please select service type'],
    ['coverageArea', 'Alberta', 'Coverage area is required'],
    ['deliveryOptions', 'door', 'Delivery options are required'],
    ['trackingSystem', '', 'Please select tracking system'],
    ['insuranceOffered', '', 'Please select insurance option'],
    ['maxWeightLimit', '', 'Maximum weight limit is required'],
    ['maxDimensions', '1x1', 'Maximum dimensions are required'],
    ['restrictedItems', 'guns', 'Restricted items list is required'],
    ['deliveryTimeframes', '1 day', 'Delivery timeframes are required'],
    ['priceStructure', 'cheap', 'Price structure is required'],
    ['ownerName', 'P', 'Owner name is required'],
    ['businessLicense', 'SP', 'Business license number is required'],
    ['insuranceInfo', 'yes', 'Insurance information is required'],
    ['operatingHours', '9-5', 'Operating hours are required'],
    ['paymentMethods', 'card', 'Payment methods are required'],
  ],
  taxi: [
    ...COMMON_LISTING('companyName', 'Company name must be at least 2 characters'),
    ['location', 'abc', 'Location must be at least 5 characters'],
    ['website', 'bluecab', 'Please enter a valid website URL'],
    ['serviceType', '', 'Please select service type'],
    ['fleetSize', '', 'Fleet size is required'],
    ['vehicleTypes', 'car', 'Vehicle types are required'],
    ['operatingHours', '24h', 'Operating hours are required'],
    ['serviceArea', 'Ottawa', 'Service area is required'],
    ['bookingMethods', 'phone', 'Booking methods are required'],
    ['paymentMethods', 'cash', 'Payment methods are required'],
    ['priceStructure', 'meter', 'Price structure is required'],
    ['driverRequirements', 'licence', 'Driver requirements are required'],
    ['safetyFeatures', 'camera', 'Safety features are required'],
    ['ownerName', 'M', 'Owner name is required'],
    ['businessLicense', 'TX', 'Business license number is required'],
    ['taxiLicense', 'TL', 'Taxi license number is required'],
    ['insuranceInfo', 'yes', 'Insurance information is required'],
    ['emergencyContact', '911', 'Emergency contact is required'],
  ],
  property: [
    ['title', 'Flat', 'Title must be at least 5 characters'],
    ['description', 'Nice flat.', 'Description must be at least 20 characters'],
    ['propertyType', '', 'Please select a property type'],
    ['location', 'Toronto', 'Location must be at least 10 characters'],
    ['country', '', 'Please select a country'],
    ['bedrooms', '', 'Bedrooms is required'],
    ['bathrooms', '', 'Bathrooms is required'],
    ['maxGuests', '', 'Maximum guests is required'],
    ['pricePerNight', '', 'Price per night is required'],
    ['minStay', '', 'Minimum stay is required'],
    ['checkInTime', '', 'Check-in time is required'],
    ['checkOutTime', '', 'Check-out time is required'],
    ['languages', '', 'Languages spoken are required'],
    ['responseTime', '', 'Please select a response time'],
    ['ownerName', 'R', 'Owner name is required'],
    ['phone', '123', 'Phone number must be at least 10 characters'],
    ['email', 'robin', 'Please enter a valid email'],
    ['website', 'robin', 'Please enter a valid website URL'],
    ['houseRules', 'none', 'House rules must be at least 10 characters'],
    ['cancellationPolicy', 'none', 'Cancellation policy is required'],
  ],
  'general-service': [
    ['name', 'S', 'Service name must be at least 2 characters'],
    ['description', 'short', 'Description must be at least 10 characters'],
    ['category', '', 'Please select a category'],
    ['serviceType', '', 'Please select a service type'],
    ['price', '', 'Price range is required'],
    ['duration', '', 'Duration is required'],
    ['availability', '', 'Availability is required'],
    ['contactEmail', 'x', 'Please enter a valid email'],
    ['contactPhone', '123', 'Phone number must be at least 10 characters'],
    ['serviceArea', '', 'Service area is required'],
    ['features', [], 'At least one feature is required'],
    ['features', ['  '], 'At least one feature is required'],
    ['requirements', [], 'At least one requirement is required'],
    ['specializations', [], 'At least one specialization is required'],
    ['languages', [], 'At least one language is required'],
    ['languages', undefined, 'At least one language is required'],
    ['country', '', 'Please select a country'],
    ['businessLicense', '', 'Business license is required'],
    ['insurance', '', 'Insurance information is required'],
    ['experience', '', 'Experience is required'],
  ],
  driver: [
    ['fullName', '', 'Full name is required'],
    ['email', 'jordan', 'Please enter a valid email'],
    ['phone', '555', 'Phone number must be at least 10 characters'],
    ['licenseNumber', '', 'License number is required'],
    ['licenseExpiry', '', 'License expiry date is required'],
    ['vehicleType', 'tank', 'Please select a vehicle type'],
    ['vehicleMake', '', 'Vehicle make is required'],
    ['vehicleModel', '', 'Vehicle model is required'],
    ['vehicleYear', 1999, `Vehicle year must be between 2000 and ${new Date().getFullYear() + 1}`],
    ['vehicleYear', new Date().getFullYear() + 2, `Vehicle year must be between 2000 and ${new Date().getFullYear() + 1}`],
    ['vehicleYear', 2010.5, `Vehicle year must be between 2000 and ${new Date().getFullYear() + 1}`],
    ['vehicleYear', 'abc', 'Vehicle year is required'],
    ['vehicleYear', '', 'Vehicle year is required'],
    ['vehicleYear', '   ', 'Vehicle year is required'],
    ['vehiclePlate', '', 'License plate is required'],
    ['experience', '', 'Please select your driving experience'],
    ['availability', '', 'Please select your availability'],
    ['serviceAreas', '', 'Service areas are required'],
  ],
  'fashion-designer': [
    ['designerName', '', 'Designer name is required'],
    ['email', 'ava', 'Please enter a valid email'],
    ['phone', '', 'Phone number must be at least 10 characters'],
    ['workLocation', '', 'Work location is required'],
    ['description', '', 'Description must be at least 10 characters'],
    ['website', 'ava', 'Please enter a valid website URL'],
    ['specialties', ['Knitting'], 'Please choose specialties from the list'],
  ],
  'driver-application': [
    ['firstName', 'T', 'First name must be at least 2 characters'],
    ['lastName', 'M', 'Last name must be at least 2 characters'],
    ['email', 'taylor', 'Please enter a valid email address'],
    ['phone', '416555', 'Phone number must be at least 10 digits'],
    ['dateOfBirth', '', 'Date of birth is required'],
    ['address', '45 Elm', 'Please enter your complete address'],
    ['city', 'T', 'City is required'],
    ['province', 'O', 'Province is required'],
    ['postalCode', 'M5V', 'Postal code is required'],
    ['licenseNumber', 'T1234', "Driver's license number is required"],
    ['licenseExpiry', '', 'License expiry date is required'],
    ['yearsExperience', '', 'Years of driving experience is required'],
    ['serviceTypes', [], 'Please select at least one service type'],
    ['serviceTypes', undefined, 'Please select at least one service type'],
    ['availability', [], 'Please select your availability'],
    ['preferredAreas', 'Down', 'Please specify your preferred working areas'],
    ['emergencyContact', 'Case', 'Emergency contact is required'],
    ['emergencyPhone', '416', 'Emergency contact phone is required'],
    ['backgroundCheck', false, 'Background check consent is required'],
    ['backgroundCheck', undefined, 'Background check consent is required'],
    ['termsAccepted', false, 'Terms and conditions must be accepted'],
  ],
};

describe('registration schemas', () => {
  for (const kind of REGISTRATION_KINDS) {
    describe(kind, () => {
      it('accepts the valid sample', () => {
        const result = (REGISTRATION_FORMS[kind].schema as z.ZodType).safeParse(VALID_SAMPLES[kind]);
        expect(result.success ? [] : result.error.issues).toEqual([]);
      });

      it.each(RULES[kind])('%s = %j → %s', (field, invalid, message) => {
        expect(messageFor(kind, field, invalid)).toBe(message);
      });
    });
  }

  it('general service lists are trimmed and de-duplicated', () => {
    const parsed = REGISTRATION_FORMS['general-service'].schema.parse({
      ...VALID_SAMPLES['general-service'],
      features: [' Pick-up ', 'Pick-up', '', 'Delivery'],
    });
    expect(parsed.features).toEqual(['Pick-up', 'Delivery']);
  });

  it('optional fields may be left out; optional website may be empty', () => {
    const { specialties: _s, taxId: _t, ...rest } = VALID_SAMPLES.restaurant;
    expect(REGISTRATION_FORMS.restaurant.schema.parse(rest)).toMatchObject({ specialties: '', taxId: '' });
    expect(REGISTRATION_FORMS.hotel.schema.safeParse({ ...VALID_SAMPLES.hotel, website: '' }).success).toBe(true);
    expect(REGISTRATION_FORMS.hotel.schema.parse({ ...VALID_SAMPLES.hotel, amenities: undefined }).amenities).toEqual([]);
  });

  it('the simple driver vehicle year accepts a numeric string and the bounds', () => {
    const schema = REGISTRATION_FORMS.driver.schema;
    expect(schema.parse({ ...VALID_SAMPLES.driver, vehicleYear: '2000' }).vehicleYear).toBe(2000);
    // Deviation from spec 001's 2025: the current year and next year's models are accepted (issue 15).
    expect(schema.parse({ ...VALID_SAMPLES.driver, vehicleYear: 2026 }).vehicleYear).toBe(2026);
    const next = new Date().getFullYear() + 1;
    expect(schema.parse({ ...VALID_SAMPLES.driver, vehicleYear: next }).vehicleYear).toBe(next);
  });

  it('the full application keeps vehicle fields optional even with hasVehicle', () => {
    const result = REGISTRATION_FORMS['driver-application'].schema.safeParse({ ...VALID_SAMPLES['driver-application'], hasVehicle: true });
    expect(result.success).toBe(true);
  });

  it("the full application takes the province or state of its country: listed for Canada and the US, typed elsewhere", () => {
    const schema = REGISTRATION_FORMS['driver-application'].schema;
    const issues = (patch: Record<string, unknown>) => {
      const r = schema.safeParse({ ...VALID_SAMPLES['driver-application'], ...patch });
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ country: 'Canada', province: 'TX' })).toEqual([['province', 'Please select a province or territory']]);
    expect(issues({ country: 'United States', province: 'TX', postalCode: '73301' })).toEqual([]);
    expect(issues({ country: 'United States', province: 'ON', postalCode: '73301-0001' })).toEqual([['province', 'Please select a state']]);
    expect(issues({ country: 'United States', province: 'NY', postalCode: 'M5V 2T6' })).toEqual([['postalCode', 'Please enter a 5-digit ZIP code']]);
    expect(issues({ country: 'Canada', province: 'ON', postalCode: 'M5V' })).toEqual([['postalCode', 'Postal code is required']]);
    // Any other country: the region is typed, and its postal code has its own length.
    expect(issues({ country: 'Australia', province: 'New South Wales', postalCode: '2000' })).toEqual([]);
    expect(issues({ country: 'Australia', province: 'N' })).toEqual([['province', 'Province is required']]);
    expect(issues({ country: '' })).toContainEqual(['country', 'Please select a country']);
    expect(O.regionsOf('United States')?.options).toHaveLength(51);
    expect(O.regionsOf('Canada')?.options).toBe(O.CANADIAN_PROVINCES);
    expect(O.regionsOf('France')).toBeNull();
    expect(O.regionsOf('toString')).toBeNull();
  });

  it('names a registration by its name field', () => {
    expect(registrationName('airline', VALID_SAMPLES.airline)).toBe('Northern Skies');
    expect(registrationName('property', VALID_SAMPLES.property)).toBe('Sunny Downtown Condo');
    expect(registrationName('driver-application', VALID_SAMPLES['driver-application'])).toBe('Taylor Morgan');
  });
});

describe('places have a map pin (issue 26)', () => {
  const places = ['restaurant', 'hotel', 'car-rental', 'property'] as const;

  it.each(places)('%s: the pin is required and must be a point on the Earth', (kind) => {
    for (const [field, value] of [['lat', undefined], ['lng', undefined], ['lat', null], ['lat', '43.6'], ['lat', 91], ['lng', -181]] as const) {
      expect(messageFor(kind, field, value), `${field} = ${String(value)}`).toBe(PIN_MESSAGE);
    }
    expect(messageFor(kind, 'lat', -90)).toBeUndefined();
  });

  it('an old registration without a pin is refused at approval with the reason; other kinds need none', () => {
    const { lat: _lat, lng: _lng, ...unpinned } = VALID_SAMPLES.hotel;
    expect(missingPlaceReason('hotel', unpinned)).toMatch(/^Cannot publish: the registration has no map pin for its address\./);
    expect(missingPlaceReason('hotel', VALID_SAMPLES.hotel)).toBeNull();
    expect(missingPlaceReason('taxi', VALID_SAMPLES.taxi)).toBeNull();
    expect(publishBlockedReason('hotel', { ...unpinned, nightlyRate: '' })).toMatch(/no nightly rate.*no map pin/);
    expect(PLACE_REGISTRATION_KINDS).toEqual(places);
  });
});

describe('option lists', () => {
  it.each([
    ['CUISINES', O.CUISINES, 24],
    ['RESTAURANT_PRICE_RANGES', O.RESTAURANT_PRICE_RANGES, 4],
    ['HOTEL_STAR_RATINGS', O.HOTEL_STAR_RATINGS, 5],
    ['HOTEL_TYPES', O.HOTEL_TYPES, 15],
    ['HOTEL_PRICE_RANGES', O.HOTEL_PRICE_RANGES, 4],
    ['HOTEL_AMENITIES', O.HOTEL_AMENITIES, 23],
    ['AIRLINE_SERVICE_CLASSES', O.AIRLINE_SERVICE_CLASSES, 7],
    ['AIRLINE_SAFETY_RATINGS', O.AIRLINE_SAFETY_RATINGS, 5],
    ['CAR_PRICE_RANGES', O.CAR_PRICE_RANGES, 4],
    ['COURIER_SERVICE_TYPES', O.COURIER_SERVICE_TYPES, 8],
    ['TRACKING_SYSTEMS', O.TRACKING_SYSTEMS, 6],
    ['INSURANCE_OPTIONS', O.INSURANCE_OPTIONS, 5],
    ['TAXI_SERVICE_TYPES', O.TAXI_SERVICE_TYPES, 8],
    ['PROPERTY_TYPES', O.PROPERTY_TYPES, 15],
    ['PROPERTY_AMENITIES', O.PROPERTY_AMENITIES, 28],
    ['RESPONSE_TIMES', O.RESPONSE_TIMES, 5],
    ['GENERAL_SERVICE_TYPES', O.GENERAL_SERVICE_TYPES, 5],
    ['GENERAL_CATEGORIES', O.GENERAL_CATEGORIES, 34],
    ['DRIVER_VEHICLE_TYPES', O.DRIVER_VEHICLE_TYPES, 6],
    ['DRIVER_EXPERIENCE', O.DRIVER_EXPERIENCE, 4],
    ['DRIVER_AVAILABILITY', O.DRIVER_AVAILABILITY, 4],
    ['DESIGNER_SPECIALTIES', O.DESIGNER_SPECIALTIES, 12],
    ['DESIGNER_EXPERIENCE', O.DESIGNER_EXPERIENCE, 4],
    ['DESIGNER_PRICE_RANGES', O.DESIGNER_PRICE_RANGES, 4],
    ['APPLICATION_YEARS_EXPERIENCE', O.APPLICATION_YEARS_EXPERIENCE, 4],
    ['APPLICATION_SERVICE_TYPES', O.APPLICATION_SERVICE_TYPES, 4],
    ['APPLICATION_AVAILABILITY', O.APPLICATION_AVAILABILITY, 11],
    ['CANADIAN_PROVINCES', O.CANADIAN_PROVINCES, 13],
  ] as const)('%s has %i distinct entries', (_name, list, expected) => {
    const keys = list.map((o: string | { value: string }) => (typeof o === 'string' ? o : o.value));
    expect(keys).toHaveLength(expected);
    expect(new Set(keys).size).toBe(expected);
  });

  it('keeps the spec texts', () => {
    expect(O.RESTAURANT_PRICE_RANGES[0]).toEqual({ value: '$', label: '$ (under $15)' });
    expect(O.RESTAURANT_PRICE_RANGES[3].label).toBe('$$$$ (fine dining, $50+)');
    expect(O.HOTEL_PRICE_RANGES[3].label).toBe('$$$$ (luxury, $500+)');
    expect(O.CAR_PRICE_RANGES[0].label).toBe('$ ($20-50)');
    expect(O.AIRLINE_SAFETY_RATINGS).toEqual(['5-Star', '4-Star', '3-Star', '2-Star', '1-Star']);
    expect(O.CUISINES.at(-1)).toBe('Other');
    expect(O.GENERAL_CATEGORIES).toContain('Massage Therapy');
  });
});

describe('registration forms registry', () => {
  it('carries the spec texts', () => {
    expect(REGISTRATION_FORMS.restaurant).toMatchObject({
      title: 'Register Your Restaurant',
      buttonLabel: 'Register Restaurant',
      submittingLabel: 'Registering...',
      successTitle: 'Restaurant registered successfully!',
      failureTitle: 'Registration failed',
      failureDescription: 'Please try again later.',
      apiPath: '/api/restaurants',
    });
    expect(REGISTRATION_FORMS.restaurant.successDescription).toMatch(/review.*24 hours/);
    expect(REGISTRATION_FORMS['car-rental'].title).toBe('Register Your Car Rental');
    expect(REGISTRATION_FORMS.courier.title).toBe('Register Your Shipping Service');
    // Issue 26: one review time on every driver form.
    expect(REGISTRATION_FORMS.driver.successDescription).toBe(
      "Your driver application has been submitted for review. We'll contact you within 2-3 business days.",
    );
    expect(REGISTRATION_FORMS['driver-application'].successDescription).toBe("We'll review your application and contact you within 2-3 business days.");
    expect(REGISTRATION_FORMS['fashion-designer'].failureDescription).toBe('There was an error creating your profile. Please try again.');
    expect(REGISTRATION_FORMS['general-service'].failureDescription).toBe('Failed to register general service');
    expect(REGISTRATION_FORMS['driver-application'].successTitle).toBe('Application Submitted Successfully!');
  });

  it('gives every kind a distinct API path', () => {
    const paths = REGISTRATION_KINDS.map((k) => REGISTRATION_FORMS[k].apiPath);
    expect(new Set(paths).size).toBe(REGISTRATION_KINDS.length);
  });
});

describe('onboarding hub', () => {
  const cards = HUB_CATEGORIES.flatMap((c) => c.cards);

  it('has the eight categories and their cards', () => {
    expect(HUB_CATEGORIES.map((c) => c.title)).toEqual([
      'Transportation',
      'Hospitality and Food',
      'Property and Real Estate',
      'Beauty and Fashion',
      'Professional',
      'Construction and Maintenance',
      'Healthcare and Wellness',
      'Specialized',
    ]);
    expect(HUB_CATEGORIES[0].cards.map((c) => c.slug)).toEqual(['driver', 'vehicle', 'taxi-driver', 'courier']);
    expect(cards).toHaveLength(37);
  });

  it('sends every card to a dedicated form or to a general category', () => {
    const dedicated = new Set<string>(REGISTRATION_KINDS.map((k) => REGISTRATION_FORMS[k].route));
    for (const card of cards) {
      const general = (CARD_GENERAL_CATEGORY as Record<string, string>)[card.slug];
      if (general) {
        expect(card.route).toBe(`/register/${card.slug}`);
        expect(O.GENERAL_CATEGORIES).toContain(general);
      } else {
        expect(dedicated.has(card.route), card.slug).toBe(true);
      }
    }
    expect(cards.find((c) => c.slug === 'courier')?.route).toBe('/register/shipping');
    expect(cards.find((c) => c.slug === 'vehicle')?.route).toBe('/register/driver');
  });

  it('titles a card form for a person, a business or a service', () => {
    expect(generalCardFormTitle('hair-stylist')).toBe('Register as a Hair Stylist');
    expect(generalCardFormTitle('real-estate')).toBe('Register as a Real Estate Agent');
    expect(generalCardFormTitle('coffee-shop')).toBe('Register Your Coffee Shop');
    expect(generalCardFormTitle('errand')).toBe('Register Your Errand Services');
    expect(generalCardFormTitle('consultation')).toBe('Register Your Consultation Service');
    expect(generalCardFormTitle('laundry')).toBe('Register Your Laundry Service');
    for (const slug of Object.keys(CARD_GENERAL_CATEGORY)) expect(generalCardFormTitle(slug as keyof typeof CARD_GENERAL_CATEGORY)).toMatch(/^Register /);
  });
});
