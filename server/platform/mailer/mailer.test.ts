import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/connect';
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
    const a = new Mailer(db.database.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, batch: 3 });
    const b = new Mailer(second.db, createMailTransport(smtp.url), { from: 'a@b.c', messageIdDomain: 'test', log: quiet, batch: 3 });
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
