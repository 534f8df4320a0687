/**
 * Chat delivery: 1,000 connected sockets in 500 conversations (a customer and a provider each); every customer sends
 * MESSAGES messages over SECONDS seconds; each provider socket times its arrivals. One instance, then (with
 * DATABASE_URL and REDIS_URL) customers on A and providers on B. Prints p50/p99 and lost / duplicated counts.
 */
import { performance } from 'node:perf_hooks';
import { seedChatPairs } from '../server/testing/load-fixtures';
import { openLive, type LiveClient } from '../server/testing/live-client';
import { createTestApp, type TestApp } from '../server/testing/test-app';
import { createTwoInstances } from '../server/testing/two-instances';
import type { ChatServerMessage } from '../domain/chat/schemas';

const CONVERSATIONS = 500;
const MESSAGES = 4;
const SECONDS = 8;
const TARGET = { p50Ms: 100, p99Ms: 500 };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** CONVERSATIONS conversations, a customer and a provider each (server/testing/load-fixtures.ts). */
const seed = (t: TestApp) => seedChatPairs(t.database.db, (userId) => t.ctx.sessions.create(userId), CONVERSATIONS, `bench${Date.now()}`);

async function run(label: string, seedOn: TestApp, customersWs: string, providersWs: string) {
  const pairs = await seed(seedOn);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Map<string, number>();
  const customers: LiveClient<ChatServerMessage>[] = [];
  const providers: LiveClient<ChatServerMessage>[] = [];
  for (const pair of pairs) {
    const p = await openLive<ChatServerMessage>(`${providersWs}/ws/chat`, { cookie: pair.provider });
    p.socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as ChatServerMessage;
      if (m.type !== 'new_message' || !m.message.clientMessageId) return;
      const key = m.message.clientMessageId;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const at = sentAt.get(key);
      if (at !== undefined && seen.get(key) === 1) latencies.push(performance.now() - at);
    });
    providers.push(p);
    customers.push(await openLive<ChatServerMessage>(`${customersWs}/ws/chat`, { cookie: pair.customer }));
  }
  const started = performance.now();
  const total = CONVERSATIONS * MESSAGES;
  for (let n = 0; n < total; n++) {
    const i = n % CONVERSATIONS;
    const due = started + (n * SECONDS * 1000) / total;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const key = `bench-${i}-${Math.floor(n / CONVERSATIONS)}`;
    sentAt.set(key, performance.now());
    customers[i].socket.send(JSON.stringify({ type: 'send_message', conversationId: pairs[i].conversationId, message: `hello ${n}`, clientMessageId: key }));
  }
  const until = Date.now() + 15_000;
  while (seen.size < total && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  for (const s of [...customers, ...providers]) s.close();
  latencies.sort((a, b) => a - b);
  const lost = total - seen.size;
  const duplicated = [...seen.values()].filter((n) => n > 1).length;
  console.log(
    `chat, ${label}: ${CONVERSATIONS * 2} sockets in ${CONVERSATIONS} conversations, ${total} messages in ${SECONDS} s: ` +
      `p50 ${pct(latencies, 50).toFixed(1)} ms (target ≤ ${TARGET.p50Ms}), p99 ${pct(latencies, 99).toFixed(1)} ms (target ≤ ${TARGET.p99Ms}); lost ${lost}, duplicated ${duplicated}`,
  );
}

export async function chatBench() {
  const single = await createTestApp({ seed: false });
  try {
    const ws = (await single.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    await run(`one instance (${single.database.kind})`, single, ws, ws);
  } finally {
    await single.close();
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('chat, two instances: skipped (set DATABASE_URL and REDIS_URL to run it through Redis)');
    return;
  }
  const { a, b, close } = await createTwoInstances({ seed: false });
  try {
    const wsA = (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const wsB = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    await run('two instances through Redis (customers on A, providers on B)', a, wsA, wsB);
  } finally {
    await close();
  }
}
