/**
 * Issue 30's rolling restart at full load (server/testing/rolling-restart.ts): nginx with deploy/nginx.conf in front of
 * two web instances and a worker on PostgreSQL + Redis, ~50 requests a second (browsing, quotes, bookings, payments),
 * 200 chat sockets and 50 tracking sockets, while each instance in turn drains and restarts. Printed, never asserted.
 * Needs DATABASE_URL, REDIS_URL and nginx; skipped without them.
 */
import { nginxInstalled, rollingRestart } from '../server/testing/rolling-restart';
import { createTestDatabase } from '../server/testing/test-db';
import { percentile } from './inject';

const LOAD = { requestsPerSecond: 50, chatSockets: 200, trackingSockets: 50, drainSeconds: 5 };
const TARGET = { failed: 0, lost: 0, duplicated: 0, positionsMissed: 0, mailsTwice: 0, reconnectP95Ms: 3000 };

export async function rollingRestartBench() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  console.log(`\nRolling restart behind nginx: 2 web + 1 worker restarted one by one under ${LOAD.requestsPerSecond} req/s, ${LOAD.chatSockets} chat and ${LOAD.trackingSockets} tracking sockets (DRAIN_SECONDS=${LOAD.drainSeconds})`);
  if (!databaseUrl || !redisUrl || !nginxInstalled()) {
    console.log('  skipped: needs DATABASE_URL, REDIS_URL and nginx');
    return;
  }
  const db = await createTestDatabase({ seeded: true });
  try {
    const r = await rollingRestart({ databaseUrl: db.url!, redisUrl, load: LOAD, log: (line) => line && console.log(`  ${line}`) });
    const ok = (good: boolean) => (good ? 'ok' : 'MISSED');
    const p95 = percentile(r.reconnectMs, 95);
    console.log(`  HTTP requests        ${r.requests} (${r.bookingsPaid} bookings paid), failed ${r.failed.length}   target ${TARGET.failed}  ${ok(r.failed.length === 0)}`);
    for (const f of r.failed.slice(0, 5)) console.log(`    ${f}`);
    console.log(`  chat messages        ${r.chatSent} sent, lost ${r.chatLost}, duplicated ${r.chatDuplicated}   target 0  ${ok(r.chatLost + r.chatDuplicated === 0)}`);
    console.log(`  positions            ${r.positionsAccepted} accepted, missed after reconnect ${r.positionsMissed}   target 0  ${ok(r.positionsMissed === 0)}`);
    console.log(`  mails                ${r.mails} sent, sent twice ${r.mailsTwice}   target 0  ${ok(r.mailsTwice === 0)}`);
    console.log(`  socket reconnects    ${r.reconnectMs.length}, p50 ${percentile(r.reconnectMs, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms   target p95 < ${TARGET.reconnectP95Ms} ms  ${ok(p95 < TARGET.reconnectP95Ms)}`);
  } finally {
    await db.drop();
  }
}
