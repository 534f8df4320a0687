/**
 * The product as the bench measures it: a real listening server in its own process (so autocannon in the bench
 * process never shares its event loop), on a fresh seeded database (PGlite in a temporary directory, or a new
 * PostgreSQL database when DATABASE_URL is set), with production logging (LOG_LEVEL=info, LOG_REQUESTS as given;
 * lines go to stdout, which the bench discards). Talks to the bench over IPC: it sends {port} when listening and
 * answers 'customers' (signed-in customers with a saved card), 'charges' (double-charge count), 'rss'
 * (process.memoryUsage(): RSS and the heap/external breakdown) and 'cpu'; 'ledger' (postings, entries, provider orders
 * and the trial balance's total, issue 28) and 'statements' (statements sent to PostgreSQL so far, BEGIN and COMMIT
 * included, and how many of them name a money table; node-postgres only, zero on PGlite).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { and, asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hotels, ledgerEntries, ledgerPostings, payments, providerOrders, users } from '../server/db/schema';
import { trialBalance } from '../server/modules/money';
import { seedCatalogue } from '../server/db/seed';
import { createPaymentMethod } from '../server/modules/payments';
import { hashPassword } from '../server/platform/auth/password';
import { createContext } from '../server/platform/context';
import { benchDatabase } from './database';

type Request =
  | { id: number; type: 'customers'; n: number; owned?: boolean }
  | { id: number; type: 'charges' }
  | { id: number; type: 'rss' }
  | { id: number; type: 'cpu' }
  | { id: number; type: 'ledger' }
  | { id: number; type: 'statements' };

/**
 * Statements this process sends to PostgreSQL (every node-postgres query goes through Client#query: the pool's, a
 * transaction's, prepared ones), and those naming a money table (issue 28: provider orders, the ledger, commission
 * rules, or a booking line's order_id).
 */
const statements = { total: 0, money: 0 };
const MONEY_STATEMENT = /ledger_postings|ledger_entries|ledger_accounts|provider_orders|commission_rules|"order_id"/;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  statements.total += 1;
  if (MONEY_STATEMENT.test(text)) statements.money += 1;
  return clientQuery.apply(this, args);
};

async function main() {
  const { database, drop, dataDir } = await benchDatabase('golive-bench-');
  await seedCatalogue(database.db);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATA_DIR: dataDir ?? tmpdir(),
  });
  const ctx = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const passwordHash = await hashPassword('bench customer password');
  const nextYear = new Date().getUTCFullYear() + 1;
  process.on('message', (raw) => {
    const msg = raw as Request;
    void (async () => {
      if (msg.type === 'rss') return process.memoryUsage();
      // CPU time this process has used so far (user + system, µs): the bench reports the difference per request.
      if (msg.type === 'cpu') return process.cpuUsage();
      if (msg.type === 'statements') return { ...statements };
      if (msg.type === 'ledger') {
        const count = async (table: typeof ledgerPostings | typeof ledgerEntries | typeof providerOrders) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
        return { postings: await count(ledgerPostings), entries: await count(ledgerEntries), orders: await count(providerOrders), totalCents: (await trialBalance(database.db)).totalCents };
      }
      if (msg.type === 'charges') {
        // Bookings with more than one succeeded charge, and succeeded charges that differ from the booking total.
        const rows = await database.db
          .select({ bookingId: payments.bookingId, n: sql<number>`count(*)::int` })
          .from(payments)
          .where(eq(payments.status, 'succeeded'))
          .groupBy(payments.bookingId);
        return { paidBookings: rows.length, doubleCharged: rows.filter((r) => Number(r.n) > 1).length };
      }
      const [hotel] = await database.db.select().from(hotels).where(eq(hotels.isActive, true)).orderBy(asc(hotels.id)).limit(1);
      if (msg.owned && hotel.ownerId === null) {
        // The hotel a provider's (the seeded catalogue belongs to the platform): its payment credits the provider's
        // account at the commission rule in force, and the provider is mailed the booking.
        const [owner] = await database.db
          .insert(users)
          .values({ username: `benchowner${Date.now().toString(36)}`, email: `benchowner${Date.now().toString(36)}@example.com`, passwordHash, role: 'provider' })
          .returning({ id: users.id });
        await database.db.update(hotels).set({ ownerId: owner.id }).where(eq(hotels.id, hotel.id));
      }
      const customers: Array<{ cookie: string; paymentMethodId: string }> = [];
      const tag = Date.now().toString(36);
      for (let i = 0; i < msg.n; i++) {
        const username = `bench${tag}${i}`;
        const [u] = await database.db
          .insert(users)
          .values({ username, email: `${username}@example.com`, passwordHash, role: 'user' })
          .returning({ id: users.id });
        const session = await ctx.sessions.create(u.id);
        const pm = await createPaymentMethod(database.db, ctx.payments, u.id, { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' });
        customers.push({ cookie: `sid=${session.token}`, paymentMethodId: pm.id });
      }
      return { customers, hotel: { id: hotel.id, pricePerNightCents: hotel.pricePerNightCents } };
    })().then(
      (result) => process.send?.({ id: msg.id, result }),
      (err: unknown) => process.send?.({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  const stop = async () => {
    await app.close();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send?.({ ready: true, port, pid: process.pid, db: database.kind });
  void and;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
