/**
 * `npm run bench -- ledger` (issue 28): ledger postings per second through server/modules/money/ledger.ts `postAll()`,
 * each money event in a transaction of its own as the product posts them, on a fresh database (PGlite in a temporary
 * directory, or a database of its own on the PostgreSQL server of DATABASE_URL, dropped at the end). Printed, never
 * asserted; the issue sets no target.
 *
 * The mix (repeatable pseudo-random): bookings of 2-3 orders from 100 providers (food with a delivery fee and maybe a
 * tip, a hotel, a car, a service), each paid (capture: charge + allocation, domain/money/ledger.ts capturePostings,
 * the orders' money by domain/money/split.ts and the default commission rules); one booking in five has one order
 * refunded (a decline, or a late cancellation keeping a fee: refund + refund_paid); every food order not refunded is
 * delivered by one of 50 drivers (earning). Run first by one writer, then by --ledger-writers concurrent writers (each
 * takes the next booking and runs its events in order), then the captures alone (the payment path) by as many. A
 * transaction PostgreSQL ends as a deadlock is retried (its time counts from the first attempt) and counted. Then the time of `trialBalance()` over everything posted.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEFAULT_COMMISSION_RULES } from '../domain/money/commission';
import { capturePostings, earningPosting, refundPostings, type Posting } from '../domain/money/ledger';
import { orderCommission, refundOf, splitBooking, type OrderPart } from '../domain/money/split';
import type { Database } from '../server/db/connect';
import { ledgerAccounts, ledgerEntries, ledgerPostings, users } from '../server/db/schema';
import { postAll, trialBalance } from '../server/modules/money';
import { benchDatabase } from './database';
import { percentile } from './inject';

const PROVIDERS = 100;
const DRIVERS = 50;
const WARM_UP_BOOKINGS = 50;

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/** A repeatable pseudo-random source. */
function prng(seed: number) {
  let s = seed >>> 0;
  return (k: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
}

type Kind = 'restaurants' | 'hotels' | 'cars' | 'general-services';
const KINDS: Kind[] = ['restaurants', 'restaurants', 'hotels', 'cars', 'general-services'];
const ITEMS: Record<Kind, [number, number]> = { restaurants: [1_500, 6_000], hotels: [12_000, 60_000], cars: [6_000, 30_000], 'general-services': [3_000, 15_000] };

/** One booking's money events, in the order they happen: each inner list is one transaction. */
function bookingEvents(bookingId: number, providerIds: number[], driverIds: number[], rand: (k: number) => number): Posting[][] {
  const count = 2 + rand(2);
  const parts: Array<OrderPart & { providerId: number }> = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[rand(KINDS.length)];
    const [lo, hi] = ITEMS[kind];
    parts.push({
      listingKind: kind,
      listingId: bookingId * 10 + i,
      itemsCents: lo + rand(hi - lo),
      deliveryFeeCents: kind === 'restaurants' ? 299 + rand(300) : 0,
      tippable: kind === 'restaurants',
      providerId: providerIds[rand(providerIds.length)],
    });
  }
  const items = parts.reduce((s, p) => s + p.itemsCents, 0);
  const food = parts.filter((p) => p.tippable).reduce((s, p) => s + p.itemsCents, 0);
  const money = splitBooking(parts, {
    serviceFeeCents: Math.min(5_000, Math.max(100, Math.round(items * 0.05))),
    taxCents: Math.round((items + parts.reduce((s, p) => s + p.deliveryFeeCents, 0)) * 0.13),
    tipCents: food > 0 && rand(2) === 0 ? Math.round(food * (0.1 + rand(6) / 100)) : 0,
  });
  const orders = parts.map((p, i) => {
    const rule = DEFAULT_COMMISSION_RULES.find((r) => r.kind === p.listingKind) ?? null;
    return { ...money[i], orderId: p.listingId, providerId: p.providerId, kind: p.listingKind, commissionCents: orderCommission(p.itemsCents, rule) };
  });
  const total = orders.reduce((s, o) => s + o.totalCents, 0);
  const events: Posting[][] = [capturePostings(bookingId, total, orders)];
  const refunded = rand(5) === 0 ? orders[rand(orders.length)] : undefined;
  if (refunded) {
    // A decline refunds everything; a late cancellation keeps a fee of the items.
    const fee = rand(2) === 0 ? 0 : Math.round(refunded.itemsCents * 0.2);
    events.push(refundPostings(bookingId, refunded.orderId, refunded.providerId, refundOf(refunded, fee)));
  }
  for (const o of orders) {
    if (o.kind !== 'restaurants' || o === refunded) continue;
    events.push([
      earningPosting({
        deliveryOrderId: o.orderId,
        driverId: driverIds[rand(driverIds.length)],
        payoutCents: 400 + rand(500),
        tipCents: o.tipCents,
        collectedCents: o.deliveryFeeCents + o.tipCents,
        providerId: o.providerId,
        fromProviderCents: 0,
        bookingId,
        orderId: o.orderId,
      }),
    ]);
  }
  return events;
}

/** The SQLSTATE of a deadlock PostgreSQL broke by ending one of its transactions: retried. */
const DEADLOCK = '40P01';
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

type Tally = { postings: number; entries: number; transactions: number; retries: number; abandoned: number; txMs: number[] };

type Run = { bookingIds: number[]; writers: number; providerIds: number[]; driverIds: number[]; capturesOnly?: boolean; seconds?: number };

async function run(database: Database, r: Run): Promise<Tally & { seconds: number; bookings: number }> {
  const tally: Tally = { postings: 0, entries: 0, transactions: 0, retries: 0, abandoned: 0, txMs: [] };
  // The events are built before the clock starts: the figure is the database's.
  const work = r.bookingIds.map((id) => bookingEvents(id, r.providerIds, r.driverIds, prng(id * 7919)).slice(0, r.capturesOnly ? 1 : undefined));
  let next = 0;
  const started = performance.now();
  // After the deadline no booking is taken and a deadlocked transaction is not retried: its writer stops (each deadlock
  // costs PostgreSQL's deadlock_timeout, 1 s by default, before one of its transactions is ended).
  const deadline = started + (r.seconds ?? Infinity) * 1000;
  await Promise.all(
    Array.from({ length: r.writers }, async () => {
      while (next < work.length && performance.now() < deadline) {
        const events = work[next++];
        for (const postings of events) {
          const s = performance.now();
          let done = false;
          while (!done) {
            try {
              await database.db.transaction(async (tx) => {
                // As the server writes one event's postings (money/orders.ts): together, their accounts locked at once.
                await postAll(tx, postings);
              });
              tally.txMs.push(performance.now() - s);
              done = true;
            } catch (err) {
              if (pgCode(err) !== DEADLOCK) throw err;
              tally.retries += 1;
              if (performance.now() >= deadline) {
                tally.abandoned += 1;
                return;
              }
            }
          }
          tally.transactions += 1;
          tally.postings += postings.length;
          tally.entries += postings.reduce((n, p) => n + p.entries.length, 0);
        }
      }
    }),
  );
  return { ...tally, seconds: (performance.now() - started) / 1000, bookings: next };
}

export async function ledgerBench(opts: { bookings: number; writers: number; seconds: number }) {
  const started = performance.now();
  const { database, drop, dataDir } = await benchDatabase('golive-bench-ledger-');
  const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nLedger: money/ledger.ts postAll() in transactions (${kind}); ${n0(opts.bookings)} bookings of 2-3 orders per run: capture (charge + allocation), 1 in 5 with one order refunded (refund + refund_paid), an earning per delivered food order`,
  );
  try {
    const people = await database.db
      .insert(users)
      .values([
        ...Array.from({ length: PROVIDERS }, (_, i) => ({ username: `ledger-provider-${i}`, email: `ledger-provider-${i}@example.com`, passwordHash: 'x', role: 'provider' as const })),
        ...Array.from({ length: DRIVERS }, (_, i) => ({ username: `ledger-driver-${i}`, email: `ledger-driver-${i}@example.com`, passwordHash: 'x', role: 'driver' as const })),
      ])
      .returning({ id: users.id, role: users.role });
    const providerIds = people.filter((p) => p.role === 'provider').map((p) => p.id);
    const driverIds = people.filter((p) => p.role === 'driver').map((p) => p.id);
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    // Warm up (JIT, the platform accounts created, plans cached); not counted.
    await run(database, { bookingIds: ids(1, WARM_UP_BOOKINGS), writers: 1, providerIds, driverIds });
    let from = 1 + WARM_UP_BOOKINGS;
    const line = async (label: string, writers: number, capturesOnly = false) => {
      const r = await run(database, { bookingIds: ids(from, opts.bookings), writers, providerIds, driverIds, capturesOnly, seconds: opts.seconds });
      from += opts.bookings;
      r.txMs.sort((a, b) => a - b);
      const cut = r.bookings < opts.bookings ? `, stopped at ${opts.seconds} s after ${n0(r.bookings)} of ${n0(opts.bookings)} bookings` : '';
      console.log(
        `  ${pad(label, 36)} ${pad(`${n0(r.postings / r.seconds)} postings/s`, 18)} ${pad(`${n0(r.entries / r.seconds)} entries/s`, 17)} target —   (${n0(r.transactions / r.seconds)} transactions/s; ${n0(r.postings)} postings, ${n0(r.entries)} entries in ${r.seconds.toFixed(1)} s${cut}; transaction p50 ${percentile(r.txMs, 50).toFixed(1)} ms, p99 ${percentile(r.txMs, 99).toFixed(1)} ms${r.retries ? `; ${n0(r.retries)} deadlocks, each transaction retried${r.abandoned ? ` until the deadline (${r.abandoned} left undone then)` : ''}` : ''})`,
      );
    };
    await line('the mix, one writer', 1);
    await line(`the mix, ${opts.writers} concurrent writers`, opts.writers);
    await line(`captures only, ${opts.writers} concurrent writers`, opts.writers, true);

    const count = async (table: typeof ledgerPostings | typeof ledgerEntries | typeof ledgerAccounts) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    const size = { postings: await count(ledgerPostings), entries: await count(ledgerEntries), accounts: await count(ledgerAccounts) };
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      total = (await trialBalance(database.db)).totalCents;
      times.push(performance.now() - s);
    }
    const first = times[0];
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `  ${pad('trialBalance()', 36)} ${pad(`${first.toFixed(1)} ms first`, 18)} ${pad(`${percentile(sorted, 50).toFixed(1)} ms median`, 17)} target —   (over ${n0(size.postings)} postings, ${n0(size.entries)} entries, ${n0(size.accounts)} accounts, ${times.length} calls; total ${total} cents)`,
    );
  } finally {
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`  (ledger bench ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
