/** The public API shapes of the catalogue, with the spec's field names (spec 000 section 3). Money in dollars. */

export type Restaurant = {
  id: number;
  name: string;
  description: string;
  cuisine: string;
  rating: number;
  deliveryTime: string;
  deliveryFee: number;
  image: string;
  phone: string;
  address: string;
  lat: number | null;
  lng: number | null;
};

export type MenuItem = { id: number; name: string; description: string; price: number };

export type Hotel = {
  id: number;
  name: string;
  location: string;
  image: string;
  rating: number;
  starRating: number;
  pricePerNight: number;
  amenities: string[];
  description: string;
  maxGuests: number;
  rooms: number;
};

export type Flight = {
  id: number;
  airline: string;
  flightNumber: string;
  departureCity: string;
  arrivalCity: string;
  /** Local "HH:MM" of a daily schedule (or an ISO date-time when a search date was given). */
  departureTime: string;
  arrivalTime: string;
  price: number;
  duration: string;
  image: string;
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
  image: string;
  company: string;
  location: string;
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
  image: string;
  description: string;
  amenities: string[];
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
};
