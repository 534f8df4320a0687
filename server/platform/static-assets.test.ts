import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A built client as Vite and scripts/precompress-plugin.ts write it. */
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'golive-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Go Live</title><script type="module" src="/assets/app-abc123.js"></script>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  // Prerendered documents (scripts/prerender-plugin.ts): one route of its own, and the shell for the rest.
  writeFileSync(join(dist, 'onboarding.html'), '<!doctype html><title>Go Live</title><main>Join as a provider</main>');
  writeFileSync(join(dist, 'shell.html'), '<!doctype html><title>Go Live</title><main>Loading</main>');
  t = await createTestApp({ seed: false, env: { DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('serving the built client', () => {
  it('sends hashed assets as immutable for a year, brotli or gzip by Accept-Encoding', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html and client routes with no-cache, and a missing asset as 404', async () => {
    for (const url of ['/', '/restaurants', '/track/GL-ABC']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('sends each client route its prerendered document: the home, a route of its own, or the shell', async () => {
    expect((await get('/')).body).toContain('<script type="module" src="/assets/app-abc123.js">');
    expect((await get('/?ref=mail')).body).toContain('/assets/app-abc123.js');
    expect((await get('/onboarding')).body).toContain('Join as a provider');
    expect((await get('/onboarding/')).body).toContain('Join as a provider');
    for (const url of ['/track/GL-ABC', '/bookings', '/shell', '/index', '/onboarding/extra', '/ONBOARDING']) {
      expect((await get(url)).body, url).toContain('<main>Loading</main>');
    }
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers of a kilobyte or more on the fly, and leaves small ones alone', async () => {
    const countries = await get('/api/countries', { 'accept-encoding': 'gzip' });
    expect(countries.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(countries.rawPayload).toString()).length).toBeGreaterThan(100);
    const config = await get('/api/config', { 'accept-encoding': 'gzip' });
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.json()).toHaveProperty('mapTileUrl');
  });
});
