import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { mailOutbox } from '../db/schema';
import { startSmtpSink } from '../testing/smtp-sink';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

describe('ROLE', () => {
  it('refuses web and worker on the embedded database, which runs in one process', () => {
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(`ROLE: ${role} needs DATABASE_URL (PostgreSQL): the embedded database runs in one process, which is ROLE=all`);
    }
    expect(() => loadConfig({ ROLE: 'everything' })).toThrow('ROLE must be all, web or worker');
    expect(loadConfig({}).role).toBe('all');
  });
});

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.runIf(shared)('a web instance and two workers on one PostgreSQL + Redis', () => {
  let database: TestDatabase;
  let web: TestApp;
  const workers: TestApp[] = [];
  let webSmtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let workerSmtp: Awaited<ReturnType<typeof startSmtpSink>>;

  /** An app of `role` on the shared database, with a pool of its own, sending mail (if it does) to `smtpUrl`. */
  async function instance(role: 'web' | 'worker', smtpUrl: string): Promise<TestApp> {
    const own = await connect({ databaseUrl: database.url! });
    return createTestApp({
      database: { database: own, drop: () => own.close() },
      seed: false,
      env: { ROLE: role, DATABASE_URL: database.url!, REDIS_URL: process.env.REDIS_URL!, SMTP_URL: smtpUrl, HOLD_SWEEP_MS: '1000', DISPATCH_TICK_MS: '1000' },
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    // Each role its own mail server: what reaches the web's would have been sent by the web.
    webSmtp = await startSmtpSink();
    workerSmtp = await startSmtpSink();
    web = await instance('web', webSmtp.url);
  });
  afterAll(async () => {
    for (const app of [web, ...workers]) await app?.close();
    await database?.drop();
    await webSmtp?.stop();
    await workerSmtp?.stop();
  });

  it('the web answers and queues; the workers send every mail exactly once; only workers run the timed jobs', async () => {
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await signUp(web));
    const welcomes = async () => web.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'welcome'));
    expect((await welcomes()).map((m) => m.status)).toEqual(Array(6).fill('queued'));
    expect(web.ctx.timers.size).toBe(0);

    workers.push(await instance('worker', workerSmtp.url), await instance('worker', workerSmtp.url));
    for (const worker of workers) expect(worker.ctx.timers.size).toBeGreaterThan(0);
    await expect.poll(async () => (await welcomes()).every((m) => m.status === 'sent'), { timeout: 20_000 }).toBe(true);
    const received = workerSmtp.received.filter((m) => m.subject.toLowerCase().includes('welcome'));
    expect(received.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
    expect(webSmtp.received).toEqual([]);
  });
});
