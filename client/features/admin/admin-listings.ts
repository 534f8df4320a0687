/**
 * The admin dashboard's listing tabs as data: the stored field names each table shows (spec 002 section 2 asks
 * for the stored names, not the original's mismatched ones) and the fields its Edit dialog offers. The rules
 * of an edit are the domain's AdminEditSchemas; this file only says how each field is presented.
 */
import type { AdminCollection, AdminStats, EditableCollection } from '@domain/admin/schemas';
import { LISTING_KINDS, type ListingKind } from '@domain/catalogue/kinds';
import { CUISINES, GENERAL_CATEGORIES, GENERAL_SERVICE_TYPES, type RegistrationKind } from '@domain/onboarding';
import { FORM_SECTIONS } from '@client/features/onboarding/form-fields';

export type ColumnFormat = 'text' | 'money' | 'rating' | 'list';
export type Column = { key: string; label: string; format?: ColumnFormat };

export type EditFieldType = 'text' | 'textarea' | 'money' | 'int' | 'decimal' | 'list' | 'time' | 'select';
export type EditField = { name: string; label: string; type: EditFieldType; options?: readonly string[] };

export type ListingTab = {
  id: string;
  label: string;
  collection: EditableCollection;
  /** Field naming a row in dialogs and labels. */
  nameKey: string;
  columns: readonly Column[];
  editFields: readonly EditField[];
};

/** A tab's id, label and collection come from the listing-kind registry. */
const tabOf = (kind: ListingKind) => {
  const k = LISTING_KINDS[kind];
  // The taxi tab lists ride types (Economy, Comfort...), not rides: its label says so (issue 26).
  return { id: k.adminTab, label: kind === 'taxi-ride' ? 'Ride types' : k.adminLabel, collection: k.collection, nameKey: k.nameKey };
};

const text = (name: string, label: string): EditField => ({ name, label, type: 'text' });
const money = (name: string, label: string): EditField => ({ name, label, type: 'money' });
const int = (name: string, label: string): EditField => ({ name, label, type: 'int' });
const description: EditField = { name: 'description', label: 'Description', type: 'textarea' };
const image = text('image', 'Image URL');

export const LISTING_TABS: readonly ListingTab[] = [
  {
    ...tabOf('restaurant'),
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'cuisine', label: 'Cuisine' },
      { key: 'deliveryTime', label: 'Delivery time' },
      { key: 'deliveryFee', label: 'Delivery fee', format: 'money' },
      { key: 'deliveryRadiusKm', label: 'Radius (km)' },
      { key: 'rating', label: 'Rating', format: 'rating' },
    ],
    editFields: [
      text('name', 'Name'),
      { name: 'cuisine', label: 'Cuisine', type: 'select', options: CUISINES },
      text('deliveryTime', 'Delivery time'),
      money('deliveryFee', 'Delivery fee'),
      { name: 'deliveryRadiusKm', label: 'Delivery radius (km)', type: 'decimal' },
      text('phone', 'Phone'),
      text('address', 'Address'),
      image,
      description,
    ],
  },
  {
    ...tabOf('hotel'),
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'location', label: 'Location' },
      { key: 'pricePerNight', label: 'Price / night', format: 'money' },
      { key: 'starRating', label: 'Stars' },
      { key: 'rating', label: 'Rating', format: 'rating' },
    ],
    editFields: [
      text('name', 'Name'),
      text('location', 'Location'),
      money('pricePerNight', 'Price per night'),
      int('starRating', 'Star rating'),
      int('rooms', 'Rooms'),
      int('maxGuests', 'Max guests'),
      { name: 'amenities', label: 'Amenities (comma separated)', type: 'list' },
      image,
      description,
    ],
  },
  {
    ...tabOf('flight'),
    columns: [
      { key: 'airline', label: 'Airline' },
      { key: 'flightNumber', label: 'Flight' },
      { key: 'departureCity', label: 'From' },
      { key: 'arrivalCity', label: 'To' },
      { key: 'departureTime', label: 'Departs' },
      { key: 'price', label: 'Price', format: 'money' },
    ],
    editFields: [
      text('airline', 'Airline'),
      text('flightNumber', 'Flight number'),
      text('departureCity', 'Departure city'),
      text('arrivalCity', 'Arrival city'),
      { name: 'departureTime', label: 'Departure time', type: 'time' },
      { name: 'arrivalTime', label: 'Arrival time', type: 'time' },
      text('duration', 'Duration'),
      money('price', 'Price'),
      image,
    ],
  },
  {
    ...tabOf('car'),
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'category', label: 'Category' },
      { key: 'seats', label: 'Seats' },
      { key: 'pricePerDay', label: 'Price / day', format: 'money' },
      { key: 'company', label: 'Company' },
    ],
    editFields: [
      text('model', 'Model'),
      text('category', 'Category'),
      int('seats', 'Seats'),
      int('luggage', 'Luggage'),
      money('pricePerDay', 'Price per day'),
      text('company', 'Company'),
      text('location', 'Location'),
      image,
    ],
  },
  {
    ...tabOf('property'),
    columns: [
      { key: 'title', label: 'Title' },
      { key: 'type', label: 'Type' },
      { key: 'location', label: 'Location' },
      { key: 'bedrooms', label: 'Bedrooms' },
      { key: 'pricePerMonth', label: 'Price / month', format: 'money' },
    ],
    editFields: [
      text('title', 'Title'),
      text('type', 'Type'),
      text('location', 'Location'),
      int('bedrooms', 'Bedrooms'),
      int('bathrooms', 'Bathrooms'),
      int('sqft', 'Square feet'),
      money('pricePerMonth', 'Price per month'),
      { name: 'amenities', label: 'Amenities (comma separated)', type: 'list' },
      image,
      description,
    ],
  },
  {
    ...tabOf('taxi-ride'),
    columns: [
      { key: 'type', label: 'Type' },
      { key: 'baseFare', label: 'Base fare', format: 'money' },
      { key: 'perKm', label: 'Per km', format: 'money' },
      { key: 'passengers', label: 'Passengers' },
      { key: 'estimatedTime', label: 'Estimated time' },
    ],
    editFields: [
      text('type', 'Type'),
      money('baseFare', 'Base fare'),
      money('perKm', 'Per-km fare'),
      int('passengers', 'Passengers'),
      text('priceEstimate', 'Price estimate'),
      text('estimatedTime', 'Estimated time'),
      text('waitTime', 'Wait time'),
      text('icon', 'Icon'),
      image,
      description,
    ],
  },
  {
    ...tabOf('shipping-rate'),
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'speed', label: 'Speed' },
      { key: 'basePrice', label: 'Base price', format: 'money' },
      { key: 'pricePerLb', label: 'Per lb', format: 'money' },
      { key: 'deliveryTime', label: 'Delivery time' },
    ],
    editFields: [
      text('name', 'Name'),
      { name: 'speed', label: 'Speed', type: 'select', options: ['standard', 'express', 'overnight'] },
      money('basePrice', 'Base price'),
      money('pricePerLb', 'Price per lb'),
      text('deliveryTime', 'Delivery time'),
      image,
      description,
    ],
  },
  {
    ...tabOf('additional-service'),
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'category', label: 'Category' },
      { key: 'price', label: 'Price', format: 'money' },
    ],
    editFields: [text('name', 'Name'), text('category', 'Category'), money('price', 'Price'), text('icon', 'Icon'), description],
  },
  {
    ...tabOf('general-service'),
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'category', label: 'Category' },
      { key: 'serviceType', label: 'Service type' },
      { key: 'price', label: 'Price' },
      { key: 'country', label: 'Country' },
    ],
    editFields: [
      text('name', 'Name'),
      { name: 'category', label: 'Category', type: 'select', options: GENERAL_CATEGORIES },
      { name: 'serviceType', label: 'Service type', type: 'select', options: GENERAL_SERVICE_TYPES },
      text('price', 'Price range'),
      money('priceFrom', 'Starting price'),
      text('duration', 'Duration'),
      text('availability', 'Availability'),
      text('contactEmail', 'Contact email'),
      text('contactPhone', 'Contact phone'),
      text('serviceArea', 'Service area'),
      text('country', 'Country'),
      text('experience', 'Experience'),
      { name: 'features', label: 'Features (comma separated)', type: 'list' },
      { name: 'requirements', label: 'Requirements (comma separated)', type: 'list' },
      { name: 'specializations', label: 'Specializations (comma separated)', type: 'list' },
      { name: 'languages', label: 'Languages (comma separated)', type: 'list' },
      description,
    ],
  },
];

export const REVIEW_TAB = 'review';
export const MESSAGES_TAB = 'messages';
export const PROVIDERS_TAB = 'providers';
export const DELIVERIES_TAB = 'deliveries';
export const MAIL_TAB = 'mail';
/** Customer reviews and ratings (not the registration review queue). */
export const RATINGS_TAB = 'reviews';
export const AUDIT_TAB = 'audit';
/** Occupancy per listing over the coming 30 days (issue 25). */
export const OCCUPANCY_TAB = 'occupancy';
/** Bookings: search, open, refund (issue 26). */
export const ORDERS_TAB = 'orders';
/** Accounts: roles, disable and enable (issue 26). */
export const USERS_TAB = 'users';
/** The tab holding the listing tabs (the catalogue): its own tabs are LISTING_TABS. */
export const CATALOGUE_TAB = 'catalogue';
/** Money: GMV, revenue, refunds, payouts, the trial balance and the commission rules (issue 28). */
export const FINANCE_TAB = 'finance';

/** True when `tab` is one of the catalogue's listing tabs. */
export function isListingTab(tab: string): boolean {
  return LISTING_TABS.some((t) => t.id === tab);
}

/** Every tab a `/admin?tab=...` link may name. */
export const ADMIN_TABS: readonly string[] = [ORDERS_TAB, USERS_TAB, ...LISTING_TABS.map((t) => t.id), REVIEW_TAB, MESSAGES_TAB, PROVIDERS_TAB, DELIVERIES_TAB, MAIL_TAB, RATINGS_TAB, AUDIT_TAB, OCCUPANCY_TAB, FINANCE_TAB];

/**
 * The tab a `/admin?tab=...` link opens (the test notification page links to Mail; `catalogue` opens its first
 * listing tab); anything else opens Orders, the day's work.
 */
export function initialAdminTab(param: string | null): string {
  if (param === CATALOGUE_TAB) return LISTING_TABS[0].id;
  return param && ADMIN_TABS.includes(param) ? param : ORDERS_TAB;
}

/** The file the Export Reports button downloads for each tab: a collection, or the bookings report for Orders. */
export function exportCollection(tab: string): AdminCollection | 'bookings' {
  if (tab === ORDERS_TAB) return 'bookings';
  if (tab === USERS_TAB) return 'users';
  if (tab === REVIEW_TAB) return 'registrations';
  if (tab === MESSAGES_TAB) return 'contact-messages';
  if (tab === PROVIDERS_TAB) return 'service-providers';
  return LISTING_TABS.find((t) => t.id === tab)?.collection ?? 'restaurants';
}

/**
 * The summary cards: a count from /api/admin/stats, what it counts said as it is, and the tab a click opens.
 * Taxi "rides" are the ride types customers choose from (Economy, Comfort...), not rides taken; the review queue
 * holds registrations (customer reviews are the Reviews tab).
 */
export const STAT_CARDS: readonly { key: keyof AdminStats; label: string; tab: string; format?: 'money'; hint?: string }[] = [
  { key: 'orders', label: 'Paid orders', tab: ORDERS_TAB, hint: 'Bookings that were paid, refunded ones included' },
  { key: 'revenue', label: 'Revenue (paid − refunded)', tab: ORDERS_TAB, format: 'money', hint: 'Captured payments minus refunds' },
  { key: 'refunded', label: 'Refunded', tab: ORDERS_TAB, format: 'money' },
  { key: 'users', label: 'Users', tab: USERS_TAB, hint: 'Accounts of every role' },
  { key: 'pendingRegistrations', label: 'Registrations to review', tab: REVIEW_TAB },
  { key: 'unreadMessages', label: 'Unread messages', tab: MESSAGES_TAB },
  { key: 'total', label: 'Listings (all kinds)', tab: 'restaurants' },
  { key: 'restaurants', label: 'Restaurants', tab: 'restaurants' },
  { key: 'hotels', label: 'Hotels', tab: 'hotels' },
  { key: 'flights', label: 'Flights', tab: 'flights' },
  { key: 'cars', label: 'Cars', tab: 'cars' },
  { key: 'properties', label: 'Properties', tab: 'properties' },
  { key: 'taxiRides', label: 'Ride types', tab: 'taxi', hint: 'Taxi ride types customers choose from' },
  { key: 'shipping', label: 'Shipping services', tab: 'shipping' },
  { key: 'generalServices', label: 'General services', tab: 'general' },
];

export const KIND_LABELS: Record<RegistrationKind, string> = {
  restaurant: 'Restaurant',
  hotel: 'Hotel',
  airline: 'Airline',
  'car-rental': 'Car Rental',
  courier: 'Courier / Shipping',
  taxi: 'Taxi',
  property: 'Property',
  'general-service': 'General Service',
  driver: 'Driver',
  'fashion-designer': 'Fashion Designer',
  'driver-application': 'Driver Application',
};

/** "pricePerNight" -> "Price per night", for the details dialogs. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A registration's stored data in the order and with the labels of its form, so the reviewer reads what the
 * provider filled in (the database hands JSON keys back sorted by length). Keys the form does not know follow.
 */
export function registrationDetails(
  kind: RegistrationKind,
  data: Record<string, unknown>,
): { record: Record<string, unknown>; labels: Record<string, string> } {
  const record: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const field of FORM_SECTIONS[kind].flatMap((section) => section.fields)) {
    labels[field.name] = field.label;
    if (Object.prototype.hasOwnProperty.call(data, field.name)) record[field.name] = data[field.name];
  }
  for (const [key, value] of Object.entries(data)) if (!(key in record)) record[key] = value;
  return { record, labels };
}
