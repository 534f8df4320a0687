/**
 * The server half of the listing-kind registry (ADR 013): for each ListingKind of domain/catalogue/kinds.ts, its
 * Drizzle table, its public mapper, its money fields (API dollars -> cents columns), its display name, how a
 * booking line is priced from it and how a booking line points at it. Modules look a kind up here instead of
 * switching on serviceType or collection names.
 */
import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import { preparedOn } from '../../db/statements';
import type { CatalogueEntry } from '../../../domain/bookings/pricing';
import {
  LISTING_KINDS,
  kindOfCollection,
  kindOfServiceType,
  type ListingKind,
  type ListingKindInfo,
} from '../../../domain/catalogue/kinds';
import type { Db, Tx } from '../../db/connect';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  menuItems,
  properties,
  restaurants,
  shippingRates,
  taxiRides,
} from '../../db/schema';
import { toApi } from './mappers';

type Exec = Db | Tx;

export type ListingTable =
  | typeof restaurants
  | typeof hotels
  | typeof flights
  | typeof cars
  | typeof properties
  | typeof taxiRides
  | typeof shippingRates
  | typeof generalServices
  | typeof additionalServices;

type Row<T extends ListingTable> = T['$inferSelect'];

export type ServerKind<T extends ListingTable = ListingTable> = {
  info: ListingKindInfo;
  table: T;
  /** Row -> public API shape (dollars, spec field names). */
  toApi: (row: Row<T>) => object;
  /** API dollar field -> integer cents column. */
  money: Readonly<Record<string, string>>;
  /** How the listing is named in chat, mail and reviews. */
  displayName: (row: Row<T>) => string;
  /** The active row a booking line refers to, reduced to what pricing needs; null when unknown or inactive. */
  bookingEntry: (db: Exec, serviceId: number) => Promise<CatalogueEntry | null>;
  /** The owner of a listing hears of each new booking of it by mail. */
  ownerNotifiedOfBookings: boolean;
};

const one = async <R>(rows: Promise<R[]>): Promise<R | undefined> => (await rows)[0];

/** What booking pricing reads of a food line: the available menu item of an active restaurant. */
const availableMenuItem = (db: Exec, id: number) =>
  db
    .select({ name: menuItems.name, priceCents: menuItems.priceCents, restaurantId: menuItems.restaurantId, restaurant: restaurants.name })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .where(and(eq(menuItems.id, id), eq(menuItems.available, true), eq(restaurants.isActive, true)));


function define<T extends ListingTable>(kind: ListingKind, def: Omit<ServerKind<T>, 'info'>): ServerKind<T> {
  return { info: LISTING_KINDS[kind], ...def };
}

export const SERVER_KINDS = {
  restaurant: define('restaurant', {
    table: restaurants,
    toApi: toApi.restaurant,
    money: { deliveryFee: 'deliveryFeeCents' },
    displayName: (r) => r.name,
    // A food line is one menu item; its listing (for reviews, chat and mail) is details.restaurantId.
    bookingEntry: async (db, id) => {
      const r = await one(availableMenuItem(db, id));
      return r ? { serviceType: 'food-delivery', name: `${r.name} (${r.restaurant})`, priceCents: r.priceCents, restaurantId: r.restaurantId } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  hotel: define('hotel', {
    table: hotels,
    toApi: toApi.hotel,
    money: { pricePerNight: 'pricePerNightCents' },
    displayName: (r) => r.name,
    bookingEntry: async (db, id) => {
      const r = await rowById(hotels, db, id, { activeOnly: true });
      return r ? { serviceType: 'hotels', name: r.name, pricePerNightCents: r.pricePerNightCents, maxGuests: r.maxGuests, place: r.location } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  flight: define('flight', {
    table: flights,
    toApi: toApi.flight,
    money: { price: 'priceCents' },
    displayName: (r) => `${r.airline} ${r.flightNumber}`,
    bookingEntry: async (db, id) => {
      const r = await rowById(flights, db, id, { activeOnly: true });
      return r ? { serviceType: 'flights', name: `${r.airline} ${r.flightNumber} ${r.departureCity} - ${r.arrivalCity}`, priceCents: r.priceCents, place: r.departureCity } : null;
    },
    // Flights are sold by the airline, not by a listing owner; no booking mail to an owner.
    ownerNotifiedOfBookings: false,
  }),
  car: define('car', {
    table: cars,
    toApi: toApi.car,
    money: { pricePerDay: 'pricePerDayCents' },
    displayName: (r) => r.model,
    bookingEntry: async (db, id) => {
      const r = await rowById(cars, db, id, { activeOnly: true });
      return r ? { serviceType: 'cars', name: r.company ? `${r.model} (${r.company})` : r.model, pricePerDayCents: r.pricePerDayCents, place: r.location } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  property: define('property', {
    table: properties,
    toApi: toApi.property,
    money: { pricePerMonth: 'pricePerMonthCents' },
    displayName: (r) => r.title,
    bookingEntry: async (db, id) => {
      const r = await rowById(properties, db, id, { activeOnly: true });
      return r ? { serviceType: 'properties', name: r.title, pricePerMonthCents: r.pricePerMonthCents, place: r.location } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  'taxi-ride': define('taxi-ride', {
    table: taxiRides,
    toApi: toApi.taxiRide,
    money: { baseFare: 'baseFareCents', perKm: 'perKmCents' },
    displayName: (r) => `Taxi: ${r.type}`,
    bookingEntry: async (db, id) => {
      const r = await rowById(taxiRides, db, id, { activeOnly: true });
      return r ? { serviceType: 'taxi', name: `Taxi: ${r.type}`, baseFareCents: r.baseFareCents, perKmCents: r.perKmCents } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  'shipping-rate': define('shipping-rate', {
    table: shippingRates,
    toApi: toApi.shippingRate,
    money: { basePrice: 'basePriceCents', pricePerLb: 'pricePerLbCents' },
    displayName: (r) => r.name,
    bookingEntry: async (db, id) => {
      const r = await rowById(shippingRates, db, id, { activeOnly: true });
      return r ? { serviceType: 'shipping', name: r.name, basePriceCents: r.basePriceCents, pricePerLbCents: r.pricePerLbCents } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  'general-service': define('general-service', {
    table: generalServices,
    toApi: toApi.generalService,
    money: { priceFrom: 'priceCents' },
    displayName: (r) => r.name,
    bookingEntry: async (db, id) => {
      const r = await rowById(generalServices, db, id, { activeOnly: true });
      return r ? { serviceType: 'general-services', name: r.name, priceCents: r.priceCents, place: [r.serviceArea, r.country].filter(Boolean).join(', ') } : null;
    },
    ownerNotifiedOfBookings: true,
  }),
  'additional-service': define('additional-service', {
    table: additionalServices,
    toApi: toApi.additionalService,
    money: { price: 'priceCents' },
    displayName: (r) => r.name,
    bookingEntry: async (db, id) => {
      const r = await rowById(additionalServices, db, id, { activeOnly: true });
      return r ? { serviceType: 'services', name: r.name, priceCents: r.priceCents } : null;
    },
    ownerNotifiedOfBookings: false,
  }),
} satisfies Record<ListingKind, unknown>;

/** One kind's server entry, typed loosely (the row type of a union of tables). */
export function serverKind(kind: ListingKind): ServerKind {
  return SERVER_KINDS[kind] as unknown as ServerKind;
}

export function serverKindOfServiceType(serviceType: string): ServerKind | undefined {
  const k = kindOfServiceType(serviceType);
  return k ? serverKind(k.kind) : undefined;
}

export function serverKindOfCollection(collection: string): ServerKind | undefined {
  const k = kindOfCollection(collection);
  return k ? serverKind(k.kind) : undefined;
}

/*
 * Generic row access. Every listing table has `id`, `isActive` and `createdAt`; all but additional services have
 * `ownerId`. Drizzle cannot type a query over a union of tables, so these helpers view the table through one
 * concrete table type; the row they return is the kind's own row at run time.
 */
type AnyRow = Record<string, unknown>;
const asTable = (k: ServerKind) => k.table as unknown as typeof hotels;

/** Every row of a kind (active and inactive), by id. */
export async function listRows(db: Exec, k: ServerKind): Promise<AnyRow[]> {
  const t = asTable(k);
  return (await db.select().from(t).orderBy(asc(t.id))) as AnyRow[];
}

/** One row by id, active or not (the booking mail reads the owner of every booked listing). */
export async function findRow(db: Exec, k: ServerKind, id: number): Promise<AnyRow | undefined> {
  return rowById(k.table, db, id);
}

/** A listing table's row by id, any or only an active one: one statement per table and case. */
const rowStatement = (table: ListingTable, activeOnly: boolean) => {
  const t = table as unknown as typeof hotels;
  const id = eq(t.id, sql.placeholder('id'));
  return preparedOn(`${activeOnly ? 'active_' : ''}row_${getTableName(t)}`, (db) => db.select().from(t).where(activeOnly ? and(id, eq(t.isActive, true)) : id));
};
const rowStatements = new Map<ListingTable, { any: ReturnType<typeof rowStatement>; active: ReturnType<typeof rowStatement> }>();

/**
 * A listing table's row by id (only an active one with `activeOnly`: what booking pricing reads for every line),
 * prepared once per database (server/db/statements.ts): booking pricing and the booking mail read one per line.
 */
async function rowById<T extends ListingTable>(table: T, db: Exec, id: number, { activeOnly = false } = {}): Promise<Row<T> | undefined> {
  let statements = rowStatements.get(table);
  if (!statements) {
    statements = { any: rowStatement(table, false), active: rowStatement(table, true) };
    rowStatements.set(table, statements);
  }
  const [row] = await (activeOnly ? statements.active : statements.any)(db).execute({ id });
  return row as Row<T> | undefined;
}

/** Updates one row with column values; the updated row, or undefined when it does not exist. */
export async function updateRow(db: Exec, k: ServerKind, id: number, values: Record<string, unknown>): Promise<AnyRow | undefined> {
  const t = asTable(k);
  const [r] = await db.update(t).set(values).where(eq(t.id, id)).returning();
  return r as AnyRow | undefined;
}

/** Locks one row for the rest of the transaction (concurrent writers of its rating queue up behind it). */
export async function lockRow(tx: Tx, k: ServerKind, id: number): Promise<AnyRow | undefined> {
  const t = asTable(k);
  const [r] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  return r as AnyRow | undefined;
}

/** The owner account and display name of a listing; null when the row does not exist. */
export async function ownerOf(db: Exec, k: ServerKind, id: number): Promise<{ ownerId: number | null; name: string } | null> {
  const row = await findRow(db, k, id);
  if (!row) return null;
  return { ownerId: (row.ownerId as number | null | undefined) ?? null, name: k.displayName(row as never) };
}

/**
 * The listing a booking line refers to: for a food line the restaurant of its menu item (details.restaurantId),
 * else the line's serviceId. Null for an unknown serviceType or a food line without a restaurant.
 */
export function listingOfLine(line: { serviceType: string; serviceId: number; details: Record<string, unknown> }): { kind: ServerKind; id: number } | null {
  const kind = serverKindOfServiceType(line.serviceType);
  if (!kind) return null;
  if (kind.info.kind === 'restaurant') {
    const id = Number(line.details.restaurantId);
    return Number.isInteger(id) ? { kind, id } : null;
  }
  return { kind, id: line.serviceId };
}
