/**
 * Mail delivery: how long from a booking's confirmation (the payment request) until its receipt reaches an SMTP
 * server, p50/p99 over BOOKINGS bookings; and how fast a backlog drains once the SMTP server is back after an
 * outage of OUTAGE_SECONDS (default 60). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { startSmtpSink } from '../server/testing/smtp-sink';
import { createTestApp, signUp } from '../server/testing/test-app';
import { bookHotel, cardToken } from '../server/modules/bookings/test-helpers';
import { templates } from '../server/modules/notifications';

const BOOKINGS = 200;
const BACKLOG = 200;
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
const TARGET = { p50Ms: 250, p99Ms: 1000, drainSeconds: 60 };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  return check();
}

export async function mailBench() {
  const smtp = await startSmtpSink();
  const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  try {
    const customer = await signUp(t);
    const latencies: number[] = [];
    let missing = 0;
    // One saved card for all bookings (tokenizing is rate limited, as card endpoints should be).
    const paymentMethodId = await cardToken(t, customer.cookie);
    for (let i = 0; i < BOOKINGS; i++) {
      const booking = await bookHotel(t, customer.cookie);
      const subject = `Receipt for booking #${booking.id}`;
      const started = performance.now();
      await t.app.inject({
        method: 'POST',
        url: '/api/process-payment',
        headers: { cookie: customer.cookie },
        payload: { bookingId: booking.id, amount: Math.round(booking.totalAmount * 100), currency: 'usd', paymentMethodId },
      });
      if (await waitUntil(() => smtp.received.some((m) => m.subject === subject), 10_000)) latencies.push(performance.now() - started);
      else missing += 1;
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `booking confirmed -> receipt at the SMTP server (${t.database.kind}), ${BOOKINGS} bookings: p50 ${pct(latencies, 50).toFixed(1)} ms (target ≤ ${TARGET.p50Ms}), ` +
        `p99 ${pct(latencies, 99).toFixed(1)} ms (target ≤ ${TARGET.p99Ms})${missing ? `, ${missing} not received` : ''}`,
    );

    // Outage: the server goes away, a backlog builds up and is retried with backoff; then it comes back.
    await smtp.stop();
    const before = smtp.received.length;
    const site = t.config.siteUrl;
    for (let i = 0; i < BACKLOG; i++) {
      const mail = templates.welcome({ name: `Backlog ${i}` });
      await t.ctx.mailer.enqueue(t.database.db, { dedupeKey: `bench-backlog:${Date.now()}:${i}`, to: `backlog${i}@example.com`, template: mail.name, ...mail.render(site) });
    }
    t.ctx.mailer.kick();
    await new Promise((r) => setTimeout(r, OUTAGE_SECONDS * 1000));
    await smtp.restart();
    const back = performance.now();
    const drained = await waitUntil(() => smtp.received.length - before >= BACKLOG, 30 * 60_000);
    const seconds = (performance.now() - back) / 1000;
    const ids = smtp.received.slice(before).map((m) => m.messageId);
    console.log(
      `backlog of ${BACKLOG} mails after a ${OUTAGE_SECONDS} s SMTP outage: ${drained ? `drained in ${seconds.toFixed(1)} s` : 'not drained'} (target ≤ ${TARGET.drainSeconds} s; ` +
        `waits for each mail's next backoff step), ${ids.length - new Set(ids).size} duplicates`,
    );
  } finally {
    await t.close();
    await smtp.stop().catch(() => undefined);
  }
}
