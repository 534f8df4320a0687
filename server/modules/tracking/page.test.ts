import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLOTS, SERVER_RENDER } from '../../../domain/pages';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * GET /track/:id rendered on the server (ADR 025), against a built client whose render module is a stand-in written
 * here: what is checked is the server's part (lookup, template, headers, fallbacks), not React's markup.
 */
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'golive-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Go Live</title><main>Home</main>');
  writeFileSync(join(dist, 'shell.html'), '<!doctype html><title>Go Live</title><main>Loading</main>');
  const ssr = `${dist}${SERVER_RENDER.dirSuffix}`;
  mkdirSync(ssr);
  writeFileSync(
    join(ssr, SERVER_RENDER.template),
    `<!doctype html><div id="root"><div inert data-prerendered="${PAGE_SLOTS.path}">${PAGE_SLOTS.html}</div></div><script type="application/json" id="page-data">${PAGE_SLOTS.data}</script>`,
  );
  writeFileSync(
    join(ssr, SERVER_RENDER.module),
    `export async function renderTrackingPage(url, idOrNumber, tracking, config) {
      if (tracking.id === 'trk_demo_2') throw new Error('render failed at /secret/path.js:12');
      return { html: '<main data-url="' + url + '">' + tracking.serviceName + '</main>', data: [[['/api/tracking/{id}', { path: { id: idOrNumber } }], tracking], [['/api/config'], config]] };
    }`,
  );
  t = await createTestApp({ env: { DIST_DIR: dist, MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}${SERVER_RENDER.dirSuffix}`, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const pageData = (body: string) => JSON.parse(body.slice(body.indexOf('id="page-data">') + 'id="page-data">'.length, body.lastIndexOf('</script>')));

describe('the /track/{id} document', () => {
  it('comes rendered with the record, which it carries as the page data, and is never cached', async () => {
    const res = await get('/track/trk_demo_1?from=share');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('data-prerendered="/track/trk_demo_1"');
    expect(res.body).toContain('<main data-url="/track/trk_demo_1">Canada Post Regular Parcel</main>');
    const api = (await get('/api/tracking/trk_demo_1')).json();
    expect(pageData(res.body)).toEqual([
      [['/api/tracking/{id}', { path: { id: 'trk_demo_1' } }], api],
      [['/api/config'], { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }],
    ]);
  });

  it('finds a record by its tracking number, keeping the number as the page asks for it', async () => {
    const res = await get('/track/gl1234567890ca');
    expect(res.body).toContain('Canada Post Regular Parcel');
    expect(pageData(res.body)[0][0]).toEqual(['/api/tracking/{id}', { path: { id: 'gl1234567890ca' } }]);
  });

  it('sends the shell for an unknown or malformed id, and when rendering fails (logging no detail to the visitor)', async () => {
    for (const url of ['/track/NOPE-123', `/track/${'x'.repeat(65)}`, '/track/%20', '/track/trk_demo_2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<!doctype html><title>Go Live</title><main>Loading</main>');
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/track/trk_demo_1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
  });
});
