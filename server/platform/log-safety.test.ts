import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatServerMessage } from '../../domain/chat/schemas';
import { SERVER_RENDER } from '../../domain/pages';
import { restaurants } from '../db/schema';
import { firstMenuItem } from '../modules/bookings/test-helpers';
import { openLive } from '../testing/live-client';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { BAD_TEXT_MESSAGE } from './text-guard';

/**
 * Issue 27: a log line names a failed query (its class, PostgreSQL code and statement name or route), never its SQL
 * text, its parameters or a value PostgreSQL quotes; request secrets (cookie, authorization) never reach the log;
 * and NUL never reaches PostgreSQL from a route outside /api either (`GET /track/%00`).
 */
let t: TestApp;
let root: string;
const lines: string[] = [];
const logged = () => lines.join('');
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

/** What no log line may hold: SQL text (as drizzle writes it), drizzle's wrapper message, parameter lists. */
function expectNoSql(text: string) {
  expect(text).not.toMatch(/\bselect\s|\binsert\s+into\b|\bupdate\s+"|\bdelete\s+from\b/i);
  expect(text).not.toMatch(/Failed query|params:/i);
  expect(text).not.toContain('"params"');
}

/** Runs `change` with a table renamed away: every query of it fails with 42P01 (relation does not exist). */
async function withoutTable(table: string, change: () => Promise<void>) {
  await t.database.db.execute(sql.raw(`alter table "${table}" rename to "${table}_gone"`));
  try {
    await change();
  } finally {
    await t.database.db.execute(sql.raw(`alter table "${table}_gone" rename to "${table}"`));
  }
}

beforeAll(async () => {
  // A build's server-render module stand-in, so the /track/:id document route exists as in production (ADR 025).
  root = mkdtempSync(join(tmpdir(), 'golive-logs-'));
  const distDir = join(root, 'client');
  const ssr = `${distDir}${SERVER_RENDER.dirSuffix}`;
  mkdirSync(ssr, { recursive: true });
  writeFileSync(join(ssr, SERVER_RENDER.template), '<!doctype html><html><body><!--page-html--><script><!--page-data--></script></body></html>');
  writeFileSync(join(ssr, SERVER_RENDER.module), 'export async function renderTrackingPage(url, id, tracking) { return { html: "<p>" + tracking.id + "</p>", data: {} }; }\n');
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', LOG_REQUESTS: 'all', DIST_DIR: distDir },
    overrides: { logDestination: { write: (line: string) => void lines.push(line) } },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  lines.length = 0;
});

describe('NUL outside /api', () => {
  it('GET /track/%00 answers 400, not 500, before any query, and the log holds no SQL', async () => {
    for (const url of ['/track/%00', '/track/AB%00CD', '/track/x?from=%00', '/uploads/%00.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(BAD_TEXT_MESSAGE);
    }
    expect(records().filter((r) => r.msg === 'request completed')).toHaveLength(4);
    expect(records().some((r) => r.msg === 'tracking page not rendered')).toBe(false);
    expectNoSql(logged());
  });

  it('a chat message with NUL over the socket is answered with an error, and its text and SQL stay out of the log', async () => {
    const ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const provider = await signUp(t, { role: 'provider' });
    const customer = await signUp(t);
    const { restaurant } = await firstMenuItem(t);
    await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
    const started = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: customer.cookie }, payload: { serviceType: 'food-delivery', serviceId: restaurant.id } });
    expect(started.statusCode).toBe(201);
    const socket = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie: customer.cookie });
    try {
      await socket.next((m) => m.type === 'connected');
      lines.length = 0;
      socket.socket.send(JSON.stringify({ type: 'send_message', conversationId: started.json().id, message: 'CHATSECRET\u0000text', clientMessageId: 'nul-1' }));
      const answer = await socket.next((m) => m.type === 'error' || m.type === 'new_message');
      expect(answer.type).toBe('error');
    } finally {
      socket.close();
    }
    expectNoSql(logged());
    expect(logged()).not.toContain('CHATSECRET');
  });

  it('a chat message with NUL over the API answers 400', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: user.cookie }, payload: { trackingId: 'ab\u0000' } });
    expect(res.statusCode).toBe(400);
    expectNoSql(logged());
  });
});

describe('a failed query in the log', () => {
  it('a document route whose query fails logs the class, never the SQL or the id it looked for', async () => {
    await withoutTable('tracking_records', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/track/TRKSECRET0001' });
      // The document route falls back to the client's shell (404 without a build) rather than failing.
      expect(res.statusCode).not.toBe(500);
    });
    const warn = records().find((r) => r.msg === 'tracking page not rendered');
    expect(warn).toBeDefined();
    expectNoSql(logged());
    // The id is in the request's own path (the not-found answer has no route pattern), nowhere else.
    expect(lines.filter((l) => l.includes('TRKSECRET0001')).map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: 'request completed', path: '/track/TRKSECRET0001' }),
    ]);
  });

  it('a 500 logs the error class, the PostgreSQL code and the route, not the SQL, parameters, cookie or token', async () => {
    const user = await signUp(t);
    const cookieValue = user.cookie.split('=')[1];
    lines.length = 0;
    await withoutTable('tracking_records', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/tracking/TRKSECRET0002?note=QUERYSECRET',
        headers: { cookie: user.cookie, authorization: 'Bearer BEARERSECRET' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
    });
    const failed = records().find((r) => r.msg === 'request failed');
    expect(failed).toMatchObject({ err: { type: 'DrizzleQueryError', code: '42P01' }, route: 'GET /api/tracking/:id' });
    expect((failed!.err as Record<string, unknown>).message).toBeUndefined();
    // The request line names the route by its pattern.
    expect(records().find((r) => r.msg === 'request completed')).toMatchObject({ method: 'GET', route: '/api/tracking/:id', status: 500 });
    const text = logged();
    expectNoSql(text);
    for (const secret of ['TRKSECRET0002', 'QUERYSECRET', cookieValue, 'BEARERSECRET', 'tracking_records']) expect(text, secret).not.toContain(secret);
  });

  it('a failed named statement is logged by its name', async () => {
    const user = await signUp(t);
    lines.length = 0;
    await withoutTable('sessions', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(500);
    });
    const failed = records().find((r) => r.msg === 'request failed');
    expect(failed).toMatchObject({ err: { type: 'DrizzleQueryError', code: '42P01', query: 'session_lookup' }, route: 'GET /api/auth/me' });
    expectNoSql(logged());
    expect(logged()).not.toContain(user.cookie.split('=')[1]);
  });

  it('whatever a call site hands the logger (the error, its message, a bare string), SQL, data and secrets stay out', async () => {
    let caught: unknown;
    try {
      await t.database.db.execute(sql`select * from users where email = ${'victim@example.com'} and id = ${'not-a-number'}::int`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String((caught as Error).message)).toContain('victim@example.com');
    t.ctx.log.error(caught, 'passed as the error');
    t.ctx.log.error({ err: caught }, 'passed as err');
    t.ctx.log.warn({ error: (caught as Error).message }, 'passed as the message');
    t.ctx.log.warn((caught as Error).message);
    t.ctx.log.warn(`wrapped: ${(caught as Error).message}`);
    // A PostgreSQL message that quotes the value it refused.
    t.ctx.log.warn({ err: (caught as Error & { cause?: Error }).cause?.message }, 'driver message');
    t.ctx.log.info({ req: { headers: { cookie: 'sid=COOKIESECRET', authorization: 'Bearer AUTHSECRET' } }, res: { headers: { 'set-cookie': 'sid=SETCOOKIESECRET' } } }, 'headers');
    t.ctx.log.info({ headers: { cookie: 'sid=COOKIESECRET2', authorization: 'Basic AUTHSECRET2' }, token: 'TOKENSECRET', password: 'PASSWORDSECRET' }, 'bare headers');
    expect(lines.length).toBe(8);
    const text = logged();
    expectNoSql(text);
    for (const secret of ['victim@example.com', 'not-a-number', 'COOKIESECRET', 'AUTHSECRET', 'SETCOOKIESECRET', 'TOKENSECRET', 'PASSWORDSECRET']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(records()[0]).toMatchObject({ err: { type: 'DrizzleQueryError', code: '22P02' } });
    expect(records()[5]).toMatchObject({ err: { message: expect.stringContaining('invalid input syntax for type integer') } });
  });
});
