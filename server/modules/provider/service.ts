/**
 * The provider portal: a provider's own listings (read, edit, menu, photo), the bookings and orders of them, the
 * 'Ready for pickup' of a restaurant order (announced as order.ready; the orders module reacts) and earnings.
 *
 * Ownership: a listing is the provider's when its owner_id is the provider's user id. Anything else is 404, so a
 * provider cannot even learn which ids exist. Every listing write records who changed it and when (changed_by,
 * changed_at; the admin's listing rows show both) and emits catalogue.changed.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../../domain/catalogue/money';
import type { PriceLine } from '../../../domain/bookings/breakdown';
import {
  MenuItemPatchSchema,
  MenuItemSchema,
  PROVIDER_KINDS,
  ProviderEditSchemas,
  platformFeeCents,
  PLATFORM_FEE_RATE,
  type ProviderEarnings,
  type ProviderKind,
  type ProviderListing,
  type ProviderMenuItem,
  type ProviderOrder,
} from '../../../domain/provider/schemas';
import type { Db, Tx } from '../../db/connect';
import { bookingItems, bookings, deliveryOrders, menuItems, restaurants, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { listingOfLine } from '../catalogue/kinds';
import { providerKind, tableOf, type ListingRow } from './kinds';
import { audit, diff } from '../audit/service';
import { journeysOf, orderJourney } from '../orders/journey';

type Exec = Db | Tx;

const LISTING_NOT_FOUND = 'Listing not found';

function toListing(kind: ProviderKind, row: ListingRow): ProviderListing {
  const k = providerKind(kind);
  return {
    ...k.toApi(row as never),
    kind,
    id: row.id,
    name: k.displayName(row as never),
    isActive: row.isActive,
    image: typeof row.image === 'string' ? row.image : '',
    changedAt: row.changedAt ? row.changedAt.toISOString() : null,
  };
}

/** One listing of `ownerId`, or 404 (also when it belongs to someone else). */
async function ownedListing(db: Exec, kind: ProviderKind, id: number, ownerId: number, lock = false): Promise<ListingRow> {
  const table = tableOf(kind);
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.ownerId, ownerId)));
  const [row] = lock && 'rollback' in db ? await query.for('update') : await query;
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row as unknown as ListingRow;
}

/** Every listing the provider owns, kind by kind, newest last. */
export async function listMyListings(db: Db, ownerId: number): Promise<ProviderListing[]> {
  const out: ProviderListing[] = [];
  for (const kind of PROVIDER_KINDS) {
    const table = tableOf(kind);
    const rows = await db.select().from(table).where(eq(table.ownerId, ownerId)).orderBy(asc(table.id));
    for (const row of rows) out.push(toListing(kind, row as unknown as ListingRow));
  }
  return out;
}

export async function getMyListing(db: Db, ownerId: number, kind: ProviderKind, id: number): Promise<ProviderListing> {
  return toListing(kind, await ownedListing(db, kind, id, ownerId));
}

/**
 * Records who changed a listing and what (the admin's audit log, ADR 017) and announces it to the catalogue cache,
 * inside the change's transaction.
 */
async function touch(
  tx: Tx,
  emit: Parameters<Parameters<EventBus['transaction']>[0]>[1],
  kind: ProviderKind,
  id: number,
  userId: number,
  changes: Record<string, unknown>,
) {
  const table = tableOf(kind);
  await tx
    .update(table)
    .set({ changedBy: userId, changedAt: new Date() })
    .where(eq(table.id, id));
  if (Object.keys(changes).length > 0) await audit(tx, { actor: { id: userId }, action: 'listing.edited', targetType: kind, targetId: id, changes: { by: 'provider', ...changes } });
  await emit('catalogue.changed', { kind, id });
}

/** Edit fields stored in numeric columns (text to the driver), with the column's decimals: the pin and the radius. */
const NUMERIC_DECIMALS: Record<string, number> = { lat: 6, lng: 6, deliveryRadiusKm: 1 };

/** Applies a provider's edit (validated by the kind's domain schema; ZodError -> 400 with per-field errors). */
export async function updateMyListing(events: EventBus, ownerId: number, kind: ProviderKind, id: number, body: unknown): Promise<ProviderListing> {
  const patch = ProviderEditSchemas[kind].parse(body) as Record<string, unknown>;
  const table = tableOf(kind);
  const { money } = providerKind(kind);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const cents = money[key];
    const decimals = NUMERIC_DECIMALS[key];
    values[cents ?? key] = cents ? dollarsToCents(value as number) : decimals !== undefined ? (value as number).toFixed(decimals) : value;
  }
  return events.transaction(async (tx, emit) => {
    const before = await ownedListing(tx, kind, id, ownerId, true);
    await tx.update(table).set(values).where(eq(table.id, id));
    await touch(tx, emit, kind, id, ownerId, diff(before as unknown as Record<string, unknown>, values));
    return toListing(kind, await ownedListing(tx, kind, id, ownerId));
  });
}

/** Sets the listing's picture to an uploaded photo's URL. */
export async function setListingPhoto(events: EventBus, ownerId: number, kind: ProviderKind, id: number, url: string): Promise<void> {
  const table = tableOf(kind);
  await events.transaction(async (tx, emit) => {
    const before = await ownedListing(tx, kind, id, ownerId, true);
    await tx
      .update(table)
      .set({ image: url })
      .where(eq(table.id, id));
    await touch(tx, emit, kind, id, ownerId, diff(before as unknown as Record<string, unknown>, { image: url }));
  });
}

/** 404 unless the provider owns the listing (checked before a photo is processed). */
export async function assertOwns(db: Db, ownerId: number, kind: ProviderKind, id: number): Promise<void> {
  await ownedListing(db, kind, id, ownerId);
}

// ---------------------------------------------------------------- menu

const toMenuItem = (m: typeof menuItems.$inferSelect): ProviderMenuItem => ({
  id: m.id,
  name: m.name,
  description: m.description,
  price: centsToDollars(m.priceCents),
  category: m.category,
  available: m.available,
});

/** The whole menu of my restaurant, unavailable dishes included. */
export async function listMenu(db: Db, ownerId: number, restaurantId: number): Promise<ProviderMenuItem[]> {
  await ownedListing(db, 'restaurants', restaurantId, ownerId);
  const rows = await db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurantId)).orderBy(asc(menuItems.position), asc(menuItems.id));
  return rows.map(toMenuItem);
}

export async function addMenuItem(events: EventBus, ownerId: number, restaurantId: number, body: unknown): Promise<ProviderMenuItem> {
  const item = MenuItemSchema.parse(body);
  return events.transaction(async (tx, emit) => {
    await ownedListing(tx, 'restaurants', restaurantId, ownerId, true);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${menuItems.position}), -1)` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId));
    const [row] = await tx
      .insert(menuItems)
      .values({
        restaurantId,
        name: item.name,
        description: item.description,
        priceCents: dollarsToCents(item.price),
        category: item.category,
        available: item.available,
        position: Number(last?.max ?? -1) + 1,
      })
      .returning();
    await touch(tx, emit, 'restaurants', restaurantId, ownerId, { menuItemAdded: { id: row.id, name: row.name, price: item.price } });
    return toMenuItem(row);
  });
}

async function ownedMenuItem(tx: Tx, restaurantId: number, itemId: number) {
  const [row] = await tx.select().from(menuItems).where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId))).for('update');
  if (!row) throw notFound('Menu item not found');
  return row;
}

export async function updateMenuItem(events: EventBus, ownerId: number, restaurantId: number, itemId: number, body: unknown): Promise<ProviderMenuItem> {
  const patch = MenuItemPatchSchema.parse(body);
  return events.transaction(async (tx, emit) => {
    await ownedListing(tx, 'restaurants', restaurantId, ownerId, true);
    const dish = await ownedMenuItem(tx, restaurantId, itemId);
    const values: Partial<typeof menuItems.$inferInsert> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.description !== undefined) values.description = patch.description;
    if (patch.price !== undefined) values.priceCents = dollarsToCents(patch.price);
    if (patch.category !== undefined) values.category = patch.category;
    if (patch.available !== undefined) values.available = patch.available;
    const [row] = await tx.update(menuItems).set(values).where(eq(menuItems.id, itemId)).returning();
    const changed = diff(dish as unknown as Record<string, unknown>, values);
    await touch(tx, emit, 'restaurants', restaurantId, ownerId, Object.keys(changed).length > 0 ? { menuItem: { id: itemId, name: dish.name, ...changed } } : {});
    return toMenuItem(row);
  });
}

/** Removes a dish; the last available dish cannot go (a restaurant without a menu sells nothing true). */
export async function deleteMenuItem(events: EventBus, ownerId: number, restaurantId: number, itemId: number): Promise<void> {
  await events.transaction(async (tx, emit) => {
    await ownedListing(tx, 'restaurants', restaurantId, ownerId, true);
    const dish = await ownedMenuItem(tx, restaurantId, itemId);
    const count = await tx.$count(menuItems, eq(menuItems.restaurantId, restaurantId));
    if (count <= 1) throw conflict('A restaurant keeps at least one dish on its menu');
    await tx.delete(menuItems).where(eq(menuItems.id, itemId));
    await touch(tx, emit, 'restaurants', restaurantId, ownerId, { menuItemRemoved: { id: itemId, name: dish.name } });
  });
}

// ---------------------------------------------------------------- orders and earnings

type Line = typeof bookingItems.$inferSelect;

/** Which of my listings a booking line is for (the registry knows how a line points at its listing), or null. */
function lineListing(line: Line, mine: Map<string, Map<number, string>>): { kind: ProviderKind; id: number; name: string } | null {
  const listing = listingOfLine(line);
  if (!listing) return null;
  const kind = listing.kind.info.collection as ProviderKind;
  const name = mine.get(kind)?.get(listing.id);
  return name === undefined ? null : { kind, id: listing.id, name };
}

async function myListingNames(db: Exec, ownerId: number): Promise<Map<string, Map<number, string>>> {
  const mine = new Map<string, Map<number, string>>();
  for (const kind of PROVIDER_KINDS) {
    const table = tableOf(kind);
    const { displayName } = providerKind(kind);
    const rows = await db.select().from(table).where(eq(table.ownerId, ownerId));
    mine.set(kind, new Map(rows.map((r) => [r.id, displayName(r as never)])));
  }
  return mine;
}

const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** Reservation dates of a line, when its kind has them (hotel stay, car rental, lease start). */
function datesOf(line: Line): { startDate: string | null; endDate: string | null } {
  const d = line.details as Record<string, unknown>;
  return {
    startDate: dayOf(d.checkIn) ?? dayOf(d.pickupDate) ?? dayOf(d.moveIn) ?? dayOf(d.date),
    endDate: dayOf(d.checkOut) ?? dayOf(d.returnDate),
  };
}

/** A part's lines of the customer's receipt: its items' subtotal and, for a restaurant, its delivery fee line. */
function partCharges(o: ProviderOrder, priceLines: (typeof bookings.$inferSelect)['priceLines']): PriceLine[] {
  const count = o.items.reduce((n, i) => n + i.quantity, 0);
  const lines: PriceLine[] = [{ key: 'items', label: `Subtotal (${count} ${count === 1 ? 'item' : 'items'})`, amount: o.total }];
  if (o.kind === 'restaurants') {
    const fee = priceLines.find((l) => l.key === 'delivery' && l.restaurantId === o.listingId);
    if (fee) lines.push({ key: 'delivery', label: fee.label, amount: centsToDollars(fee.amountCents) });
  }
  return lines;
}

/** Bookings that count: paid ones, and pending ones less than 30 minutes old are still being paid. */
const SHOWN_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;

/**
 * The bookings and orders of my listings, newest first: one entry per booking and listing, with the customer's
 * display name (their username), the lines for that listing and their total. Unpaid bookings are not shown: they
 * are not business yet (and expire after 30 minutes).
 */
export async function listMyOrders(db: Db, ownerId: number): Promise<ProviderOrder[]> {
  const mine = await myListingNames(db, ownerId);
  const rows = await db
    .select({ line: bookingItems, booking: bookings, customer: users.username })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(inArray(bookings.status, [...SHOWN_STATUSES]))
    .orderBy(desc(bookings.createdAt), desc(bookings.id), asc(bookingItems.id))
    .limit(2000);
  const groups = new Map<string, ProviderOrder>();
  for (const { line, booking, customer } of rows) {
    const listing = lineListing(line, mine);
    if (!listing) continue;
    const key = `${booking.id}:${listing.kind}:${listing.id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        id: booking.id,
        kind: listing.kind,
        listingId: listing.id,
        listingName: listing.name,
        status: booking.status,
        customerName: customer,
        createdAt: booking.createdAt.toISOString(),
        items: [],
        total: 0,
        charges: [],
        bookingTotal: centsToDollars(booking.totalCents),
        ...datesOf(line),
        delivery: null,
      };
      groups.set(key, group);
    }
    group.items.push({ name: line.name, quantity: line.quantity, unitPrice: centsToDollars(line.unitPriceCents), lineTotal: centsToDollars(line.lineTotalCents) });
    group.total = centsToDollars(dollarsToCents(group.total) + line.lineTotalCents);
  }
  const orders = [...groups.values()];
  // The customer's receipt lines for each part (the booking's stored breakdown: issue 26).
  const bookingById = new Map(rows.map((r) => [r.booking.id, r.booking]));
  for (const o of orders) o.charges = partCharges(o, bookingById.get(o.id)?.priceLines ?? []);
  const food = orders.filter((o) => o.kind === 'restaurants');
  if (food.length > 0) {
    const deliveries = await db
      .select()
      .from(deliveryOrders)
      .where(inArray(deliveryOrders.bookingId, [...new Set(food.map((o) => o.id))]));
    const journeys = await journeysOf(db, deliveries);
    for (const o of food) {
      const d = deliveries.find((x) => x.bookingId === o.id && x.partKey === `restaurant:${o.listingId}`);
      if (d) {
        const journey = journeys.get(d.id) ?? orderJourney(d);
        o.delivery = {
          orderId: d.id,
          status: d.status,
          awaitsReady: d.awaitsReady,
          acceptedAt: d.kitchenAcceptedAt ? d.kitchenAcceptedAt.toISOString() : null,
          readyAt: d.readyAt ? d.readyAt.toISOString() : null,
          step: journey.current,
          stepLabel: journey.label,
        };
      }
    }
  }
  return orders;
}

/** A food delivery order of my restaurant, or 404 (also for someone else's). */
async function myFoodOrder(tx: Tx, ownerId: number, orderId: number) {
  const [order] = await tx.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
  const restaurantId = order?.kind === 'food' ? Number(order.partKey.replace(/^restaurant:/, '')) : NaN;
  const [restaurant] = Number.isInteger(restaurantId)
    ? await tx.select({ id: restaurants.id }).from(restaurants).where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, ownerId)))
    : [];
  if (!order || !restaurant) throw notFound('Order not found');
  return { order, restaurantId };
}

/** Accepts a food order of my restaurant (announced as order.kitchen_accepted; the orders module records it). */
export async function acceptOrder(events: EventBus, ownerId: number, orderId: number): Promise<{ orderId: number; accepted: true }> {
  return events.transaction(async (tx, emit) => {
    const { order, restaurantId } = await myFoodOrder(tx, ownerId, orderId);
    if (order.kitchenAcceptedAt) throw conflict('This order is already accepted');
    if (order.status !== 'pending') throw conflict(`This order is already ${order.status}`);
    await emit('order.kitchen_accepted', { orderId, restaurantId, by: ownerId });
    return { orderId, accepted: true as const };
  });
}

/**
 * Marks a food delivery order of my restaurant 'Ready for pickup': checked here (mine, food, still pending, not
 * yet marked), then announced as order.ready, which the orders module records and dispatches.
 */
export async function markReady(events: EventBus, ownerId: number, orderId: number): Promise<{ orderId: number; ready: true }> {
  return events.transaction(async (tx, emit) => {
    const { order, restaurantId } = await myFoodOrder(tx, ownerId, orderId);
    if (order.readyAt) throw conflict('This order is already marked ready for pickup');
    if (order.status !== 'pending') throw conflict(`This order is already ${order.status}`);
    // Steps happen in order (domain/orders/journey.ts): Ready for pickup comes after Accepted by the restaurant.
    if (!order.kitchenAcceptedAt) throw conflict('Accept the order first');
    await emit('order.ready', { orderId, restaurantId, by: ownerId });
    return { orderId, ready: true as const };
  });
}

/** Gross of my paid bookings (confirmed or completed), the platform fee and what I keep, from the server. */
export async function myEarnings(db: Db, ownerId: number): Promise<ProviderEarnings> {
  const mine = await myListingNames(db, ownerId);
  const rows = await db
    .select({ line: bookingItems })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(inArray(bookings.status, ['confirmed', 'completed']));
  let grossCents = 0;
  const counted = new Set<number>();
  for (const { line } of rows) {
    if (!lineListing(line, mine)) continue;
    grossCents += line.lineTotalCents;
    counted.add(line.bookingId);
  }
  const feeCents = platformFeeCents(grossCents);
  return {
    gross: centsToDollars(grossCents),
    platformFee: centsToDollars(feeCents),
    net: centsToDollars(grossCents - feeCents),
    feeRate: PLATFORM_FEE_RATE,
    orders: counted.size,
  };
}

