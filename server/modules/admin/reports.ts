/**
 * The admin's CSV reports that are not collections (issue 26): bookings.csv (one row per booking: customer, status,
 * its price breakdown as charged, paid, refunded, tracking numbers) and orders.csv (one row per delivery order: food, ride or parcel). Both are written as
 * a stream, page by page in id order, so neither the server nor the database holds the whole table at once; every
 * field goes through csvField (RFC 4180 quoting, spreadsheet formulas made inert).
 */
import { Readable } from 'node:stream';
import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/catalogue/money';
import type { AdminReport } from '../../../domain/admin/orders';
import type { Db } from '../../db/connect';
import { deliveryOrders, trackingRecords, users } from '../../db/schema';
import { csvField } from '../../platform/csv';
import { bookingPages } from './orders';

const PAGE = 500;

type Row = Record<string, unknown>;

const BOOKING_COLUMNS = [
  'id',
  'status',
  'createdAt',
  'customerId',
  'customerUsername',
  'customerEmail',
  'lines',
  'items',
  'subtotal',
  'deliveryFee',
  'serviceFee',
  'tax',
  'tip',
  'total',
  'paid',
  'refunded',
  'net',
  'currency',
  'trackingNumbers',
] as const;

async function* bookingRows(db: Db): AsyncGenerator<Row[]> {
  for await (const page of bookingPages(db, PAGE)) {
    yield page.map((o) => ({
      id: o.id,
      status: o.status,
      createdAt: o.createdAt,
      customerId: o.customer.id,
      customerUsername: o.customer.username,
      customerEmail: o.customer.email,
      lines: o.lineCount,
      items: o.summary,
      subtotal: o.charges.subtotal.toFixed(2),
      deliveryFee: o.charges.deliveryFee.toFixed(2),
      serviceFee: o.charges.serviceFee.toFixed(2),
      tax: o.charges.tax.toFixed(2),
      tip: o.charges.tip.toFixed(2),
      total: o.total.toFixed(2),
      paid: o.paid.toFixed(2),
      refunded: o.refunded.toFixed(2),
      net: (o.paid - o.refunded).toFixed(2),
      currency: 'usd',
      trackingNumbers: o.trackingNumbers,
    }));
  }
}

const ORDER_COLUMNS = [
  'id',
  'bookingId',
  'trackingNumber',
  'kind',
  'service',
  'status',
  'customerEmail',
  'driverId',
  'driverUsername',
  'pickup',
  'dropoff',
  'distanceKm',
  'driverPayout',
  'createdAt',
  'acceptedAt',
  'completedAt',
] as const;

const customer = alias(users, 'customer');
const driver = alias(users, 'driver');

async function* deliveryRows(db: Db): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        order: deliveryOrders,
        trackingNumber: trackingRecords.trackingNumber,
        service: trackingRecords.serviceName,
        customerEmail: customer.email,
        driverUsername: driver.username,
      })
      .from(deliveryOrders)
      .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
      .leftJoin(customer, eq(customer.id, deliveryOrders.customerId))
      .leftJoin(driver, eq(driver.id, deliveryOrders.driverId))
      .where(sql`${deliveryOrders.id} > ${after}`)
      .orderBy(asc(deliveryOrders.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows.map(({ order: o, ...r }) => ({
      id: o.id,
      bookingId: o.bookingId,
      trackingNumber: r.trackingNumber,
      kind: o.kind,
      service: r.service,
      status: o.status,
      customerEmail: r.customerEmail,
      driverId: o.driverId,
      driverUsername: r.driverUsername,
      pickup: o.pickup.address,
      dropoff: o.dropoff.address,
      distanceKm: o.distanceKm,
      driverPayout: centsToDollars(o.payoutCents).toFixed(2),
      createdAt: o.createdAt,
      acceptedAt: o.acceptedAt,
      completedAt: o.completedAt,
    }));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].order.id;
  }
}

const REPORTS: Record<AdminReport, { columns: readonly string[]; rows: (db: Db) => AsyncGenerator<Row[]> }> = {
  bookings: { columns: BOOKING_COLUMNS, rows: bookingRows },
  orders: { columns: ORDER_COLUMNS, rows: deliveryRows },
};

/** The CSV text of a report, header first, one chunk per page of rows (CRLF line ends). */
export async function* reportCsv(db: Db, report: AdminReport): AsyncGenerator<string> {
  const { columns, rows } = REPORTS[report];
  yield `${columns.map(csvField).join(',')}\r\n`;
  for await (const page of rows(db)) {
    yield page.map((row) => `${columns.map((c) => csvField(row[c])).join(',')}\r\n`).join('');
  }
}

/** The report as a byte stream for the reply. */
export function reportStream(db: Db, report: AdminReport): Readable {
  return Readable.from(reportCsv(db, report));
}
