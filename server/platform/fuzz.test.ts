import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Fuzz over the route table (issue 14): every route registered by any module (app.routeTable, collected by an onRoute
 * hook, so a route added later is covered without editing this file), hostile paths, queries, bodies and callers.
 * Seeded, so a failure replays: FUZZ_SEED and FUZZ_RUNS override the defaults.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);

let t: TestApp;
let cookies: { user: string; admin: string };
beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t);
  const admin = await createAdmin(t);
  cookies = { user: user.cookie, admin: admin.cookie };
}, 120_000);
afterAll(async () => t?.close());

/** Strings a probe sends: NUL, lone surrogates, huge numbers, traversal, SQL, markup, very long text. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '2147483648', '99999999999999999999', '-1', '0', '1e308', 'NaN', 'Infinity',
    '../../etc/passwd', '..%2f..%2f', "' OR 1=1 --", '"; drop table users; --', '<script>alert(1)</script>', '%00', '%', '{}',
    '[]', 'null', 'true', ' ', '2026-02-30', '2999-12-31', '0000-00-00', '=cmd|/C calc', 'x'.repeat(5000),
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

/** What must never reach a caller: stack frames, SQL, password hashes, server file paths. */
const LEAKS = [/\bat [^\n]+:\d+:\d+/, /\bselect\b[^"]{0,80}\bfrom\b/i, /\binsert into\b/i, /failed query/i, /\$argon2/, /password_hash/i, /\/(work|home|usr|tmp|node_modules)\//, /\bstack\b/i];

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
        async (index, params, query, payload, who) => {
          const route = routes[index];
          let p = 0;
          const path = route.url.replace(/:[A-Za-z0-9_]+/g, () => encode(params[p++ % params.length]) || 'x').replace(/\*$/, 'x');
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
