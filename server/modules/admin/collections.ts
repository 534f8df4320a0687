/**
 * What the admin can list, export and edit. Listing rows are the public API shape (dollars, spec field names,
 * reusing the catalogue mappers) plus isActive, createdAt and ownerId, active and inactive alike. Users never
 * carry their password hash.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { dollarsToCents } from '../../../domain/catalogue/money';
import {
  AdminEditSchemas,
  type AdminCollection,
  type AdminServiceProvider,
  type AdminUser,
  type EditableCollection,
} from '../../../domain/admin/schemas';
import type { Db, Tx } from '../../db/connect';
import type { EventBus } from '../../platform/events/bus';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  properties,
  registrations,
  restaurants,
  serviceProviders,
  shippingRates,
  taxiRides,
  users,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { toApi } from '../catalogue/mappers';
import { toAdminRegistration } from '../onboarding/service';
import { listContactMessages } from '../support/service';

export type AdminRow = Record<string, unknown>;

type Meta = { isActive: boolean; createdAt: Date; ownerId?: number | null };
const meta = (r: Meta) => ({ isActive: r.isActive, createdAt: r.createdAt.toISOString(), ownerId: r.ownerId ?? null });

export const toAdmin = {
  restaurant: (r: typeof restaurants.$inferSelect) => ({ ...toApi.restaurant(r), ...meta(r) }),
  hotel: (r: typeof hotels.$inferSelect) => ({ ...toApi.hotel(r), ...meta(r) }),
  flight: (r: typeof flights.$inferSelect) => ({ ...toApi.flight(r), ...meta(r) }),
  car: (r: typeof cars.$inferSelect) => ({ ...toApi.car(r), ...meta(r) }),
  property: (r: typeof properties.$inferSelect) => ({ ...toApi.property(r), ...meta(r) }),
  taxiRide: (r: typeof taxiRides.$inferSelect) => ({ ...toApi.taxiRide(r), company: r.company, ...meta(r) }),
  shippingRate: (r: typeof shippingRates.$inferSelect) => ({ ...toApi.shippingRate(r), ...meta(r) }),
  additionalService: (r: typeof additionalServices.$inferSelect) => ({ ...toApi.additionalService(r), ...meta(r) }),
  generalService: (r: typeof generalServices.$inferSelect) => ({
    ...toApi.generalService(r),
    businessLicense: r.businessLicense,
    insurance: r.insurance,
    ...meta(r),
  }),
  serviceProvider: (r: typeof serviceProviders.$inferSelect): AdminServiceProvider => ({
    id: r.id,
    userId: r.userId,
    serviceType: r.serviceType,
    serviceId: r.serviceId,
    businessName: r.businessName,
    registrationId: r.registrationId,
    isOnline: r.isOnline,
    lastActive: r.lastActive ? r.lastActive.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }),
  user: (r: typeof users.$inferSelect): AdminUser => ({
    id: r.id,
    username: r.username,
    email: r.email,
    phone: r.phone,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
  }),
};

/** Every row of a collection in the admin shape. */
export async function listCollection(db: Db, collection: AdminCollection): Promise<AdminRow[]> {
  switch (collection) {
    case 'restaurants':
      return (await db.select().from(restaurants).orderBy(asc(restaurants.id))).map(toAdmin.restaurant);
    case 'hotels':
      return (await db.select().from(hotels).orderBy(asc(hotels.id))).map(toAdmin.hotel);
    case 'flights':
      return (await db.select().from(flights).orderBy(asc(flights.id))).map(toAdmin.flight);
    case 'cars':
      return (await db.select().from(cars).orderBy(asc(cars.id))).map(toAdmin.car);
    case 'properties':
      return (await db.select().from(properties).orderBy(asc(properties.id))).map(toAdmin.property);
    case 'taxi-rides':
      return (await db.select().from(taxiRides).orderBy(asc(taxiRides.id))).map(toAdmin.taxiRide);
    case 'shipping-rates':
      return (await db.select().from(shippingRates).orderBy(asc(shippingRates.id))).map(toAdmin.shippingRate);
    case 'additional-services':
      return (await db.select().from(additionalServices).orderBy(asc(additionalServices.id))).map(toAdmin.additionalService);
    case 'general-services':
      return (await db.select().from(generalServices).orderBy(asc(generalServices.id))).map(toAdmin.generalService);
    case 'registrations':
      return (await db.select().from(registrations).orderBy(desc(registrations.createdAt), desc(registrations.id))).map(
        toAdminRegistration,
      );
    case 'contact-messages':
      return listContactMessages(db);
    case 'service-providers':
      return (await db.select().from(serviceProviders).orderBy(asc(serviceProviders.id))).map(toAdmin.serviceProvider);
    case 'users':
      return (await db.select().from(users).orderBy(asc(users.id))).map(toAdmin.user);
  }
}

/** Dollar fields of each editable collection and their cents columns. */
const MONEY_FIELDS: Record<EditableCollection, Record<string, string>> = {
  restaurants: { deliveryFee: 'deliveryFeeCents' },
  hotels: { pricePerNight: 'pricePerNightCents' },
  flights: { price: 'priceCents' },
  cars: { pricePerDay: 'pricePerDayCents' },
  properties: { pricePerMonth: 'pricePerMonthCents' },
  'taxi-rides': { baseFare: 'baseFareCents', perKm: 'perKmCents' },
  'shipping-rates': { basePrice: 'basePriceCents', pricePerLb: 'pricePerLbCents' },
  'additional-services': { price: 'priceCents' },
  'general-services': { priceFrom: 'priceCents' },
};

/** Validated API fields to column values: dollars become cents, everything else keeps its name. */
function toColumns(collection: EditableCollection, patch: Record<string, unknown>): Record<string, unknown> {
  const money = MONEY_FIELDS[collection];
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const centsColumn = money[key];
    if (centsColumn) values[centsColumn] = dollarsToCents(value as number);
    else values[key] = value;
  }
  return values;
}

/**
 * Validates and applies an admin edit; returns the updated row in the admin shape. A ZodError (→ 400) for an
 * invalid body, 404 when the row does not exist.
 */
export async function updateCollectionRow(events: EventBus, collection: EditableCollection, id: number, body: unknown): Promise<AdminRow> {
  const patch = AdminEditSchemas[collection].parse(body) as Record<string, unknown>;
  const v = toColumns(collection, patch);
  return events.transaction(async (db, emit) => {
    const row = await updateRow(db, collection, id, v);
    if (!row) throw notFound('Item not found');
    // Every editable collection is a public catalogue read (an edit or an activation change shows there).
    await emit('catalogue.changed', { kind: collection, id });
    return row;
  });
}

async function updateRow(db: Tx, collection: EditableCollection, id: number, v: Record<string, unknown>): Promise<AdminRow | undefined> {
  let row: AdminRow | undefined;
  switch (collection) {
    case 'restaurants': {
      const [r] = await db.update(restaurants).set(v).where(eq(restaurants.id, id)).returning();
      row = r && toAdmin.restaurant(r);
      break;
    }
    case 'hotels': {
      const [r] = await db.update(hotels).set(v).where(eq(hotels.id, id)).returning();
      row = r && toAdmin.hotel(r);
      break;
    }
    case 'flights': {
      const [r] = await db.update(flights).set(v).where(eq(flights.id, id)).returning();
      row = r && toAdmin.flight(r);
      break;
    }
    case 'cars': {
      const [r] = await db.update(cars).set(v).where(eq(cars.id, id)).returning();
      row = r && toAdmin.car(r);
      break;
    }
    case 'properties': {
      const [r] = await db.update(properties).set(v).where(eq(properties.id, id)).returning();
      row = r && toAdmin.property(r);
      break;
    }
    case 'taxi-rides': {
      const [r] = await db.update(taxiRides).set(v).where(eq(taxiRides.id, id)).returning();
      row = r && toAdmin.taxiRide(r);
      break;
    }
    case 'shipping-rates': {
      const [r] = await db.update(shippingRates).set(v).where(eq(shippingRates.id, id)).returning();
      row = r && toAdmin.shippingRate(r);
      break;
    }
    case 'additional-services': {
      const [r] = await db.update(additionalServices).set(v).where(eq(additionalServices.id, id)).returning();
      row = r && toAdmin.additionalService(r);
      break;
    }
    case 'general-services': {
      const [r] = await db.update(generalServices).set(v).where(eq(generalServices.id, id)).returning();
      row = r && toAdmin.generalService(r);
      break;
    }
  }
  return row;
}
