/**
 * Test data in the API's own shapes (the domain types), so a change of shape breaks the tests that use it at typecheck.
 * Each builder gives a plausible record; a test overrides what it is about.
 */
import type { PublicUser } from '@domain/accounts/schemas';
import type { AdditionalService, GeneralService, Hotel, Restaurant } from '@domain/catalogue/types';
import type { ProviderListing, ProviderOrder } from '@domain/provider/schemas';
import type { SearchItem, SearchKind, SearchResult } from '@domain/search/schemas';

export function aHotel(overrides: Partial<Hotel> = {}): Hotel {
  return {
    id: 1,
    name: 'Hotel Aurora',
    location: 'Lisbon, Portugal',
    image: '/api/placeholder/800/500?kind=hotel',
    rating: 4.6,
    reviewCount: 12,
    starRating: 4,
    pricePerNight: 189,
    amenities: ['Wi-Fi', 'Pool'],
    description: 'A bright hotel above the river.',
    maxGuests: 4,
    rooms: 20,
    lat: 38.71,
    lng: -9.14,
    ...overrides,
  };
}

export function aRestaurant(overrides: Partial<Restaurant> = {}): Restaurant {
  return {
    id: 1,
    name: 'Via Roma Pizzeria',
    description: 'Wood-fired pizza and fresh pasta.',
    cuisine: 'Italian',
    rating: 4.5,
    reviewCount: 30,
    deliveryTime: '25-35 min',
    deliveryFee: 2.99,
    image: '/api/placeholder/800/500?kind=restaurant',
    phone: '+1 416 555 0100',
    address: '12 King St W, Toronto',
    lat: 43.65,
    lng: -79.38,
    deliveryRadiusKm: 10,
    hours: null,
    ...overrides,
  };
}

export function aGeneralService(overrides: Partial<GeneralService> = {}): GeneralService {
  return {
    id: 1,
    name: 'Spotless Home Cleaning',
    description: 'Deep cleaning for flats and houses.',
    category: 'Cleaning',
    serviceType: 'cleaning',
    price: '$60 - $150',
    priceFrom: 60,
    duration: '2-4 hours',
    availability: 'Mon-Sat',
    contactEmail: 'hello@spotless.example',
    contactPhone: '+1 416 555 0101',
    serviceArea: 'Toronto',
    features: ['Eco products', 'Insured staff'],
    requirements: [],
    country: 'Canada',
    experience: '8 years',
    specializations: [],
    languages: ['English'],
    rating: 4.8,
    reviewCount: 9,
    appointmentMinutes: null,
    ...overrides,
  };
}

export function anAdditionalService(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return { id: 1, name: 'Airport Transfer', description: 'A driver meets you at arrivals.', category: 'Transport', icon: 'car', price: 45, ...overrides };
}

/** A listing as a search result of its kind (GET /api/search items carry the listing's own fields). */
export function asSearchItem(kind: SearchKind, listing: { id: number; name: string; lat?: number | null; lng?: number | null }, city: string | null = null): SearchItem {
  return { ...listing, kind, city, lat: listing.lat ?? null, lng: listing.lng ?? null };
}

/** One page of GET /api/search: the items, every match counted, the facets, and no next page unless given. */
export function aSearchPage(items: SearchItem[], overrides: Partial<SearchResult> = {}): SearchResult {
  return { items, total: items.length, facets: {}, nextCursor: null, ...overrides };
}

export function aUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return { id: 7, username: 'ada', email: 'ada@example.com', role: 'user', ...overrides };
}

export function aProviderListing(overrides: Partial<ProviderListing> = {}): ProviderListing {
  return {
    kind: 'general-services',
    id: 3,
    name: 'Spotless Home Cleaning',
    isActive: true,
    image: '',
    changedAt: null,
    description: 'Deep cleaning for flats and houses.',
    priceFrom: 60,
    ...overrides,
  };
}

export function aProviderOrder(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id: 101,
    kind: 'hotels',
    listingId: 1,
    listingName: 'Hotel Aurora',
    status: 'confirmed',
    customerName: 'Grace Hopper',
    createdAt: '2026-01-10T09:30:00.000Z',
    items: [{ name: 'Double room', quantity: 2, unitPrice: 189, lineTotal: 378 }],
    total: 378,
    charges: [{ key: 'items', label: 'Items', amount: 378 }],
    bookingTotal: 378,
    startDate: null,
    endDate: null,
    orderId: 501,
    orderStatus: 'confirmed',
    money: {
      grossCents: 37800,
      commissionPercent: 10,
      commissionMinCents: 0,
      feeCents: 3780,
      netCents: 34020,
      refundedCents: 0,
      netRefundedCents: 0,
      fulfilmentCents: 0,
      earnedCents: 34020,
    },
    canAccept: false,
    canDecline: false,
    canComplete: false,
    declineReason: null,
    delivery: null,
    ...overrides,
  };
}
