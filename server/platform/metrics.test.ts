import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { day, firstHotel } from '../modules/bookings/test-helpers';
import { createMailTransport, type MailTransport } from './mailer/transport';

const TOKEN = 'metrics-token-for-the-scraper';
let t: TestApp;
let bare: TestApp;
/** The built-in mailbox, except that it refuses mail to refused@…: a send that fails. */
const mailbox = createMailTransport();
const refusing: MailTransport = {
  kind: 'mailbox',
  send: (mail) => (mail.to.startsWith('refused@') ? Promise.reject(new Error('mailbox full')) : mailbox.send(mail)),
  close: () => mailbox.close(),
};
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, overrides: { mailTransport: refusing } });
  bare = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

const scrape = (app: TestApp, authorization?: string) => app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series in Prometheus's text format, e.g. `sample(text, 'live_sockets')`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers a scraper with the token, and no one else', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer not-the-token-at-all-xx')).statusCode).toBe(401);
    expect((await scrape(t)).json()).toEqual({ message: 'A valid metrics token is required' });
    // Without METRICS_TOKEN there is no such route.
    expect((await scrape(bare, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('measures requests by route pattern, sockets, the outbox and mail queues, and the event loop', async () => {
    await signUp(t);
    const hotel = await firstHotel(t);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/availability/hotels/${hotel.id}?from=${day(i + 1)}&to=${day(i + 2)}` });
      expect(res.statusCode).toBe(200);
    }
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // One series per route pattern, not per URL.
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/availability/:kind/:id",status="200"}')).toBe(3);
    expect(text).not.toMatch(/route="\/api\/availability\/hotels/);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/register",status="201"}')).toBe(1);
    expect(sample(text, 'live_sockets')).toBe(0);
    // Signing up queued a mail; whatever the worker has done with it, depth and lag are numbers.
    expect(sample(text, 'mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mail_queue_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (t.database.kind === 'postgres') expect(sample(text, 'db_pool_connections{state="open"}')).toBeGreaterThan(0);
    else expect(text).not.toMatch(/db_pool_connections/);
  });

  it('counts the jobs this instance claimed and those that failed, by queue: outbox events and mails', async () => {
    const counts = async () => {
      const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
      expect(text).toMatch(/^# TYPE jobs_claimed_total counter$/m);
      expect(text).toMatch(/^# TYPE jobs_failed_total counter$/m);
      const of = (series: string) => sample(text, series) ?? Number.NaN;
      return {
        outbox: { claimed: of('jobs_claimed_total{queue="outbox"}'), failed: of('jobs_failed_total{queue="outbox"}') },
        mail: { claimed: of('jobs_claimed_total{queue="mail"}'), failed: of('jobs_failed_total{queue="mail"}') },
      };
    };
    const before = await counts();
    for (const queue of [before.outbox, before.mail]) {
      expect(queue.claimed).toBeGreaterThanOrEqual(0);
      expect(queue.failed).toBeGreaterThanOrEqual(0);
    }

    // Two events, the first of which fails its handler once (the sweeper retries it later).
    let thrown = false;
    t.ctx.events.on('order.offer_withdrawn', () => {
      if (thrown) return;
      thrown = true;
      throw new Error('driver app down');
    });
    for (const orderId of [1, 2]) await t.ctx.events.transaction((_tx, emit) => emit('order.offer_withdrawn', { orderId, driverIds: [] }));
    // Two mails, one of which the mailbox refuses.
    const mail = (to: string) => ({ dedupeKey: `metrics:${to}`, to, template: 'test', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });
    await t.ctx.mailer.enqueueAll(t.ctx.db, [mail('refused@example.com'), mail('taken@example.com')]);
    t.ctx.mailer.kick();
    await t.ctx.mailer.idle();

    const after = await counts();
    expect(after.outbox.claimed).toBeGreaterThanOrEqual(before.outbox.claimed + 2);
    expect(after.outbox.failed).toBe(before.outbox.failed + 1);
    expect(after.mail.claimed).toBeGreaterThanOrEqual(before.mail.claimed + 2);
    // The refused mail fails, and again on each retry the worker's timer may have made meanwhile.
    expect(after.mail.failed).toBeGreaterThanOrEqual(before.mail.failed + 1);
  });
});
