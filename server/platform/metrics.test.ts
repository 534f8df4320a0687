import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { day, firstHotel } from '../modules/bookings/test-helpers';

const TOKEN = 'metrics-token-for-the-scraper';
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
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
});
