/**
 * What the admin can list, export and edit. Listing rows are the public API shape (dollars, spec field names,
 * reusing the catalogue mappers) plus isActive, createdAt and ownerId, active and inactive alike. Users never
 * carry their password hash.
 */
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Page, PageRequest } from '../../../domain/catalogue/paging';
import { LISTING_KIND_LIST, kindOfCollection, type ListingCollection, type ListingKind } from '../../../domain/catalogue/kinds';
import { dollarsToCents } from '../../../domain/catalogue/money';
import {
  AdminEditSchemas,
  type AdminCollection,
  type AdminContactMessage,
  type AdminRegistration,
  type AdminServiceProvider,
  type RegistrationsQuery,
  type AdminUser,
  type EditableCollection,
} from '../../../domain/admin/schemas';
import type { Db } from '../../db/connect';
import type { EventBus } from '../../platform/events/bus';
import { audit, diff, type AuditActor } from '../audit';
import {
  additionalServices,
  cars,
  contactMessages,
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
import { findRow, paged, serverKind, toApi, updateRow } from '../catalogue';
import { toAdminRegistration } from '../onboarding';
import { csvColumns, csvHeader, csvRows } from '../../platform/csv';
import { toAdminMessage } from '../support';

export type AdminRow = Record<string, unknown>;

type Meta = { isActive: boolean; createdAt: Date; ownerId?: number | null; changedBy?: number | null; changedAt?: Date | null };
/** Listing meta for the admin: who owns it, and who last changed it when (the provider portal records both). */
const meta = (r: Meta) => ({
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  ownerId: r.ownerId ?? null,
  changedBy: r.changedBy ?? null,
  changedAt: r.changedAt ? r.changedAt.toISOString() : null,
});

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
    disabledAt: r.disabledAt ? r.disabledAt.toISOString() : null,
  }),
};

/** A listing row in the admin shape, by kind. */
const ADMIN_ROW: Record<ListingKind, (row: Record<string, unknown>) => AdminRow> = {
  restaurant: (r) => toAdmin.restaurant(r as typeof restaurants.$inferSelect),
  hotel: (r) => toAdmin.hotel(r as typeof hotels.$inferSelect),
  flight: (r) => toAdmin.flight(r as typeof flights.$inferSelect),
  car: (r) => toAdmin.car(r as typeof cars.$inferSelect),
  property: (r) => toAdmin.property(r as typeof properties.$inferSelect),
  'taxi-ride': (r) => toAdmin.taxiRide(r as typeof taxiRides.$inferSelect),
  'shipping-rate': (r) => toAdmin.shippingRate(r as typeof shippingRates.$inferSelect),
  'additional-service': (r) => toAdmin.additionalService(r as typeof additionalServices.$inferSelect),
  'general-service': (r) => toAdmin.generalService(r as typeof generalServices.$inferSelect),
};

/** The listing kind of each editable collection (they are exactly the listing collections). */
const LISTING_KIND_OF = Object.fromEntries(LISTING_KIND_LIST.map((k) => [k.collection, k.kind])) as Record<EditableCollection, ListingKind>;

/** A listing table viewed through one concrete table type (Drizzle cannot type a query over a union of tables). */
const listingTable = (kind: ListingKind) => serverKind(kind).table as unknown as typeof hotels;

/**
 * One page of a collection in the admin shape (issue 29: no admin table is downloaded whole), keyset on id: listings,
 * providers and users oldest first; registrations (all of them, unconfirmed ones too) and contact messages newest
 * first. The total counts the rows of the whole collection; `counted: false` skips that count (total 0), for a reader
 * that walks every page (the CSV export).
 */
export async function collectionPage(db: Db, collection: AdminCollection, page: PageRequest, { counted = true } = {}): Promise<Page<AdminRow>> {
  const count = (table: typeof hotels | typeof serviceProviders | typeof users | typeof registrations | typeof contactMessages) => (w: SQL | undefined) =>
    counted ? db.$count(table, w) : Promise.resolve(0);
  const kind = kindOfCollection(collection);
  if (kind) {
    const t = listingTable(kind.kind);
    const rows = await paged(page, t.id, undefined, (w, limit) => db.select().from(t).where(w).orderBy(asc(t.id)).limit(limit), count(t), (r) => r.id);
    return { ...rows, items: rows.items.map((r) => ADMIN_ROW[kind.kind](r as Record<string, unknown>)) };
  }
  switch (collection as Exclude<AdminCollection, ListingCollection>) {
    case 'registrations': {
      const t = registrations;
      const rows = await paged(page, t.id, undefined, (w, limit) => db.select().from(t).where(w).orderBy(desc(t.id)).limit(limit), count(t), (r) => r.id, true);
      return { ...rows, items: rows.items.map(toAdminRegistration) };
    }
    case 'contact-messages': {
      const t = contactMessages;
      const rows = await paged(page, t.id, undefined, (w, limit) => db.select().from(t).where(w).orderBy(desc(t.id)).limit(limit), count(t), (r) => r.id, true);
      return { ...rows, items: rows.items.map(toAdminMessage) };
    }
    case 'service-providers': {
      const t = serviceProviders;
      const rows = await paged(page, t.id, undefined, (w, limit) => db.select().from(t).where(w).orderBy(asc(t.id)).limit(limit), count(t), (r) => r.id);
      return { ...rows, items: rows.items.map(toAdmin.serviceProvider) };
    }
    case 'users': {
      const t = users;
      const rows = await paged(page, t.id, undefined, (w, limit) => db.select().from(t).where(w).orderBy(asc(t.id)).limit(limit), count(t), (r) => r.id);
      return { ...rows, items: rows.items.map(toAdmin.user) };
    }
  }
}

/** Rows the CSV export reads per query. */
const EXPORT_PAGE = 500;

/**
 * A collection as CSV text (RFC 4180, csv.ts), header first, then one chunk per page of rows, so neither the server
 * nor the database holds the whole table at once. The columns are the first page's fields in first-seen order (the
 * rows of one collection all have the same fields).
 */
export async function* collectionCsv(db: Db, collection: AdminCollection): AsyncGenerator<string> {
  let page: PageRequest = { limit: EXPORT_PAGE };
  let columns: string[] | null = null;
  for (;;) {
    const got = await collectionPage(db, collection, page, { counted: false });
    if (columns === null) {
      columns = csvColumns(got.items);
      yield csvHeader(columns);
    }
    if (got.items.length > 0) yield csvRows(got.items, columns);
    if (got.nextAfter === null) return;
    page = { limit: EXPORT_PAGE, after: got.nextAfter };
  }
}

/**
 * A page of the review queue, newest first (by id: the order they were submitted in), filtered by status ('all' for
 * every status) and optionally kind; a registration whose address is not confirmed is never listed.
 */
export async function registrationsPage(db: Db, query: RegistrationsQuery, page: PageRequest): Promise<Page<AdminRegistration>> {
  const where = and(
    query.status === 'all' ? ne(registrations.status, 'unconfirmed') : eq(registrations.status, query.status),
    query.kind ? eq(registrations.kind, query.kind) : undefined,
  );
  const rows = await paged(
    page,
    registrations.id,
    where,
    (w, limit) => db.select().from(registrations).where(w).orderBy(desc(registrations.id)).limit(limit),
    (w) => db.$count(registrations, w),
    (r) => r.id,
    true,
  );
  return { ...rows, items: rows.items.map(toAdminRegistration) };
}

/** A page of the contact messages, newest first. */
export async function messagesPage(db: Db, page: PageRequest): Promise<Page<AdminContactMessage>> {
  const rows = await paged(
    page,
    contactMessages.id,
    undefined,
    (w, limit) => db.select().from(contactMessages).where(w).orderBy(desc(contactMessages.id)).limit(limit),
    (w) => db.$count(contactMessages, w),
    (r) => r.id,
    true,
  );
  return { ...rows, items: rows.items.map(toAdminMessage) };
}

/** Validated API fields to column values: dollars become cents, the radius its numeric text, everything else keeps its name. */
function toColumns(collection: EditableCollection, patch: Record<string, unknown>): Record<string, unknown> {
  const money = serverKind(LISTING_KIND_OF[collection]).money;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const centsColumn = money[key];
    if (centsColumn) values[centsColumn] = dollarsToCents(value as number);
    // A numeric column (the delivery radius, one decimal) takes its text.
    else if (key === 'deliveryRadiusKm') values[key] = (value as number).toFixed(1);
    else values[key] = value;
  }
  return values;
}

/**
 * Validates and applies an admin edit; returns the updated row in the admin shape. A ZodError (→ 400) for an
 * invalid body, 404 when the row does not exist.
 */
export async function updateCollectionRow(events: EventBus, collection: EditableCollection, id: number, body: unknown, actor?: AuditActor): Promise<AdminRow> {
  const patch = AdminEditSchemas[collection].parse(body) as Record<string, unknown>;
  const v = toColumns(collection, patch);
  const kind = LISTING_KIND_OF[collection];
  return events.transaction(async (tx, emit) => {
    const before = await findRow(tx, serverKind(kind), id);
    if (!before) throw notFound('Item not found');
    const updated = await updateRow(tx, serverKind(kind), id, v);
    const row = updated && ADMIN_ROW[kind](updated);
    if (!row) throw notFound('Item not found');
    // Audited in the edit's own transaction (ADR 017): who changed which fields from what to what.
    const changes = diff(before as Record<string, unknown>, v);
    if (actor && Object.keys(changes).length > 0) {
      const action = 'isActive' in changes && Object.keys(changes).length === 1 ? (v.isActive ? 'listing.activated' : 'listing.deactivated') : 'listing.edited';
      await audit(tx, { actor, action, targetType: collection, targetId: id, changes });
    }
    // Every editable collection is a public catalogue read (an edit or an activation change shows there).
    await emit('catalogue.changed', { kind: collection, id });
    return row;
  });
}
