import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROXIMATE_MESSAGE, GEOCODER_DOWN_MESSAGE, GEOCODER_EMPTY_MESSAGE } from '../../../domain/locations/geocode';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseGeocoderJson } from './geocoder';

type Answer = { results: Array<{ label: string; lat: number; lng: number; source: string }>; offline: boolean; message?: string };

const geocode = async (t: TestApp, q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, body: res.json() as Answer, cacheControl: res.headers['cache-control'] };
};

describe('GET /api/geocode without GEOCODER_URL: the location directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers house numbers and postcodes with the closest places it knows, offline, and says to place the pin', async () => {
    const queen = await geocode(t, '578 Queen St W');
    expect(queen.status).toBe(200);
    expect(queen.body.offline).toBe(true);
    expect(queen.body.message).toBe(APPROXIMATE_MESSAGE);
    expect(queen.body.results[0]).toEqual({ label: 'Queen Street West, Toronto, Ontario, Canada', lat: 43.6487, lng: -79.397, source: 'directory' });

    const king = await geocode(t, '100 King St W, Toronto');
    expect(king.body.results.slice(0, 2).map((r) => r.label)).toEqual(['King Street West, Toronto, Ontario, Canada', 'Toronto, Ontario, Canada']);
    expect(king.body.message).toBe(APPROXIMATE_MESSAGE);

    const postcode = await geocode(t, 'M5V 2B5');
    expect(postcode.body.results.map((r) => r.label)).toEqual(['Toronto, Ontario, Canada']);
    expect(postcode.body.results[0].source).toBe('directory');
    expect(postcode.body.offline).toBe(true);
    // The directory never changes while the process runs.
    expect(postcode.cacheControl).toBe('public, max-age=3600');
  });

  it('validates the query: 2 to 200 characters', async () => {
    for (const q of ['', ' a ', 'x'.repeat(201)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors).toHaveProperty('q');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/geocode' })).statusCode).toBe(400);
  });
});

describe('GET /api/geocode with GEOCODER_URL: a Nominatim-compatible service (a real HTTP server in this test)', () => {
  let t: TestApp;
  let server: Server;
  const asked: Array<{ q: string | null; limit: string | null; format: string | null; userAgent: string | undefined }> = [];
  /** What the fake service does for a query: answer, fail or hang. */
  const behaviour = (req: IncomingMessage): { status: number; body?: unknown; hang?: boolean } => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams.get('q') ?? '';
    if (q.startsWith('M5V')) return { status: 200, hang: true };
    if (q.includes('King St')) return { status: 503, body: { error: 'overloaded' } };
    if (q.includes('Nothing')) return { status: 200, body: [] };
    return {
      status: 200,
      body: [
        { place_id: 1, lat: '43.6474100', lon: '-79.4001300', display_name: '578, Queen Street West, Toronto, Ontario, M5V 2B5, Canada', category: 'building', type: 'house' },
        { place_id: 2, lat: 'not a number', lon: '-79.4', display_name: 'Broken row' },
      ],
    };
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      asked.push({ q: url.searchParams.get('q'), limit: url.searchParams.get('limit'), format: url.searchParams.get('format'), userAgent: req.headers['user-agent'] });
      const b = behaviour(req);
      if (b.hang) return; // never answers: the app's timeout must end the wait
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ seed: false, env: { GEOCODER_URL: `http://127.0.0.1:${port}/search?format=jsonv2`, GEOCODER_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('answers street-level results from the geocoder, with its own query parameters kept', async () => {
    const res = await geocode(t, '578 Queen St W, Toronto');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [{ label: '578, Queen Street West, Toronto, Ontario, M5V 2B5, Canada', lat: 43.64741, lng: -79.40013, source: 'geocoder' }],
      offline: false,
    });
    const request = asked.at(-1);
    expect(request).toMatchObject({ q: '578 Queen St W, Toronto', limit: '5', format: 'jsonv2' });
    expect(request?.userAgent).toMatch(/GoLive/);
    // A second identical search is answered from memory, not asked again.
    const before = asked.length;
    expect((await geocode(t, '578 queen st w,  toronto')).body.results[0].source).toBe('geocoder');
    expect(asked.length).toBe(before);
  });

  it('falls back to the directory when the geocoder fails or times out, saying so, and does not keep that answer', async () => {
    const failed = await geocode(t, '100 King St W');
    expect(failed.status).toBe(200);
    expect(failed.body.offline).toBe(true);
    expect(failed.body.message).toBe(GEOCODER_DOWN_MESSAGE);
    expect(failed.body.results[0]).toMatchObject({ label: 'King Street West, Toronto, Ontario, Canada', source: 'directory' });
    expect(failed.cacheControl).toBe('no-store');
    // Not remembered: the next search asks the geocoder again.
    const before = asked.length;
    await geocode(t, '100 King St W');
    expect(asked.length).toBe(before + 1);

    const started = Date.now();
    const slow = await geocode(t, 'M5V 2B5');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.body).toMatchObject({ offline: true, message: GEOCODER_DOWN_MESSAGE });
    expect(slow.body.results[0]).toMatchObject({ label: 'Toronto, Ontario, Canada', source: 'directory' });
  });

  it('when the geocoder finds nothing, offers the directory\'s closest places and asks for the pin', async () => {
    const res = await geocode(t, 'Nothing here, Regina');
    expect(res.body.offline).toBe(false);
    expect(res.body.message).toBe(GEOCODER_EMPTY_MESSAGE);
    expect(res.body.results[0]).toMatchObject({ label: 'Regina, Saskatchewan, Canada', source: 'directory' });
  });
});

describe('geocoder answers (pure)', () => {
  it('reads Photon and GeoJSON features as well as Nominatim arrays, and drops malformed rows', () => {
    expect(
      parseGeocoderJson({
        type: 'FeatureCollection',
        features: [
          { geometry: { type: 'Point', coordinates: [-79.39, 43.645] }, properties: { housenumber: '100', street: 'King Street West', city: 'Toronto', state: 'Ontario', postcode: 'M5X 1A9', country: 'Canada' } },
          { geometry: { type: 'Point', coordinates: [200, 43] }, properties: { name: 'Off the map' } },
          { geometry: { type: 'Point', coordinates: [-79.38, 43.65] }, properties: { geocoding: { label: 'Union Station, Toronto' } } },
        ],
      }),
    ).toEqual([
      { label: '100 King Street West, Toronto, Ontario, M5X 1A9, Canada', lat: 43.645, lng: -79.39, source: 'geocoder' },
      { label: 'Union Station, Toronto', lat: 43.65, lng: -79.38, source: 'geocoder' },
    ]);
    expect(parseGeocoderJson({ error: 'nope' })).toEqual([]);
    expect(parseGeocoderJson([{ lat: '1', lon: '2' }])).toEqual([]);
  });
});
