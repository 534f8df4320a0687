import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { createAdmin, createTestApp, signUp, type TestApp } from '../testing/test-app';
import { openApiPath } from './openapi';

/**
 * Fuzz over the route table (issue 14): every route registered by any module (app.routeTable, collected by an onRoute
 * hook, so a route added later is covered without editing this file), hostile paths, queries, bodies and callers.
 * Seeded, so a failure replays: FUZZ_SEED and FUZZ_RUNS override the defaults.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);

let t: TestApp;
let cookies: { user: string; admin: string };
/** The OpenAPI document's parameters of each operation (`GET /api/bookings/{id}` -> [...]). */
type Parameter = { in: string; name: string; schema?: { type?: string; enum?: string[] } };
let parameters: Map<string, Parameter[]>;
/** The listening server's origin: non-normal paths are also sent over a socket, exactly as written. */
let origin: URL;
beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t);
  const admin = await createAdmin(t);
  cookies = { user: user.cookie, admin: admin.cookie };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  parameters = new Map(Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.parameters ?? []] as const)));
  origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
}, 120_000);
afterAll(async () => t?.close());

/** Strings a probe sends: NUL, lone surrogates, huge numbers, traversal, SQL, markup, very long text. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '2147483648', '99999999999999999999', '-1', '0', '1e308', 'NaN', 'Infinity',
    '../../etc/passwd', '..%2f..%2f', "' OR 1=1 --", '"; drop table users; --', '<script>alert(1)</script>', '%00', '%', '{}',
    '[]', 'null', 'true', ' ', '2026-02-30', '2999-12-31', '0000-00-00', '=cmd|/C calc', 'x'.repeat(5000), '.', '..', '%61',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const FIELD_NAMES = [
  'id', 'email', 'password', 'username', 'name', 'phone', 'items', 'serviceType', 'serviceId', 'quantity', 'details', 'totalAmount',
  'bookingId', 'amount', 'currency', 'paymentMethodId', 'paymentIntentId', 'number', 'expMonth', 'expYear', 'cvc', 'token', 'status',
  'reason', 'notes', 'isActive', 'price', 'message', 'subject', 'q', 'location', 'category', 'from', 'to', 'date', 'lat', 'lng',
  'checkIn', 'checkOut', 'passengers', 'emailOptOut', 'trackingId', 'text', 'clientMessageId', 'online', 'positions', 'rating',
];
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), tie('node'), { maxKeys: 6 }),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }),
  value,
  fc.constantFrom('{"a":', 'not json', '', '[1,2', '{"__proto__":{"x":1}}'),
);

/**
 * What must never reach a caller: stack frames, SQL, password hashes, server file paths. A frame is `at fn (file:1:2)`
 * or `at file:1:2` with no space or quote in the file: a review saying "at the Yorkville penthouse" in a JSON list
 * that later holds a time of day (14:39:22) is not one.
 */
const LEAKS = [/\bat (?:(?:\S+ ){1,2}\()?[^\s"'()]+:\d+:\d+/, /\bselect\b[^"]{0,80}\bfrom\b/i, /\binsert into\b/i, /failed query/i, /\$argon2/, /password_hash/i, /\/(work|home|usr|tmp|node_modules)\//, /\bstack\b/i];

/** Percent-encodes for a path or query; a lone surrogate (which UTF-8 cannot hold) becomes its raw 3-byte form. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\s\S]/g, (c) => {
      const code = c.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff) return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 63)).toString(16)}%${(0x80 | (code & 63)).toString(16)}`;
      return encodeURIComponent(c);
    });
  }
}

/** Ways to write a route's path other than its normal form (normal-path.ts); 'none' thrice so most runs reach the routes. */
const MANGLE = {
  none: (path: string) => path,
  none2: (path: string) => path,
  none3: (path: string) => path,
  encoded: (path: string) => path.replace(/^\/api\//, '/%61pi/'),
  doubleSlash: (path: string) => `/${path}`,
  innerDoubleSlash: (path: string) => path.replace(/^\/api\//, '/api//'),
  dot: (path: string) => path.replace(/^\/api\//, '/api/./'),
  dotDot: (path: string) => path.replace(/^\/api\//, '/api/../api/'),
  encodedSlash: (path: string) => path.replace(/^\/api\//, '/api%2F'),
};
type Mangle = keyof typeof MANGLE;
const MANGLES = Object.keys(MANGLE) as Mangle[];

/** Sends a request over a socket with its path exactly as written (app.inject resolves dot segments itself). */
function onSocket(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: origin.hostname, port: origin.port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A valid-looking value for a path parameter that is not the one under test: an enum's first value, else 1. */
const plausible = (p: Parameter | undefined) => p?.schema?.enum?.[0] ?? '1';
/** Id-like parameters: `id`, `...Id` and the `before` cursors, in the path or the query. */
const ID_LIKE = /^(id|[a-z]+Id|before)$/;

describe('ids and paths at the edge', () => {
  it('answers 2^31 and a 20-digit number in every id-like parameter of every route with a 4xx, for every caller', async () => {
    const routes = t.app.routeTable.filter((r) => r.documented);
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes) {
      const params = parameters.get(`${route.method} ${openApiPath(route.url)}`) ?? [];
      const targets = params.filter((p) => (p.in === 'path' || p.in === 'query') && ID_LIKE.test(p.name));
      for (const target of targets) {
        for (const huge of ['2147483648', '99999999999999999999']) {
          const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
            target.in === 'path' && name === target.name ? huge : plausible(params.find((p) => p.in === 'path' && p.name === name)),
          );
          const url = target.in === 'query' ? `${path}?${target.name}=${huge}` : path;
          for (const who of ['none', 'user', 'admin'] as const) {
            const headers: Record<string, string> = who === 'none' ? {} : { cookie: cookies[who] };
            const withBody = !['GET', 'DELETE'].includes(route.method);
            if (withBody) headers['content-type'] = 'application/json';
            const res = await t.app.inject({ method: route.method as 'GET', url, headers, ...(withBody ? { payload: '{}' } : {}) });
            probed += 1;
            if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${res.statusCode}: ${who} ${route.method} ${url} -> ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    // Every route with an :id is among them (the table has dozens).
    expect(probed).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses every route written other than in normal form, over a socket and through inject, before any guard', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x');
      const withBody = !['GET', 'DELETE'].includes(route.method);
      // A foreign Origin and a NUL in the body: what the CSRF check and the text guard refuse on the normal path.
      const headers: Record<string, string> = { cookie: cookies.admin, origin: 'https://evil.example', ...(withBody ? { 'content-type': 'application/json' } : {}) };
      const body = withBody ? JSON.stringify({ email: 'a\u0000b', name: 'x\u0000' }) : undefined;
      for (const mangle of MANGLES.filter((m) => !m.startsWith('none'))) {
        const url = MANGLE[mangle](path);
        const viaSocket = await onSocket(route.method, url, headers, body);
        if (viaSocket.status !== 400) failures.push(`socket ${viaSocket.status}: ${route.method} ${url} -> ${viaSocket.body.slice(0, 120)}`);
        const viaInject = await t.app.inject({ method: route.method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) });
        // app.inject resolves dot segments before the app sees the URL: those reach the route itself, in normal form.
        const resolved = mangle === 'dot' || mangle === 'dotDot';
        if (resolved ? viaInject.statusCode >= 500 : viaInject.statusCode !== 400) failures.push(`inject ${viaInject.statusCode}: ${route.method} ${url} -> ${viaInject.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('fuzz over every route', () => {
  it(`answers ${RUNS} hostile requests with no 5xx and no leak`, async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(50);
    const seen = new Set<string>();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(routes.length - 1),
        fc.array(fc.oneof(hostileString, hostileNumber.map(String)), { minLength: 4, maxLength: 4 }),
        fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 4 }),
        body,
        fc.constantFrom<'none' | 'user' | 'admin'>('none', 'user', 'admin'),
        fc.constantFrom<Mangle>(...MANGLES),
        async (index, params, query, payload, who, mangle) => {
          const route = routes[index];
          let p = 0;
          const path = MANGLE[mangle](route.url.replace(/:[A-Za-z0-9_]+/g, () => encode(params[p++ % params.length]) || 'x').replace(/\*$/, 'x'));
          const qs = Object.entries(query).map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
          const url = qs ? `${path}?${qs}` : path;
          const headers: Record<string, string> = who === 'none' ? {} : { cookie: cookies[who] };
          const withBody = !['GET', 'DELETE'].includes(route.method);
          if (withBody) headers['content-type'] = 'application/json';
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(withBody ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
          });
          seen.add(`${route.method} ${route.url}`);
          const problem =
            res.statusCode >= 500 ? `status ${res.statusCode}` : LEAKS.find((re) => re.test(res.body)) ? `leak ${LEAKS.find((re) => re.test(res.body))}` : null;
          if (problem) {
            failures.push(`${problem}: ${route.method} ${url.slice(0, 200)} -> ${res.body.slice(0, 200)}`);
            return false;
          }
          return true;
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    ).catch((err: Error) => {
      throw new Error(`${failures.slice(-3).join('\n')}\n${err.message.split('\n').slice(0, 12).join('\n')}`);
    });
    // The run reached most of the table (a seed that skipped half the routes would prove little).
    expect(seen.size).toBeGreaterThan(routes.length * 0.8);
  }, 300_000);
});
