import type { WeeklyHours } from '../availability/hours';
import type { Journey } from '../orders/journey';

/** The public API shapes of the catalogue, with the spec's field names (spec 000 section 3). Money in dollars. */

export type Restaurant = {
  id: number;
  name: string;
  description: string;
  cuisine: string;
  rating: number;
  /** Visible reviews the rating averages; 0 means the listing shows 'New'. */
  reviewCount: number;
  deliveryTime: string;
  deliveryFee: number;
  image: string;
  phone: string;
  address: string;
  lat: number | null;
  lng: number | null;
  /** How far it delivers, in road kilometres from its point (set by the restaurant in its portal, or an admin). */
  deliveryRadiusKm: number;
  /** Structured weekly opening hours (null: not set); open now / opens at is worked out from them (domain/availability/hours.ts). */
  hours: WeeklyHours | null;
};

/** category and available are set by the restaurant in the provider portal (unavailable dishes are not listed). */
export type MenuItem = { id: number; name: string; description: string; price: number; category?: string; available?: boolean };

export type Hotel = {
  id: number;
  name: string;
  location: string;
  image: string;
  rating: number;
  /** Visible reviews the rating averages; 0 means the listing shows 'New'. */
  reviewCount: number;
  starRating: number;
  pricePerNight: number;
  amenities: string[];
  description: string;
  maxGuests: number;
  rooms: number;
  /** Where it is (WGS 84); null only for a listing published before places had to have one. */
  lat: number | null;
  lng: number | null;
  /** Only in a search with dates: rooms free on every night of the stay. */
  unitsLeft?: number;
};

export type Flight = {
  id: number;
  airline: string;
  flightNumber: string;
  departureCity: string;
  arrivalCity: string;
  /**
   * Local "HH:MM" of a daily schedule, always (also when a date was searched): departure in the departure city's
   * time, arrival in the arrival city's time.
   */
  departureTime: string;
  arrivalTime: string;
  price: number;
  duration: string;
  image: string;
  /** Only in a search with `date`: the departure day "YYYY-MM-DD" (the searched date). */
  date?: string;
  /**
   * Only in a search with `date`: the local arrival day "YYYY-MM-DD", computed from the duration and both cities'
   * time zones (e.g. the next day for an overnight flight, two days later for Vancouver to Sydney).
   */
  arrivalDate?: string;
  /** Seats of each daily departure. */
  seats: number;
  /** Only in a search with `date`: seats left on that day's departure. */
  unitsLeft?: number;
};

export type ShippingRate = {
  id: number;
  name: string;
  description: string;
  basePrice: number;
  pricePerLb: number;
  speed: 'standard' | 'express' | 'overnight';
  image: string;
  deliveryTime: string;
};

export type Car = {
  id: number;
  model: string;
  category: string;
  seats: number;
  luggage: number;
  pricePerDay: number;
  rating: number;
  /** Visible reviews the rating averages; 0 means the listing shows 'New'. */
  reviewCount: number;
  image: string;
  company: string;
  location: string;
  /** Cars of this model in the fleet. */
  fleet: number;
  /** The pickup point (WGS 84); null only for a listing published before places had to have one. */
  lat: number | null;
  lng: number | null;
  /** Only in a search with dates: cars free on every day from pickup to return. */
  unitsLeft?: number;
};

export type TaxiRide = {
  id: number;
  type: string;
  description: string;
  icon: string;
  passengers: number;
  priceEstimate: string;
  estimatedTime: string;
  waitTime: string;
  baseFare: number;
  perKm: number;
  image: string;
  rating: number;
  reviewCount: number;
};

/** One ride type priced for a trip (GET /api/taxi-rides/quote). */
export type TaxiRideQuote = TaxiRide & {
  /** baseFare + perKm x distanceKm, in dollars. */
  estimatedPrice: number;
  /** Trip duration, e.g. "37 min": distance x 3 minutes plus the time-of-day traffic allowance. */
  estimatedTime: string;
  /** Minutes until the driver reaches the pickup, e.g. "3 min". */
  estimatedArrival: string;
};

export type TaxiQuote = { distanceKm: number; rides: TaxiRideQuote[] };

/** GET /api/shipping-rates/quote: the generic tariff's price plus every active carrier rate of that speed. */
export type ShippingQuote = {
  /** The estimate: the cheapest carrier's price for this parcel and speed (null when no carrier offers the speed). */
  price: number | null;
  /** The carrier whose price the estimate is. */
  carrier: string | null;
  deliveryTime: string;
  speed: 'standard' | 'express' | 'overnight';
  billableWeight: number;
  rates: Array<{ id: number; name: string; price: number; deliveryTime: string }>;
};

export type GeoPointView = { lat: number; lng: number; address: string };

/** GET /api/tracking/:id. `serviceType` repeats `type` under the name the screens use. */
export type TrackingView = {
  id: string;
  trackingNumber: string;
  serviceName: string;
  serviceType: 'delivery' | 'ride' | 'shipping' | 'flight' | 'service';
  type: 'delivery' | 'ride' | 'shipping' | 'flight' | 'service';
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  providerName: string;
  providerPhone: string;
  /** Minutes left as text ("12 min"), recomputed from the driver's position. */
  estimatedTime: string;
  /** The clock time the ETA points at (ISO), when a driver is moving the order. */
  etaAt: string | null;
  currentLocation: GeoPointView | null;
  destination: GeoPointView;
  /** Newest first; `timestamp` is an ISO date-time. */
  updates: Array<{ timestamp: string; status: string; message: string; location: GeoPointView | null }>;
  /** The delivery order's own status (pending, accepted, pickup, transit, delivered, completed, cancelled). */
  orderStatus: 'pending' | 'accepted' | 'pickup' | 'transit' | 'delivered' | 'completed' | 'cancelled' | null;
  /** The assigned driver, once an order is accepted. */
  driver: { name: string; phone: string; vehicle: string; plate: string } | null;
  /** Pickup, destination and the driven path (oldest point first, bounded). */
  route: { pickup: GeoPointView; destination: GeoPointView; path: Array<{ lat: number; lng: number }> } | null;
  /** Share of the pickup -> destination leg covered, 0..1 (real, from positions). */
  progress: number;
  /** True when no driver has taken the order for 10 minutes. */
  lookingForDriver: boolean;
  /** The steps of the order and where it is (domain/orders/journey.ts): what every screen shows as its status. */
  journey: Journey;
};

export type Property = {
  id: number;
  title: string;
  location: string;
  type: string;
  bedrooms: number;
  bathrooms: number;
  sqft: number;
  pricePerMonth: number;
  rating: number;
  /** Visible reviews the rating averages; 0 means the listing shows 'New'. */
  reviewCount: number;
  image: string;
  description: string;
  amenities: string[];
  /** Where it is (WGS 84); null only for a listing published before places had to have one. */
  lat: number | null;
  lng: number | null;
  /** Only in a search with a move-in date and months: 1 when the lease is free, else 0. */
  unitsLeft?: number;
};

export type AdditionalService = {
  id: number;
  name: string;
  description: string;
  category: string;
  icon: string;
  price: number;
};

export type GeneralService = {
  id: number;
  name: string;
  description: string;
  category: string;
  serviceType: string;
  /** The price range text, e.g. "$50 - $120". */
  price: string;
  /** The bookable "from" price in dollars. */
  priceFrom: number;
  duration: string;
  availability: string;
  contactEmail: string;
  contactPhone: string;
  serviceArea: string;
  features: string[];
  requirements: string[];
  country: string;
  experience: string;
  specializations: string[];
  languages: string[];
  rating: number;
  /** Visible reviews the rating averages; 0 means the listing shows 'New'. */
  reviewCount: number;
  /** The length of one appointment in minutes; null when the service is not booked by appointment. */
  appointmentMinutes: number | null;
};
