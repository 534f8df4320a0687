import { eq, ilike, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/connect';
import { mailBudget, mailOutbox } from '../../db/schema';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createTestDatabase } from '../../testing/test-db';
import { MAIL_MAX_ATTEMPTS, Mailer, retryDelayMs } from './mailer';
import { createMailTransport, type MailTransport } from './transport';

const quiet = { warn: () => undefined };
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await db?.drop();
  await smtp?.stop();
});

const mail = (n: number, tag: string) => ({ dedupeKey: `${tag}:${n}`, to: `${tag}${n}@example.com`, template: 't', subject: `${tag} ${n}`, html: '<p>hi</p>', text: 'hi' });

describe('Mailer', () => {
  it('backs off exponentially from 1 s to an hour', () => {
    expect([1, 2, 3, 10, 13, 30].map(retryDelayMs)).toEqual([1000, 2000, 4000, 512_000, 3_600_000, 3_600_000]);
  });

  it('stores a dedupe key once', async () => {
    const m = new Mailer(db.database.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet });
    expect(await m.enqueue(db.database.db, mail(1, 'dup'))).toBeTypeOf('number');
    expect(await m.enqueue(db.database.db, mail(1, 'dup'))).toBeNull();
    await m.drain();
    expect(smtp.to('dup1@')).toHaveLength(1);
    await m.close();
  });

  it('gives up after the last attempt and keeps the last error', async () => {
    let calls = 0;
    const broken: MailTransport = { kind: 'smtp', send: async () => { calls += 1; throw new Error('550 mailbox unavailable'); }, close: () => undefined };
    const m = new Mailer(db.database.db, broken, { from: 'a@b.c', messageIdDomain: 'test', log: quiet });
    const id = (await m.enqueue(db.database.db, mail(1, 'broken')))!;
    let clock = Date.now();
    for (let i = 0; i < MAIL_MAX_ATTEMPTS + 2; i++) {
      clock += 3_700_000;
      await m.drain(() => new Date(clock));
    }
    expect(calls).toBe(MAIL_MAX_ATTEMPTS);
    expect(await m.get(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, lastError: '550 mailbox unavailable' });
    await m.close();
  });

  it('with two workers on one outbox, each mail goes exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second instance would.
    let second: Database = db.database;
    if (db.url) second = await connect({ databaseUrl: db.url });
    const a = new Mailer(db.database.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet });
    const b = new Mailer(second.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet });
    for (let n = 0; n < 30; n++) await a.enqueue(db.database.db, mail(n, 'race'));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const got = smtp.received.filter((m) => m.to.startsWith('race'));
    expect(got).toHaveLength(30);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(30);
    await a.close();
    await b.close();
    if (second !== db.database) await second.close();
  });
});

/** A worker that can be killed (kill -9): from then on it writes nothing, not even the renewal of its lease. */
class KillableMailer extends Mailer {
  dead = false;
  protected override async renewClaim(id: number, at: Date): Promise<void> {
    if (!this.dead) await super.renewClaim(id, at);
  }
}

/** Waits until `check` holds, polling every 50 ms; throws after `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Mailer under faults (two workers, one database, a slow SMTP server)', () => {
  const statusesOf = async (tag: string) =>
    (await db.database.db.select({ status: mailOutbox.status }).from(mailOutbox).where(like(mailOutbox.dedupeKey, `${tag}:%`))).map((r) => r.status);

  it('a worker killed mid-run: the other sends the rest at once and the one in flight after the lease; every mail once but that one at most twice', async () => {
    let second: Database = db.database;
    if (db.url) second = await connect({ databaseUrl: db.url });
    smtp.slow(100);
    const leaseMs = 1000;
    const real = createMailTransport(smtp.url);
    let sends = 0;
    let inFlight = '';
    let crashedAt = 0;
    // Worker A dies right after the SMTP server accepted its 4th mail, before it could record it: the worst moment.
    const a: KillableMailer = new KillableMailer(
      db.database.db,
      {
        kind: 'smtp',
        async send(m) {
          sends += 1;
          await real.send(m);
          if (sends < 4) return;
          inFlight = m.messageId;
          a.dead = true;
          crashedAt = Date.now();
          await new Promise(() => undefined);
        },
        close: () => real.close(),
      },
      { from: 'a@b.c', messageIdDomain: 'test', log: quiet, claimLeaseMs: leaseMs },
    );
    const b = new Mailer(second.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, claimLeaseMs: leaseMs });
    try {
      for (let n = 0; n < 20; n++) await a.enqueue(db.database.db, mail(n, 'crash'));
      void a.drain();
      b.start(100);
      b.kick();
      await until(async () => crashedAt > 0, 10_000);
      await until(async () => (await statusesOf('crash')).every((s) => s === 'sent'), 10_000);
      const tookOverIn = Date.now() - crashedAt;
      const got = smtp.received.filter((m) => m.to.startsWith('crash'));
      const perId = new Map<string, number>();
      for (const m of got) perId.set(m.messageId, (perId.get(m.messageId) ?? 0) + 1);
      // Every mail arrived; the only one that may have come twice is the one A had sent but not recorded.
      expect(perId.size).toBe(20);
      const twice = [...perId].filter(([, n]) => n > 1).map(([id]) => id);
      expect(twice.every((id) => id === inFlight)).toBe(true);
      expect(perId.get(inFlight)).toBe(2);
      expect(got).toHaveLength(21);
      // Within the lease and a few seconds, not five minutes.
      expect(tookOverIn).toBeLessThan(leaseMs + 5000);
    } finally {
      smtp.slow(0);
      await b.close();
      if (second !== db.database) await second.close();
    }
  });

  it('a send slower than the lease keeps its claim (renewed), so the other worker never sends it too', async () => {
    let second: Database = db.database;
    if (db.url) second = await connect({ databaseUrl: db.url });
    smtp.slow(900);
    const opts = { from: 'a@b.c', messageIdDomain: 'test', log: quiet, claimLeaseMs: 300 };
    const a = new Mailer(db.database.db, createMailTransport(smtp.url), opts);
    const b = new Mailer(second.db, createMailTransport(smtp.url), opts);
    try {
      for (let n = 0; n < 4; n++) await a.enqueue(db.database.db, mail(n, 'slow'));
      a.start(50);
      b.start(50);
      a.kick();
      b.kick();
      await until(async () => (await statusesOf('slow')).every((s) => s === 'sent'), 15_000);
      // A moment more, in which a worker that wrongly took a mail over would send it again.
      await new Promise((r) => setTimeout(r, 1000));
      const got = smtp.received.filter((m) => m.to.startsWith('slow'));
      expect(got).toHaveLength(4);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(4);
    } finally {
      smtp.slow(0);
      await a.close();
      await b.close();
      if (second !== db.database) await second.close();
    }
  });
});

describe('public mail budgets', () => {
  const counts = async () => Object.fromEntries((await db.database.db.select().from(mailBudget)).map((r) => [r.bucket, r.count]));

  it('per address and for the whole site, per hour; a mail stored once gives back what it reserved', async () => {
    const m = new Mailer(db.database.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, publicBudget: { perAddressPerHour: 2, perHour: 4 } });
    const pub = { publicTrigger: true };
    expect(await m.enqueue(db.database.db, mail(1, 'budget-a'), pub)).toBeTypeOf('number');
    // The same dedupe key again: not stored, and its reservation is returned.
    expect(await m.enqueue(db.database.db, mail(1, 'budget-a'), pub)).toBeNull();
    expect(await counts()).toMatchObject({ 'to:budget-a1@example.com': 1, '*': 1 });
    // One address: 2 an hour, whatever the dedupe key; the address is compared in lower case.
    const a2 = (k: string, to = 'budget-a1@example.com') => ({ ...mail(1, 'budget-a'), dedupeKey: k, to });
    expect(await m.enqueue(db.database.db, a2('k2', 'Budget-A1@Example.com'), pub)).toBeTypeOf('number');
    expect(await m.enqueue(db.database.db, a2('k3'), pub)).toBeNull();
    // The refused mail took nothing of the site's budget.
    expect(await counts()).toMatchObject({ 'to:budget-a1@example.com': 2, '*': 2 });
    // Mail that is not a public trigger is not counted.
    expect(await m.enqueue(db.database.db, a2('k4'))).toBeTypeOf('number');
    // The site: 4 an hour.
    expect(await m.enqueue(db.database.db, mail(2, 'budget-b'), pub)).toBeTypeOf('number');
    expect(await m.enqueue(db.database.db, mail(3, 'budget-b'), pub)).toBeTypeOf('number');
    expect(await m.enqueue(db.database.db, mail(4, 'budget-b'), pub)).toBeNull();
    // Refused by the site's budget: the address's reservation is given back too.
    expect(await counts()).toMatchObject({ '*': 4, 'to:budget-b4@example.com': 0 });
    const stored = await db.database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(ilike(mailOutbox.toAddress, 'budget-%'));
    expect(stored).toHaveLength(5);
    await m.close();
  });

  it('holds under concurrent transactions (counted in the database, not checked then written)', async () => {
    let second: Database = db.database;
    if (db.url) second = await connect({ databaseUrl: db.url });
    await db.database.db.delete(mailBudget);
    const a = new Mailer(db.database.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, publicBudget: { perAddressPerHour: 3, perHour: 100 } });
    const b = new Mailer(second.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, publicBudget: { perAddressPerHour: 3, perHour: 100 } });
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) => {
        const [mailer, database] = n % 2 ? [a, db.database] : [b, second];
        return database.db.transaction((tx) => mailer.enqueue(tx, { ...mail(n, 'flood'), to: 'victim@example.com' }, { publicTrigger: true }));
      }),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(3);
    expect(await db.database.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'victim@example.com'))).toBe(3);
    await a.close();
    await b.close();
    if (second !== db.database) await second.close();
  });
});
