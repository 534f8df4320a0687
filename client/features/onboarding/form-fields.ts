/**
 * The registration forms as field configurations: one list of sections per form kind. The rules live in the
 * domain schemas (REGISTRATION_FORMS[kind].schema); this file only says how each field is presented.
 */
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
  DRIVER_REVIEW_TIME,
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
  MENU_MIN_ITEMS,
  type RegistrationKind,
} from '@domain/onboarding';

export type FieldOption = string | { readonly value: string; readonly label: string };
export type FieldValues = Record<string, unknown>;

type Base = {
  name: string;
  label: string;
  /** Shown with a star; the schema decides what is really required. */
  required?: boolean;
  placeholder?: string;
  hint?: string;
  /** Take the whole row of the two-column grid. */
  wide?: boolean;
  /** Render only when this returns true (e.g. vehicle fields after "I have my own vehicle"). */
  visibleWhen?: (values: FieldValues) => boolean;
  autoComplete?: string;
};

export type FieldConfig =
  | (Base & { type: 'text' | 'email' | 'tel' | 'url' | 'time' | 'date' })
  | (Base & { type: 'number'; min?: number; max?: number })
  | (Base & { type: 'textarea' })
  | (Base & { type: 'select'; options: readonly FieldOption[] })
  | (Base & { type: 'country' })
  /** The region (province, state) of the country chosen in `countryField`: a list where the domain has one, else text. */
  | (Base & { type: 'region'; countryField: string })
  | (Base & { type: 'checkboxes'; options: readonly FieldOption[] })
  | (Base & { type: 'list' })
  /** A price in dollars typed as text ("12.50"); the schema checks it (moneyText). */
  | (Base & { type: 'money' })
  /** The restaurant's menu: rows of dish name, description and price, at least MENU_MIN_ITEMS. */
  | (Base & { type: 'menu' })
  /** A place's address (this field's name) and its map pin (the form's `lat` and `lng`): address search plus a Leaflet pin. */
  | (Base & { type: 'place' })
  | (Base & { type: 'checkbox'; description?: string });

export type FormSection = { title?: string; fields: readonly FieldConfig[] };

export function optionValue(option: FieldOption): string {
  return typeof option === 'string' ? option : option.value;
}
export function optionLabel(option: FieldOption): string {
  return typeof option === 'string' ? option : option.label;
}

const t = (name: string, label: string, extra: Partial<Base> & { type?: 'text' | 'email' | 'tel' | 'url' | 'time' | 'date' } = {}): FieldConfig => ({
  type: 'text',
  name,
  label,
  required: true,
  ...extra,
});
const opt = (name: string, label: string, extra: Partial<Base> = {}): FieldConfig => ({ type: 'text', name, label, ...extra });
const area = (name: string, label: string, extra: Partial<Base> = {}): FieldConfig => ({
  type: 'textarea',
  name,
  label,
  required: true,
  wide: true,
  ...extra,
});
const sel = (name: string, label: string, options: readonly FieldOption[], extra: Partial<Base> = {}): FieldConfig => ({
  type: 'select',
  name,
  label,
  options,
  required: true,
  ...extra,
});
const country = (): FieldConfig => ({ type: 'country', name: 'country', label: 'Country', required: true });
const email = (name = 'email', label = 'Email'): FieldConfig => ({
  type: 'email',
  name,
  label,
  required: true,
  placeholder: 'you@example.com',
  autoComplete: 'email',
});
const phone = (name = 'phone', label = 'Phone Number'): FieldConfig => ({
  type: 'tel',
  name,
  label,
  required: true,
  placeholder: '+1 555 123 4567',
  autoComplete: 'tel',
});
const website = (required = false): FieldConfig => ({ type: 'url', name: 'website', label: 'Website', required, placeholder: 'https://www.example.com' });
const description = (placeholder = 'Tell customers about your business'): FieldConfig => area('description', 'Description', { placeholder });
const ownerName = () => t('ownerName', 'Owner Name', { autoComplete: 'name' });
const businessLicense = () => t('businessLicense', 'Business License Number');
const taxId = () => opt('taxId', 'Tax ID (optional)');
const insuranceInfo = () => area('insuranceInfo', 'Insurance Information', { placeholder: 'Insurer, policy and coverage' });
const money = (name: string, label: string, placeholder: string): FieldConfig => ({ type: 'money', name, label, required: true, placeholder });
/** The address of a place with its map pin (issue 26): the pin's `lat` and `lng` travel with it. */
const place = (name: string, label: string, placeholder: string, hint?: string): FieldConfig => ({ type: 'place', name, label, required: true, wide: true, placeholder, hint });
const specialServices = () => ({ ...area('specialServices', 'Special Services (optional)'), required: false });

const restaurant: FormSection[] = [
  {
    fields: [
      t('name', 'Restaurant Name', { placeholder: 'e.g. Maple Leaf Bistro' }),
      sel('cuisine', 'Cuisine Type', CUISINES),
      description('Describe your restaurant, dishes and atmosphere'),
      place('location', 'Location (full address)', '123 Main Street, City'),
      country(),
      phone(),
      email(),
      t('openingHours', 'Opening Hours', { placeholder: 'Mon-Sun 11:00-22:00' }),
      sel('priceRange', 'Price Range', RESTAURANT_PRICE_RANGES),
      t('deliveryRadius', 'Delivery Radius', { placeholder: 'e.g. 5 km' }),
      t('minimumOrder', 'Minimum Order', { placeholder: 'e.g. $15' }),
      t('deliveryFee', 'Delivery Fee', { placeholder: 'e.g. $2.99' }),
      t('avgDeliveryTime', 'Average Delivery Time', { placeholder: 'e.g. 30 min' }),
      { ...area('specialties', 'Specialties (optional)', { placeholder: 'Signature dishes' }), required: false },
      ownerName(),
      businessLicense(),
      taxId(),
    ],
  },
  {
    title: 'Menu',
    fields: [{ type: 'menu', name: 'menu', label: 'Menu', required: true, wide: true, hint: 'At least 3 dishes with their prices; you can edit the menu later in your provider portal.' }],
  },
];

const hotel: FormSection[] = [
  {
    fields: [
      t('name', 'Hotel Name', { placeholder: 'e.g. Harbour View Hotel' }),
      sel('hotelType', 'Hotel Type', HOTEL_TYPES),
      description('Describe your hotel, rooms and surroundings'),
      place('location', 'Location', 'Street, city'),
      country(),
      phone(),
      email(),
      website(),
      sel('starRating', 'Star Rating', HOTEL_STAR_RATINGS),
      t('totalRooms', 'Total Rooms', { placeholder: 'e.g. 48' }),
      t('checkInTime', 'Check-in Time', { type: 'time' }),
      t('checkOutTime', 'Check-out Time', { type: 'time' }),
      sel('priceRange', 'Price Range (per night)', HOTEL_PRICE_RANGES),
      money('nightlyRate', 'Nightly Rate ($)', 'e.g. 189'),
      t('languages', 'Languages Spoken', { placeholder: 'English, French' }),
      area('cancellationPolicy', 'Cancellation Policy', { placeholder: 'e.g. Free cancellation up to 48 hours before arrival' }),
      { type: 'checkboxes', name: 'amenities', label: 'Amenities', options: HOTEL_AMENITIES, wide: true },
      ownerName(),
      businessLicense(),
      taxId(),
    ],
  },
];

const airline: FormSection[] = [
  {
    fields: [
      t('airlineName', 'Airline Name', { placeholder: 'e.g. Northern Skies' }),
      t('airlineCode', 'Airline Code', { placeholder: 'e.g. AA, UA' }),
      description('Describe your airline and network'),
      t('headquarters', 'Headquarters', { placeholder: 'City, airport or address' }),
      country(),
      phone(),
      email(),
      website(true),
      t('fleetSize', 'Fleet Size', { placeholder: 'e.g. 12' }),
      t('foundedYear', 'Founded Year', { placeholder: 'e.g. 1998' }),
      area('destinations', 'Destinations Served', { placeholder: 'Cities and countries you fly to' }),
      t('hubAirports', 'Hub Airports', { placeholder: 'e.g. YYZ, YVR' }),
      sel('serviceClass', 'Service Class', AIRLINE_SERVICE_CLASSES),
      sel('safetyRating', 'Safety Rating', AIRLINE_SAFETY_RATINGS),
      t('ceoName', 'CEO Name'),
      t('contactPerson', 'Contact Person'),
      businessLicense(),
      t('airlineOperatorLicense', 'Airline Operator License'),
      insuranceInfo(),
      specialServices(),
    ],
  },
];

const carRental: FormSection[] = [
  {
    fields: [
      t('companyName', 'Company Name', { placeholder: 'e.g. City Wheels' }),
      place('location', 'Main Location', 'Street, city', 'Where customers pick up their cars.'),
      description('Describe your rental company'),
      country(),
      phone(),
      email(),
      website(),
      t('fleetSize', 'Fleet Size', { placeholder: 'e.g. 40' }),
      t('operatingHours', 'Operating Hours', { placeholder: '08:00-20:00 daily' }),
      area('serviceAreas', 'Service Areas', { placeholder: 'Cities and airports you serve' }),
      t('carCategories', 'Car Categories', { placeholder: 'Economy, SUV, Luxury' }),
      sel('priceRange', 'Price Range (per day)', CAR_PRICE_RANGES),
      money('dailyRate', 'Daily Rate ($)', 'e.g. 65'),
      t('ageRequirement', 'Minimum Driver Age', { placeholder: 'e.g. 21' }),
      area('depositPolicy', 'Deposit Policy'),
      area('fuelPolicy', 'Fuel Policy'),
      area('driverLicenseReq', 'Driver License Requirements'),
      ownerName(),
      businessLicense(),
      taxId(),
      insuranceInfo(),
      specialServices(),
    ],
  },
];

const courier: FormSection[] = [
  {
    fields: [
      t('companyName', 'Company Name', { placeholder: 'e.g. Swift Parcel' }),
      t('headquarters', 'Headquarters', { placeholder: 'Street, city' }),
      description('Describe your delivery service'),
      country(),
      phone(),
      email(),
      website(),
      sel('serviceType', 'Service Type', COURIER_SERVICE_TYPES),
      sel('trackingSystem', 'Tracking System', TRACKING_SYSTEMS),
      sel('insuranceOffered', 'Insurance Offered', INSURANCE_OPTIONS),
      area('coverageArea', 'Coverage Area'),
      area('deliveryOptions', 'Delivery Options', { placeholder: 'Door to door, pick-up points…' }),
      t('maxWeightLimit', 'Maximum Weight Limit', { placeholder: 'e.g. 30 kg' }),
      t('maxDimensions', 'Maximum Dimensions', { placeholder: 'e.g. 100x60x60 cm' }),
      area('restrictedItems', 'Restricted Items'),
      t('deliveryTimeframes', 'Delivery Timeframes', { placeholder: 'e.g. 1-2 business days', wide: true }),
      area('priceStructure', 'Price Structure'),
      money('basePrice', 'Base Price per Shipment ($)', 'e.g. 12.99'),
      money('pricePerLb', 'Price per lb ($)', 'e.g. 0.90'),
      t('operatingHours', 'Operating Hours', { placeholder: 'Mon-Fri 8-18' }),
      t('paymentMethods', 'Payment Methods', { placeholder: 'Card, invoice' }),
      ownerName(),
      businessLicense(),
      taxId(),
      insuranceInfo(),
      specialServices(),
    ],
  },
];

const taxi: FormSection[] = [
  {
    fields: [
      t('companyName', 'Company Name', { placeholder: 'e.g. Blue Cab Co' }),
      t('location', 'Location', { placeholder: 'Street, city' }),
      description('Describe your taxi service'),
      country(),
      phone(),
      email(),
      website(),
      sel('serviceType', 'Service Type', TAXI_SERVICE_TYPES),
      t('fleetSize', 'Fleet Size', { placeholder: 'e.g. 60' }),
      t('vehicleTypes', 'Vehicle Types', { placeholder: 'Sedans, minivans' }),
      t('operatingHours', 'Operating Hours', { placeholder: '24 hours a day' }),
      area('serviceArea', 'Service Area'),
      area('bookingMethods', 'Booking Methods', { placeholder: 'Phone, app, street hail' }),
      t('paymentMethods', 'Payment Methods', { placeholder: 'Cash, card' }),
      area('priceStructure', 'Price Structure'),
      money('baseFare', 'Base Fare ($)', 'e.g. 3.50'),
      money('perKmRate', 'Rate per km ($)', 'e.g. 1.25'),
      area('driverRequirements', 'Driver Requirements'),
      area('safetyFeatures', 'Safety Features'),
      ownerName(),
      businessLicense(),
      t('taxiLicense', 'Taxi License Number'),
      taxId(),
      t('emergencyContact', 'Emergency Contact', { placeholder: 'Name and phone number' }),
      insuranceInfo(),
      specialServices(),
    ],
  },
];

const property: FormSection[] = [
  {
    fields: [
      t('title', 'Property Title', { placeholder: 'e.g. Sunny Downtown Condo' }),
      sel('propertyType', 'Property Type', PROPERTY_TYPES),
      description('Describe the property (at least 20 characters)'),
      place('location', 'Location', 'Street, city'),
      country(),
      t('bedrooms', 'Bedrooms', { placeholder: 'e.g. 2' }),
      t('bathrooms', 'Bathrooms', { placeholder: 'e.g. 1' }),
      t('maxGuests', 'Maximum Guests', { placeholder: 'e.g. 4' }),
      t('pricePerNight', 'Price per Night', { placeholder: 'e.g. 120' }),
      money('monthlyRent', 'Monthly Rent ($)', 'e.g. 1850'),
      t('minStay', 'Minimum Stay', { placeholder: 'e.g. 2 nights' }),
      opt('maxStay', 'Maximum Stay (optional)'),
      t('checkInTime', 'Check-in Time', { type: 'time' }),
      t('checkOutTime', 'Check-out Time', { type: 'time' }),
      ownerName(),
      phone(),
      email(),
      website(),
      { type: 'checkboxes', name: 'amenities', label: 'Amenities', options: PROPERTY_AMENITIES, wide: true },
      area('houseRules', 'House Rules'),
      area('cancellationPolicy', 'Cancellation Policy'),
      { ...area('nearbyAttractions', 'Nearby Attractions (optional)'), required: false },
      { ...area('publicTransport', 'Public Transport (optional)'), required: false },
      opt('propertySize', 'Property Size (optional)', { placeholder: 'e.g. 850 sq ft' }),
      opt('yearBuilt', 'Year Built (optional)'),
      opt('parkingSpaces', 'Parking Spaces (optional)'),
      opt('cleaningFee', 'Cleaning Fee (optional)'),
      opt('securityDeposit', 'Security Deposit (optional)'),
      opt('extraGuestFee', 'Extra Guest Fee (optional)'),
      t('languages', 'Languages Spoken', { placeholder: 'English, French' }),
      sel('responseTime', 'Response Time', RESPONSE_TIMES),
      opt('businessLicense', 'Business License (optional)'),
      opt('taxId', 'Tax ID (optional)'),
      { ...area('insuranceInfo', 'Insurance Information (optional)'), required: false },
    ],
  },
];

const listField = (name: string, label: string, placeholder: string): FieldConfig => ({
  type: 'list',
  name,
  label,
  placeholder,
  required: true,
  wide: true,
});

const generalService: FormSection[] = [
  {
    fields: [
      t('name', 'Service Name', { placeholder: 'e.g. Spotless Laundry' }),
      sel('category', 'Category', GENERAL_CATEGORIES),
      description('Describe your service'),
      sel('serviceType', 'Service Type', GENERAL_SERVICE_TYPES),
      t('price', 'Price Range', { placeholder: 'e.g. $50 - $120' }),
      money('startingPrice', 'Starting Price ($)', 'e.g. 50'),
      t('duration', 'Duration', { placeholder: 'e.g. 2 hours' }),
      t('availability', 'Availability', { placeholder: 'Mon-Sat 8am-8pm' }),
      email('contactEmail', 'Contact Email'),
      phone('contactPhone', 'Contact Phone'),
      t('serviceArea', 'Service Area', { placeholder: 'Cities or regions you serve' }),
      country(),
      listField('features', 'Features', 'Add a feature'),
      listField('requirements', 'Requirements', 'Add a requirement'),
      listField('specializations', 'Specializations', 'Add a specialization'),
      listField('languages', 'Languages', 'Add a language'),
      t('businessLicense', 'Business License'),
      t('insurance', 'Insurance', { placeholder: 'Liability insurance, provider' }),
      { ...area('experience', 'Experience', { placeholder: 'e.g. 5 years serving local businesses' }) },
    ],
  },
];

const driver: FormSection[] = [
  {
    fields: [
      t('fullName', 'Full Name', { autoComplete: 'name' }),
      email(),
      phone(),
      t('licenseNumber', "Driver's License Number"),
      t('licenseExpiry', 'License Expiry Date', { type: 'date' }),
      sel('vehicleType', 'Vehicle Type', DRIVER_VEHICLE_TYPES),
      t('vehicleMake', 'Vehicle Make', { placeholder: 'e.g. Toyota' }),
      t('vehicleModel', 'Vehicle Model', { placeholder: 'e.g. Corolla' }),
      {
        type: 'number',
        name: 'vehicleYear',
        label: 'Vehicle Year',
        required: true,
        min: DRIVER_VEHICLE_YEAR_MIN,
        max: driverVehicleYearMax(),
        placeholder: String(driverVehicleYearMax() - 1),
        hint: `Between ${DRIVER_VEHICLE_YEAR_MIN} and ${driverVehicleYearMax()}`,
      },
      t('vehiclePlate', 'License Plate'),
      sel('experience', 'Driving Experience', DRIVER_EXPERIENCE),
      sel('availability', 'Availability', DRIVER_AVAILABILITY),
      t('serviceAreas', 'Service Areas', { placeholder: 'Cities or neighbourhoods', wide: true }),
      { ...area('description', 'About You (optional)'), required: false },
    ],
  },
];

const fashionDesigner: FormSection[] = [
  {
    fields: [
      t('designerName', 'Designer Name', { autoComplete: 'name' }),
      opt('businessName', 'Business Name (optional)'),
      email(),
      phone(),
      website(),
      opt('instagram', 'Instagram', { placeholder: '@yourhandle' }),
      { type: 'checkboxes', name: 'specialties', label: 'Specialties', options: DESIGNER_SPECIALTIES, wide: true, required: true },
      sel('experience', 'Experience Level', DESIGNER_EXPERIENCE),
      sel('priceRange', 'Price Range', DESIGNER_PRICE_RANGES),
      t('workLocation', 'Work Location', { placeholder: 'Studio address or city' }),
      opt('serviceAreas', 'Service Areas', { placeholder: 'Cities you serve' }),
      { ...area('portfolio', 'Portfolio', { placeholder: 'Links to your work' }), required: false },
      area('description', 'Description', { placeholder: 'Tell customers about your designs' }),
      { type: 'checkbox', name: 'customOrders', label: 'I accept custom orders' },
      { type: 'checkbox', name: 'alterations', label: 'I offer alterations' },
      { type: 'checkbox', name: 'consultations', label: 'I offer consultations' },
    ],
  },
];

const hasVehicle = (values: FieldValues) => values.hasVehicle === true;

const driverApplication: FormSection[] = [
  {
    title: 'Personal Information',
    fields: [
      t('firstName', 'First Name', { autoComplete: 'given-name' }),
      t('lastName', 'Last Name', { autoComplete: 'family-name' }),
      { ...email('email', 'Email Address') },
      phone(),
      t('dateOfBirth', 'Date of Birth', { type: 'date' }),
      t('address', 'Street Address', { placeholder: '45 Elm Street, Apt 3', wide: true }),
      t('city', 'City'),
      country(),
      // The chosen country's provinces or states as a list (Canada, United States), typed for any other country.
      { type: 'region', name: 'province', label: 'Province / State', countryField: 'country', required: true },
      t('postalCode', 'Postal / ZIP Code', { placeholder: 'M5V 2T6' }),
    ],
  },
  {
    title: 'Driver License Information',
    fields: [
      t('licenseNumber', "Driver's License Number"),
      t('licenseExpiry', 'License Expiry Date', { type: 'date' }),
      sel('yearsExperience', 'Years of Driving Experience', APPLICATION_YEARS_EXPERIENCE),
    ],
  },
  {
    title: 'Vehicle Information',
    fields: [
      {
        type: 'checkbox',
        name: 'hasVehicle',
        label: 'I have my own vehicle',
        description: 'Vehicle details are needed for taxi and delivery services.',
        wide: true,
      },
      opt('vehicleMake', 'Vehicle Make', { visibleWhen: hasVehicle }),
      opt('vehicleModel', 'Vehicle Model', { visibleWhen: hasVehicle }),
      opt('vehicleYear', 'Vehicle Year', { visibleWhen: hasVehicle, placeholder: 'e.g. 2020' }),
      opt('vehiclePlate', 'License Plate', { visibleWhen: hasVehicle }),
      opt('vehicleInsurance', 'Vehicle Insurance', { visibleWhen: hasVehicle, wide: true, placeholder: 'Insurer and policy number' }),
    ],
  },
  {
    title: 'Service Preferences',
    fields: [
      { type: 'checkboxes', name: 'serviceTypes', label: 'Service Types', options: APPLICATION_SERVICE_TYPES, required: true, wide: true },
      { type: 'checkboxes', name: 'availability', label: 'Availability', options: APPLICATION_AVAILABILITY, required: true, wide: true },
      t('preferredAreas', 'Preferred Working Areas', { placeholder: 'Downtown, airport, suburbs…', wide: true }),
    ],
  },
  {
    title: 'Emergency Contact',
    fields: [t('emergencyContact', 'Emergency Contact Name'), phone('emergencyPhone', 'Emergency Contact Phone')],
  },
  {
    title: 'Terms and Conditions',
    fields: [
      {
        type: 'checkbox',
        name: 'backgroundCheck',
        label: 'I consent to a background check',
        required: true,
        wide: true,
      },
      {
        type: 'checkbox',
        name: 'termsAccepted',
        label: 'I accept the terms and conditions',
        required: true,
        wide: true,
      },
    ],
  },
];

/** Field layout of every form kind. */
export const FORM_SECTIONS: Record<RegistrationKind, readonly FormSection[]> = {
  restaurant,
  hotel,
  airline,
  'car-rental': carRental,
  courier,
  taxi,
  property,
  'general-service': generalService,
  driver,
  'fashion-designer': fashionDesigner,
  'driver-application': driverApplication,
};

/** The form values a field holds: its own, and for a place also its pin's `lat` and `lng`. */
export function valueNamesOf(field: FieldConfig): string[] {
  return field.type === 'place' ? [field.name, 'lat', 'lng'] : [field.name];
}

/** Empty starting values for a form: '' for text and selects, [] for groups and lists, false for checkboxes. */
export function emptyValues(sections: readonly FormSection[]): FieldValues {
  const values: FieldValues = {};
  for (const section of sections) {
    for (const field of section.fields) {
      if (field.type === 'checkboxes' || field.type === 'list') values[field.name] = [];
      else if (field.type === 'menu') values[field.name] = Array.from({ length: MENU_MIN_ITEMS }, () => ({ name: '', description: '', price: '' }));
      else if (field.type === 'checkbox') values[field.name] = false;
      else if (field.type === 'place') {
        values[field.name] = '';
        values.lat = null;
        values.lng = null;
      }
      else values[field.name] = '';
    }
  }
  return values;
}

/** Subtitle under each form's heading. */
export function formSubtitle(kind: RegistrationKind): string {
  if (kind === 'driver') {
    return `Drive with us on your own schedule. We'll review your details and contact you ${DRIVER_REVIEW_TIME}.`;
  }
  if (kind === 'driver-application') {
    return `Tell us about yourself, your licence and your availability. We'll review your application and contact you ${DRIVER_REVIEW_TIME}.`;
  }
  if (kind === 'fashion-designer') return 'Create your designer profile and start receiving custom orders from customers.';
  return "Reach customers in 195+ countries. Your registration is reviewed by our team and we'll contact you within 24 hours.";
}
