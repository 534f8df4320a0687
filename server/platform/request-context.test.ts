import { request as httpRequest } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domainEvents, users } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 30: every log line of a request carries its `reqId`, the lines a service writes with the process logger too,
 * and the request id travels with the events the request emits: stored on the outbox row, and on the log lines of
 * the event's handlers.
 */
let t: TestApp;
let origin: string;
const lines: string[] = [];
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'info', LOG_REQUESTS: 'all' },
    overrides: { logDestination: { write: (line: string) => void lines.push(line) } },
  });
  // A subscriber that logs with the process logger, as the modules' subscribers do.
  t.ctx.events.on('account.registered', (p) => t.ctx.log.info({ userId: p.userId }, 'test subscriber saw a registration'));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());
beforeEach(() => {
  lines.length = 0;
});

const account = (username: string) => ({ username, email: `${username}@example.com`, password: 'a long enough password 1' });
const register = (username: string) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account(username) });
/**
 * Over a real socket, the body sent a moment after the headers: Fastify reads it in the socket's callbacks, after the
 * first hooks entered the request's context (`inject` hands the body over with the request).
 */
const registerOverHttp = (username: string) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${origin}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.flushHeaders();
    setTimeout(() => req.end(JSON.stringify(account(username))), 50);
  });

/** The reqId of the one `request completed` line of `route`. */
function requestIdOf(route: string): string {
  const done = records().filter((r) => r.msg === 'request completed' && r.route === route);
  expect(done).toHaveLength(1);
  expect(done[0].reqId).toEqual(expect.any(String));
  return done[0].reqId as string;
}

describe('the request id', () => {
  it('is stored with the events a request emits, and carried on its subscribers’ log lines', async () => {
    const res = await register('reqid_alice');
    expect(res.statusCode).toBe(201);
    const reqId = requestIdOf('/api/auth/register');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'reqid_alice'));
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'account.registered'), sql`${domainEvents.payload} @> ${JSON.stringify({ userId: user.id })}::jsonb`));
    expect(event.requestId).toBe(reqId);
    const seen = records().filter((r) => r.msg === 'test subscriber saw a registration');
    expect(seen).toEqual([expect.objectContaining({ userId: user.id, reqId })]);
  });

  it('is on request.log lines once, and on no line written outside a request', async () => {
    await register('reqid_bob');
    const completed = lines.find((l) => l.includes('"request completed"'));
    expect(completed?.match(/"reqId"/g)).toHaveLength(1);
    lines.length = 0;
    t.ctx.log.info('outside any request');
    expect(records()).toEqual([expect.not.objectContaining({ reqId: expect.anything() })]);
  });

  it('differs between requests, also when they overlap, over real sockets', async () => {
    expect(await Promise.all([registerOverHttp('reqid_carol'), registerOverHttp('reqid_dave')])).toEqual([201, 201]);
    const ids = records()
      .filter((r) => r.msg === 'request completed')
      .map((r) => r.reqId);
    expect(new Set(ids).size).toBe(2);
    const seen = records().filter((r) => r.msg === 'test subscriber saw a registration');
    expect(seen).toHaveLength(2);
    // Each subscriber line carries the id of the request that stored its event.
    for (const line of seen) {
      const [event] = await t.database.db
        .select({ requestId: domainEvents.requestId })
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'account.registered'), sql`${domainEvents.payload} @> ${JSON.stringify({ userId: line.userId })}::jsonb`));
      expect(line.reqId).toBe(event.requestId);
      expect(ids).toContain(line.reqId);
    }
  });
});
