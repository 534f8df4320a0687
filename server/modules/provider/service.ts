/**
 * The provider portal: a provider's own listings (read, edit, menu, photo), the bookings and orders of them, the
 * 'Ready for pickup' of a restaurant order (announced as order.ready; the orders module reacts) and earnings.
 *
 * Ownership: a listing is the provider's when its owner_id is the provider's user id. Anything else is 404, so a
 * provider cannot even learn which ids exist. Every listing write records who changed it and when (changed_by,
 * changed_at; the admin's listing rows show both) and emits catalogue.changed.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Page, PageRequest } from '../../../domain/catalogue/paging';
import { pageAcrossKinds, type KindPage, type KindPageRequest } from '../../../domain/catalogue/kind-paging';
import { centsToDollars, dollarsToCents } from '../../../domain/catalogue/money';
import type { PriceLine } from '../../../domain/bookings/breakdown';
import {
  MenuItemPatchSchema,
  MenuItemSchema,
  PROVIDER_KINDS,
  ProviderEditSchemas,
  type ProviderEarnings,
  type ProviderKind,
  type ProviderListing,
  type ProviderMenuItem,
  type ProviderOrder,
} from '../../../domain/provider/schemas';
import type { Db, Tx } from '../../db/connect';
import { bookingItems, bookings, deliveryOrders, menuItems, providerOrders, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { providerKind, tableOf, type ListingRow } from './kinds';
import { audit, diff } from '../audit';
import { journeysOf, orderJourney } from '../orders';
import { lockMyOrder, markAccepted, orderActions, orderMoneyView, progressOf, providerOrderRows, providerTotals } from '../money';

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

/**
 * A page of the listings the provider owns (issue 29: no list is downloaded whole), kind by kind in PROVIDER_KINDS
 * order, each kind oldest first; the cursor says the kind and id the previous page ended at.
 */
export async function listMyListings(db: Db, ownerId: number, page: KindPageRequest): Promise<KindPage<ProviderListing>> {
  return pageAcrossKinds(
    PROVIDER_KINDS,
    page,
    async (kind, afterId, limit) => {
      const table = tableOf(kind);
      const rows = await db
        .select()
        .from(table)
        .where(and(eq(table.ownerId, ownerId), afterId === undefined ? undefined : gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(limit);
      return rows.map((row) => toListing(kind, row as unknown as ListingRow));
    },
    (kind) => {
      const table = tableOf(kind);
      return db.$count(table, eq(table.ownerId, ownerId));
    },
    (listing) => listing.id,
  );
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

const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** Reservation dates of a line, when its kind has them (hotel stay, car rental, lease start). */
function datesOf(line: Line | undefined): { startDate: string | null; endDate: string | null } {
  const d = (line?.details ?? {}) as Record<string, unknown>;
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

/**
 * The orders of my listings, newest first (issue 28: one order per booking and listing, opened when the customer
 * paid): the customer's display name (their username), the order's lines and total, its money (gross, the commission
 * fixed when it was paid, net, refunds), what I may do with it now and, for a restaurant, its delivery's progress.
 */
export async function listMyOrders(db: Db, ownerId: number, page: PageRequest, now: Date = new Date()): Promise<Page<ProviderOrder>> {
  // Keyset on the provider order's id, newest first (issue 29); one row more than the page says whether there is more.
  const got = await providerOrderRows(db, ownerId, { limit: page.limit + 1, before: page.after });
  const more = got.orders.length > page.limit;
  const rows = more ? got.orders.slice(0, page.limit) : got.orders;
  const lines = got.lines;
  const nextAfter = more ? rows[rows.length - 1].order.id : null;
  const total = !more && page.after === undefined ? rows.length : await db.$count(providerOrders, eq(providerOrders.providerId, ownerId));
  return { items: await orderViews(db, rows, lines, now), total, nextAfter };
}

/** The provider's view of its order rows: customer, lines, money, delivery progress and what it may do next. */
async function orderViews(
  db: Db,
  rows: Awaited<ReturnType<typeof providerOrderRows>>['orders'],
  lines: Awaited<ReturnType<typeof providerOrderRows>>['lines'],
  now: Date,
): Promise<ProviderOrder[]> {
  if (rows.length === 0) return [];
  const customers = new Map(
    (
      await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.booking.userId))]))
    ).map((u) => [u.id, u.username]),
  );
  const deliveries = await db
    .select()
    .from(deliveryOrders)
    .where(inArray(deliveryOrders.bookingId, [...new Set(rows.filter((r) => r.order.listingKind === 'restaurants').map((r) => r.booking.id))].concat([0])));
  const journeys = await journeysOf(db, deliveries);
  const out: ProviderOrder[] = [];
  for (const { order: o, booking } of rows) {
    if (!(PROVIDER_KINDS as readonly string[]).includes(o.listingKind)) continue;
    const mine = lines.filter((l) => l.orderId === o.id);
    const view: ProviderOrder = {
      id: booking.id,
      kind: o.listingKind as ProviderKind,
      listingId: o.listingId,
      listingName: o.listingName,
      status: booking.status,
      customerName: customers.get(booking.userId) ?? '',
      createdAt: booking.createdAt.toISOString(),
      items: mine.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: centsToDollars(l.unitPriceCents), lineTotal: centsToDollars(l.lineTotalCents) })),
      total: centsToDollars(o.itemsCents),
      charges: [],
      bookingTotal: centsToDollars(booking.totalCents),
      ...datesOf(mine[0]),
      orderId: o.id,
      orderStatus: o.status,
      money: orderMoneyView(o),
      canAccept: false,
      canDecline: false,
      canComplete: false,
      declineReason: o.declineReason,
      delivery: null,
    };
    view.charges = partCharges(view, booking.priceLines);
    const d = o.listingKind === 'restaurants' ? deliveries.find((x) => x.bookingId === booking.id && x.partKey === `restaurant:${o.listingId}`) : undefined;
    if (d) {
      const journey = journeys.get(d.id) ?? orderJourney(d);
      view.delivery = {
        orderId: d.id,
        status: d.status,
        awaitsReady: d.awaitsReady,
        acceptedAt: d.kitchenAcceptedAt ? d.kitchenAcceptedAt.toISOString() : null,
        readyAt: d.readyAt ? d.readyAt.toISOString() : null,
        step: journey.current,
        stepLabel: journey.label,
      };
    }
    const progress = o.listingKind === 'restaurants' ? progressOf(d ? [d] : []) : null;
    Object.assign(view, orderActions(o, progress, now));
    out.push(view);
  }
  return out;
}

/** The food delivery order of a restaurant's provider order, or null when it has none (yet). */
async function deliveryOfOrder(tx: Tx, bookingId: number, restaurantId: number) {
  const [order] = await tx
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.bookingId, bookingId), eq(deliveryOrders.partKey, `restaurant:${restaurantId}`)));
  return order ?? null;
}

/**
 * Accepts an order of my listing (any kind): after that it can no longer be declined. A restaurant's acceptance is
 * also the kitchen's (announced as order.kitchen_accepted; the orders module records it on the delivery and the
 * customer's tracking says so).
 */
export async function acceptOrder(events: EventBus, ownerId: number, orderId: number, now: Date = new Date()): Promise<{ orderId: number; accepted: true }> {
  return events.transaction(async (tx, emit) => {
    const o = await lockMyOrder(tx, ownerId, orderId);
    if (o.listingKind === 'restaurants') {
      const delivery = await deliveryOfOrder(tx, o.bookingId, o.listingId);
      if (delivery?.kitchenAcceptedAt || o.status === 'accepted') throw conflict('This order is already accepted');
      if (delivery && delivery.status !== 'pending') throw conflict(`This order is already ${delivery.status}`);
      await markAccepted(tx, o, now);
      if (delivery) await emit('order.kitchen_accepted', { orderId: delivery.id, restaurantId: o.listingId, by: ownerId });
    } else {
      await markAccepted(tx, o, now);
    }
    return { orderId, accepted: true as const };
  });
}

/**
 * Marks a food order of my restaurant 'Ready for pickup': checked here (mine, food, still pending, not yet marked,
 * accepted first), then announced as order.ready, which the orders module records and dispatches.
 */
export async function markReady(events: EventBus, ownerId: number, orderId: number): Promise<{ orderId: number; ready: true }> {
  return events.transaction(async (tx, emit) => {
    const o = await lockMyOrder(tx, ownerId, orderId);
    if (o.listingKind !== 'restaurants') throw notFound('Order not found');
    const delivery = await deliveryOfOrder(tx, o.bookingId, o.listingId);
    if (!delivery) throw conflict(`This order is ${o.status}`);
    if (delivery.readyAt) throw conflict('This order is already marked ready for pickup');
    if (delivery.status !== 'pending') throw conflict(`This order is already ${delivery.status}`);
    // Steps happen in order (domain/orders/journey.ts): Ready for pickup comes after Accepted by the restaurant.
    if (!delivery.kitchenAcceptedAt) throw conflict('Accept the order first');
    await emit('order.ready', { orderId: delivery.id, restaurantId: o.listingId, by: ownerId });
    return { orderId, ready: true as const };
  });
}

/** Gross of my orders that stand, the commission fixed on each and what I keep, from the orders (issue 28). */
export async function myEarnings(db: Db, ownerId: number): Promise<ProviderEarnings> {
  const t = await providerTotals(db, ownerId);
  return {
    gross: centsToDollars(t.grossCents),
    platformFee: centsToDollars(t.feeCents),
    net: centsToDollars(t.netCents),
    // The effective rate of the commission fixed on my orders (each order keeps the rule it was paid under).
    feeRate: t.grossCents > 0 ? Math.round((t.feeCents / t.grossCents) * 1_000) / 1_000 : 0,
    orders: t.orders,
  };
}
