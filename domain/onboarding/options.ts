/**
 * Option lists of the provider registration forms (spec 001 section 3, spec 002 section 3), with the spec's
 * exact texts and counts. Lists whose stored value differs from the label carry `{ value, label }`.
 */

/** The 24 cuisines of the restaurant form. */
export const CUISINES = [
  'Italian',
  'Chinese',
  'Indian',
  'Mexican',
  'Japanese',
  'Thai',
  'American',
  'Mediterranean',
  'French',
  'Korean',
  'Vietnamese',
  'Greek',
  'Turkish',
  'Lebanese',
  'Brazilian',
  'Ethiopian',
  'Spanish',
  'German',
  'British',
  'Russian',
  'Moroccan',
  'Peruvian',
  'Argentine',
  'Other',
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Restaurant price bands (per person). */
export const RESTAURANT_PRICE_RANGES = [
  { value: '$', label: '$ (under $15)' },
  { value: '$$', label: '$$ ($15-30)' },
  { value: '$$$', label: '$$$ ($30-50)' },
  { value: '$$$$', label: '$$$$ (fine dining, $50+)' },
] as const;

/** The four price band symbols shared by the restaurant, hotel and car rental forms. */
export const PRICE_BANDS = ['$', '$$', '$$$', '$$$$'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

export const HOTEL_STAR_RATINGS = [
  { value: '1', label: '1 Star' },
  { value: '2', label: '2 Stars' },
  { value: '3', label: '3 Stars' },
  { value: '4', label: '4 Stars' },
  { value: '5', label: '5 Stars' },
] as const;

/** The 15 hotel types. */
export const HOTEL_TYPES = [
  'Budget Hotel',
  'Business Hotel',
  'Luxury Hotel',
  'Resort',
  'Boutique Hotel',
  'Extended Stay',
  'Motel',
  'Hostel',
  'Bed & Breakfast',
  'Apartment Hotel',
  'Eco Lodge',
  'Casino Hotel',
  'Spa Hotel',
  'Airport Hotel',
  'Other',
] as const;

/** Hotel price bands (per night). */
export const HOTEL_PRICE_RANGES = [
  { value: '$', label: '$ (under $100)' },
  { value: '$$', label: '$$ ($100-250)' },
  { value: '$$$', label: '$$$ ($250-500)' },
  { value: '$$$$', label: '$$$$ (luxury, $500+)' },
] as const;

/** The 23 hotel amenities (checkbox group). */
export const HOTEL_AMENITIES = [
  'Free WiFi',
  'Parking',
  'Pool',
  'Gym',
  'Spa',
  'Restaurant',
  'Bar',
  'Room Service',
  'Laundry',
  'Business Center',
  'Pet Friendly',
  'Airport Shuttle',
  'Concierge',
  'Conference Rooms',
  'Air Conditioning',
  'Heating',
  'Elevator',
  '24/7 Front Desk',
  'Safe',
  'Mini Bar',
  'Balcony',
  'Sea View',
  'City View',
] as const;

/** The 7 airline service classes. */
export const AIRLINE_SERVICE_CLASSES = [
  'Budget/Low-cost',
  'Full-service',
  'Premium',
  'Luxury',
  'Cargo',
  'Charter',
  'Regional',
] as const;

/** The 5 airline safety ratings, best first. */
export const AIRLINE_SAFETY_RATINGS = ['5-Star', '4-Star', '3-Star', '2-Star', '1-Star'] as const;

/** Car rental price bands (per day). */
export const CAR_PRICE_RANGES = [
  { value: '$', label: '$ ($20-50)' },
  { value: '$$', label: '$$ ($50-100)' },
  { value: '$$$', label: '$$$ ($100-200)' },
  { value: '$$$$', label: '$$$$ ($200+)' },
] as const;

/** The 8 courier / shipping service types. */
export const COURIER_SERVICE_TYPES = [
  'Local Delivery',
  'National Shipping',
  'International Shipping',
  'Express Courier',
  'Freight Transport',
  'Same-Day Delivery',
  'E-commerce Fulfillment',
  'Document Delivery',
] as const;

/** The 6 tracking systems. */
export const TRACKING_SYSTEMS = [
  'Real-time GPS tracking',
  'SMS/Email updates',
  'Web portal tracking',
  'Mobile app tracking',
  'Barcode scanning',
  'RFID tracking',
] as const;

/** The 5 insurance options. */
export const INSURANCE_OPTIONS = [
  'Basic coverage included',
  'Full insurance available',
  'Third-party insurance',
  'No insurance',
  'Custom insurance packages',
] as const;

/** The 8 taxi service types. */
export const TAXI_SERVICE_TYPES = [
  'Regular Taxi',
  'Ride-sharing',
  'Airport Transfer',
  'Corporate Transport',
  'Luxury Service',
  'Medical Transport',
  'Delivery Service',
  'Tourist Transport',
] as const;

/** The 15 property types. */
export const PROPERTY_TYPES = [
  'Apartment',
  'House',
  'Villa',
  'Condo',
  'Studio',
  'Room',
  'Cabin',
  'Cottage',
  'Townhouse',
  'Loft',
  'Penthouse',
  'Chalet',
  'Hostel',
  'Guesthouse',
  'B&B',
] as const;

/** The 28 property amenities. */
export const PROPERTY_AMENITIES = [
  'WiFi',
  'Kitchen',
  'Parking',
  'Pool',
  'Gym',
  'Air Conditioning',
  'Heating',
  'Washing Machine',
  'Dryer',
  'Dishwasher',
  'TV',
  'Workspace',
  'Fireplace',
  'Balcony',
  'Garden',
  'BBQ',
  'Hot Tub',
  'Sauna',
  'Security System',
  'Elevator',
  'Pet Friendly',
  'Smoking Allowed',
  'Wheelchair Accessible',
  'Beach Access',
  'Mountain View',
  'City View',
  'Sea View',
  'Lake View',
] as const;

/** Host response times of the property form. */
export const RESPONSE_TIMES = ['Within 1 hour', 'Within 2 hours', 'Within 4 hours', 'Within 24 hours', 'Within 48 hours'] as const;

/** The 5 general service types. */
export const GENERAL_SERVICE_TYPES = ['On-demand', 'Recurring', 'Contract', 'Emergency', 'Consultation'] as const;

/** The 34 general service categories, in the spec's order. */
export const GENERAL_CATEGORIES = [
  'Computer Tech',
  'Consultation',
  'Training',
  'Trade and Supplier',
  'Care Home',
  'General Business Services',
  'Barbing',
  'Transportation',
  'Fashion Designing',
  'Hair Styling',
  'Shoe Making',
  'Computer and Electronic Repair',
  'Building Maintenance',
  'Daycare',
  'Shipping and Supplier',
  'Construction',
  'Renewable Energy',
  'Tie and Dye',
  'Laundry Service',
  'Billboard Production',
  'Photography and Artwork',
  'Event Planning',
  'Printing',
  'Hiring',
  'Coffee Shop',
  'Health Care Center',
  'Catering Service',
  'Marketing and Advertising',
  'Carpentry',
  'Mobile Services',
  'Tutoring',
  'Mechanic Services',
  'Errand Services',
  'Massage Therapy',
] as const;
export type GeneralCategory = (typeof GENERAL_CATEGORIES)[number];

/** Vehicle types of the simple driver form. */
export const DRIVER_VEHICLE_TYPES = [
  { value: 'sedan', label: 'Sedan' },
  { value: 'suv', label: 'SUV' },
  { value: 'hatchback', label: 'Hatchback' },
  { value: 'van', label: 'Van' },
  { value: 'truck', label: 'Truck' },
  { value: 'motorcycle', label: 'Motorcycle' },
] as const;

/** Driving experience of the simple driver form. */
export const DRIVER_EXPERIENCE = [
  { value: '1-2', label: '1-2 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '5-10', label: '5-10 years' },
  { value: '10+', label: '10+ years' },
] as const;

/** Availability of the simple driver form. */
export const DRIVER_AVAILABILITY = [
  { value: 'full-time', label: 'Full-time (40+ hours/week)' },
  { value: 'part-time', label: 'Part-time (20-39 hours/week)' },
  { value: 'weekends', label: 'Weekends only' },
  { value: 'flexible', label: 'Flexible' },
] as const;

/**
 * Vehicle years accepted by the simple driver form: 2000 to next year. Deviation from spec 001 (2000-2025): the
 * spec was written before 2026, and a current model year must be accepted (issue 15); the upper bound moves with
 * the calendar (next year's models are sold from the autumn).
 */
export const DRIVER_VEHICLE_YEAR_MIN = 2000;
export function driverVehicleYearMax(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

/** The 12 fashion designer specialties. */
export const DESIGNER_SPECIALTIES = [
  'Evening Wear',
  'Bridal',
  'Casual Wear',
  'Business Attire',
  "Children's Clothing",
  'Plus Size',
  'Vintage Style',
  'Avant-garde',
  'Sustainable Fashion',
  'Traditional/Cultural',
  'Accessories',
  'Footwear',
] as const;

export const DESIGNER_EXPERIENCE = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'experienced', label: 'Experienced' },
  { value: 'expert', label: 'Expert' },
] as const;

export const DESIGNER_PRICE_RANGES = [
  { value: 'budget', label: 'Budget ($50-200)' },
  { value: 'mid-range', label: 'Mid-range ($200-500)' },
  { value: 'premium', label: 'Premium ($500-1000)' },
  { value: 'luxury', label: 'Luxury ($1000+)' },
] as const;

/** Years of driving experience of the full driver application. */
export const APPLICATION_YEARS_EXPERIENCE = [
  { value: '1-2', label: '1-2 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '6-10', label: '6-10 years' },
  { value: '10+', label: '10+ years' },
] as const;

/** Services a full-application driver can offer. */
export const APPLICATION_SERVICE_TYPES = [
  { value: 'food-delivery', label: 'Food Delivery' },
  { value: 'taxi', label: 'Taxi' },
  { value: 'shipping', label: 'Shipping' },
  { value: 'general-services', label: 'General Services' },
] as const;

export const APPLICATION_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const APPLICATION_TIME_SLOTS = [
  'Morning (6AM-12PM)',
  'Afternoon (12PM-6PM)',
  'Evening (6PM-12AM)',
  'Night (12AM-6AM)',
] as const;
/** Availability choices of the full driver application: the seven days, then the four time slots. */
export const APPLICATION_AVAILABILITY = [...APPLICATION_DAYS, ...APPLICATION_TIME_SLOTS] as const;

/** The 13 Canadian provinces and territories (value = postal abbreviation). */
export const CANADIAN_PROVINCES = [
  { value: 'AB', label: 'Alberta' },
  { value: 'BC', label: 'British Columbia' },
  { value: 'MB', label: 'Manitoba' },
  { value: 'NB', label: 'New Brunswick' },
  { value: 'NL', label: 'Newfoundland and Labrador' },
  { value: 'NS', label: 'Nova Scotia' },
  { value: 'NT', label: 'Northwest Territories' },
  { value: 'NU', label: 'Nunavut' },
  { value: 'ON', label: 'Ontario' },
  { value: 'PE', label: 'Prince Edward Island' },
  { value: 'QC', label: 'Quebec' },
  { value: 'SK', label: 'Saskatchewan' },
  { value: 'YT', label: 'Yukon' },
] as const;

/** The 50 US states and the District of Columbia (value = postal abbreviation). */
export const US_STATES = [
  { value: 'AL', label: 'Alabama' },
  { value: 'AK', label: 'Alaska' },
  { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' },
  { value: 'CA', label: 'California' },
  { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' },
  { value: 'DE', label: 'Delaware' },
  { value: 'DC', label: 'District of Columbia' },
  { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' },
  { value: 'HI', label: 'Hawaii' },
  { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' },
  { value: 'IN', label: 'Indiana' },
  { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' },
  { value: 'KY', label: 'Kentucky' },
  { value: 'LA', label: 'Louisiana' },
  { value: 'ME', label: 'Maine' },
  { value: 'MD', label: 'Maryland' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' },
  { value: 'MN', label: 'Minnesota' },
  { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' },
  { value: 'MT', label: 'Montana' },
  { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' },
  { value: 'NH', label: 'New Hampshire' },
  { value: 'NJ', label: 'New Jersey' },
  { value: 'NM', label: 'New Mexico' },
  { value: 'NY', label: 'New York' },
  { value: 'NC', label: 'North Carolina' },
  { value: 'ND', label: 'North Dakota' },
  { value: 'OH', label: 'Ohio' },
  { value: 'OK', label: 'Oklahoma' },
  { value: 'OR', label: 'Oregon' },
  { value: 'PA', label: 'Pennsylvania' },
  { value: 'RI', label: 'Rhode Island' },
  { value: 'SC', label: 'South Carolina' },
  { value: 'SD', label: 'South Dakota' },
  { value: 'TN', label: 'Tennessee' },
  { value: 'TX', label: 'Texas' },
  { value: 'UT', label: 'Utah' },
  { value: 'VT', label: 'Vermont' },
  { value: 'VA', label: 'Virginia' },
  { value: 'WA', label: 'Washington' },
  { value: 'WV', label: 'West Virginia' },
  { value: 'WI', label: 'Wisconsin' },
  { value: 'WY', label: 'Wyoming' },
] as const;

/**
 * The regions a form offers as a list for a country (by the country NAME the country select stores): Canada's
 * provinces and territories, the US states. Any other country's region is typed ({@link regionsOf} answers null).
 */
export const REGIONS_BY_COUNTRY: Readonly<Record<string, { noun: string; message: string; options: readonly { value: string; label: string }[] }>> = {
  Canada: { noun: 'province or territory', message: 'Please select a province or territory', options: CANADIAN_PROVINCES },
  'United States': { noun: 'state', message: 'Please select a state', options: US_STATES },
};

export function regionsOf(country: string): (typeof REGIONS_BY_COUNTRY)[string] | null {
  return Object.prototype.hasOwnProperty.call(REGIONS_BY_COUNTRY, country) ? REGIONS_BY_COUNTRY[country] : null;
}

/**
 * How long the review of a driver's sign-up takes, promised the same on every driver form (the simple registration,
 * the full application, their confirmations and their mails): one team reviews them all in the same queue.
 */
export const DRIVER_REVIEW_TIME = 'within 2-3 business days';

/** The values of a `{ value, label }` option list, as a tuple usable by `z.enum`. */
export function optionValues<const T extends readonly { value: string }[]>(
  options: T,
): [T[number]['value'], ...T[number]['value'][]] {
  return options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
}
