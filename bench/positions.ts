/**
 * Position-to-socket latency: DRIVERS drivers, each on an active order, send one fix a second over HTTP; a tracking
 * socket per order measures how long each fix takes to arrive. Run on one instance, and — when DATABASE_URL and
 * REDIS_URL are set — across two instances (fixes posted to A, sockets on B). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { seedDeliveries } from '../server/testing/load-fixtures';
import { openLive, type LiveClient } from '../server/testing/live-client';
import { createTestApp, type TestApp } from '../server/testing/test-app';
import { createTwoInstances } from '../server/testing/two-instances';
import type { TrackingSocketMessage } from '../domain/tracking/live';

const DRIVERS = 200;
const SECONDS = 10;
const TARGET = { p50Ms: 100, p99Ms: 500 };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** DRIVERS online drivers with an order in transit each, and a session cookie per driver (load-fixtures.ts). */
const seedDrivers = (t: TestApp) => seedDeliveries(t.database.db, (userId) => t.ctx.sessions.create(userId), DRIVERS, `bench${Date.now()}`);

async function run(label: string, poster: TestApp, listenerBase: string, postBase: string) {
  const fleet = await seedDrivers(poster);
  const sockets: LiveClient<TrackingSocketMessage>[] = [];
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  for (const d of fleet) {
    const s = await openLive<TrackingSocketMessage>(`${listenerBase}/ws/tracking/${d.trackingId}`);
    s.socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as TrackingSocketMessage;
      if (m.type !== 'position') return;
      const at = sent.get(`${d.trackingId}:${m.point.lat.toFixed(6)}`);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
    sockets.push(s);
  }
  let posted = 0;
  let failed = 0;
  /** Fixes the server's plausibility filter dropped (out-of-order arrival under load makes a jump look too fast). */
  let refused = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let second = 0; second < SECONDS; second++) {
    for (const [i, d] of fleet.entries()) {
      // Spread each second's fixes evenly, as real devices would be.
      const due = started + second * 1000 + (i * 1000) / fleet.length;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const lat = d.lat + (second + 1) * 0.0001;
      sent.set(`${d.trackingId}:${lat.toFixed(6)}`, performance.now());
      inFlight.push(
        fetch(`${postBase}/api/driver/positions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: d.cookie },
          body: JSON.stringify({ positions: [{ lat, lng: d.lng, recordedAt: new Date().toISOString() }] }),
        }).then(async (res) => {
          posted += 1;
          if (!res.ok) failed += 1;
          else if (((await res.json()) as { accepted: number }).accepted === 0) refused += 1;
        }),
      );
    }
  }
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 1000));
  for (const s of sockets) s.close();
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `position -> socket, ${label}: ${DRIVERS} drivers x 1 fix/s for ${SECONDS} s: p50 ${p50.toFixed(1)} ms (target ≤ ${TARGET.p50Ms}), ` +
      `p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET.p99Ms}); ${latencies.length}/${posted} delivered${failed ? `, ${failed} POSTs failed` : ''}${refused ? `, ${refused} fixes dropped by the filter` : ''}`,
  );
}

export async function positionLatencyBench() {
  const single = await createTestApp({ seed: false });
  try {
    const base = await single.app.listen({ port: 0, host: '127.0.0.1' });
    await run(`one instance (${single.database.kind})`, single, base.replace('http', 'ws'), base);
  } finally {
    await single.close();
  }

  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('position -> socket, two instances: skipped (set DATABASE_URL and REDIS_URL to run it through Redis)');
    return;
  }
  const { a, b, close } = await createTwoInstances({ seed: false });
  try {
    const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    await run('two instances through Redis (POST to A, sockets on B)', a, baseB.replace('http', 'ws'), baseA);
  } finally {
    await close();
  }
}
