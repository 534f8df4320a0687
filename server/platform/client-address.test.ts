import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cameOverHttps, clientAddress, parseTrustProxy, proxyTrust } from './client-address';

const raw = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  it('refuses true at start, saying what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*any client could choose its own address.*TRUST_PROXY=1.*TRUST_PROXY=127\.0\.0\.1/);
  });

  it('refuses what is neither a hop count nor addresses', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', ',', '1.5', '999']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('reads none, hops, and addresses or CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(parseTrustProxy('::1,fd00::/8')).toEqual({ value: ['::1', 'fd00::/8'] });
  });
});

describe('clientAddress', () => {
  const chain = '203.0.113.9, 198.51.100.1, 192.0.2.7';
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(raw('10.1.1.1', { 'x-forwarded-for': chain }), proxyTrust(false))).toBe('10.1.1.1');
  });

  it('with hops, is the address the outermost trusted hop saw', () => {
    expect(clientAddress(raw('10.1.1.1', { 'x-forwarded-for': chain }), proxyTrust(1))).toBe('192.0.2.7');
    expect(clientAddress(raw('10.1.1.1', { 'x-forwarded-for': chain }), proxyTrust(2))).toBe('198.51.100.1');
    expect(clientAddress(raw('10.1.1.1'), proxyTrust(1))).toBe('10.1.1.1');
  });

  it('with addresses, walks X-Forwarded-For from the right while the hop is one of them', () => {
    const trust = proxyTrust(['10.0.0.0/8', '192.0.2.7']);
    expect(clientAddress(raw('10.1.1.1', { 'x-forwarded-for': chain }), trust)).toBe('198.51.100.1');
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(clientAddress(raw('203.0.113.50', { 'x-forwarded-for': chain }), trust)).toBe('203.0.113.50');
  });

  it('believes X-Forwarded-Proto from a trusted peer only', () => {
    expect(cameOverHttps(raw('10.1.1.1', { 'x-forwarded-proto': 'http, https' }), proxyTrust(['10.0.0.0/8']))).toBe(true);
    expect(cameOverHttps(raw('203.0.113.50', { 'x-forwarded-proto': 'https' }), proxyTrust(['10.0.0.0/8']))).toBe(false);
    expect(cameOverHttps(raw('10.1.1.1', { 'x-forwarded-proto': 'https' }), proxyTrust(false))).toBe(false);
  });
});

/** 25 sign-ups from one socket, each claiming another address in X-Forwarded-For (`claims(i)`); the statuses. */
async function signUps(t: TestApp, tag: string, remoteAddress: string, claims: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `${tag}${i}`, email: `${tag}${i}@example.com`, password: 'password-123' },
      remoteAddress,
      headers: { 'x-forwarded-for': claims(i) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('the sign-up limit (10 an hour per address) with invented X-Forwarded-For', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false });
    }, 60_000);
    afterAll(async () => t?.close());

    it('ignores the header: the socket is the address', async () => {
      const statuses = await signUps(t, 'plain', '192.0.2.10', (i) => `203.0.113.${i}`);
      expect(count(statuses, 201)).toBe(10);
      expect(count(statuses, 429)).toBe(15);
    }, 60_000);
  });

  describe('with TRUST_PROXY=1', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false, env: { TRUST_PROXY: '1' } });
    }, 60_000);
    afterAll(async () => t?.close());

    it('uses only the last hop: what the proxy saw, not what the client wrote before it', async () => {
      // The proxy (the socket, 127.0.0.1) appends the address it saw to whatever the client sent.
      const statuses = await signUps(t, 'hop', '127.0.0.1', (i) => `203.0.113.${i}, 198.51.100.${i}, 192.0.2.20`);
      expect(count(statuses, 201)).toBe(10);
      expect(count(statuses, 429)).toBe(15);
      // Another client behind the same proxy has its own allowance: the hop is believed, not ignored.
      const other = await signUps(t, 'hopb', '127.0.0.1', () => '192.0.2.21');
      expect(count(other, 201)).toBe(10);
    }, 120_000);
  });

  describe('with TRUST_PROXY=10.0.0.0/8', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
    }, 60_000);
    afterAll(async () => t?.close());

    it('believes a listed proxy and ignores the header from anyone else', async () => {
      const viaProxy = await signUps(t, 'cidr', '10.0.0.5', (i) => `203.0.113.${i}, 192.0.2.30`);
      expect(count(viaProxy, 201)).toBe(10);
      expect(count(viaProxy, 429)).toBe(15);
      const direct = await signUps(t, 'direct', '192.0.2.31', (i) => `203.0.113.${i}`);
      expect(count(direct, 201)).toBe(10);
      expect(count(direct, 429)).toBe(15);
    }, 120_000);
  });
});
