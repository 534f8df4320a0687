import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/tracking/:id', () => {
  it('finds a record by its tracking number, with the full shape', async () => {
    const res = await get('/api/tracking/GL2468013579CA');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: 'trk_demo_2',
      trackingNumber: 'GL2468013579CA',
      serviceName: 'FedEx Express Saver',
      serviceType: 'shipping',
      type: 'shipping',
      status: 'active',
      providerName: 'FedEx',
      providerPhone: expect.any(String),
      estimatedTime: expect.any(String),
      currentLocation: { lat: expect.any(Number), lng: expect.any(Number), address: expect.any(String) },
      destination: { lat: expect.any(Number), lng: expect.any(Number), address: expect.any(String) },
    });
    expect(body.updates.length).toBe(3);
    for (const u of body.updates) {
      expect(Object.keys(u).sort()).toEqual(['location', 'message', 'status', 'timestamp']);
      expect(Number.isNaN(Date.parse(u.timestamp))).toBe(false);
    }
  });

  it("carries the journey of a carrier's parcel tracked by number only, from its status and scans", async () => {
    const journeyOf = async (number: string) => (await get(`/api/tracking/${number}`)).json().journey as { current: string; label: string };
    expect(await journeyOf('GL1234567890CA')).toMatchObject({ current: 'booked', label: 'Shipment booked' });
    // Scanned out of the origin hub ('in_transit' among its updates): between the hubs.
    expect(await journeyOf('GL2468013579CA')).toMatchObject({ current: 'line_haul', label: 'In transit to the destination hub' });
    expect(await journeyOf('GL9876543210CA')).toMatchObject({ current: 'delivered', label: 'Delivered' });
  });

  it('lists updates newest first', async () => {
    const { updates } = (await get('/api/tracking/GL9876543210CA')).json() as { updates: Array<{ timestamp: string; status: string }> };
    const times = updates.map((u) => Date.parse(u.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(updates[0].status).toBe('completed');
  });

  it('matches the tracking number case-insensitively', async () => {
    const res = await get('/api/tracking/gl1234567890ca');
    expect(res.statusCode).toBe(200);
    expect(res.json().trackingNumber).toBe('GL1234567890CA');
  });

  it('finds a record by its id', async () => {
    const res = await get('/api/tracking/trk_demo_3');
    expect(res.statusCode).toBe(200);
    expect(res.json().trackingNumber).toBe('GL9876543210CA');
  });

  it('answers 404 Tracking Not Found for an unknown number', async () => {
    const res = await get('/api/tracking/GL0000000000XX');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Tracking Not Found' });
  });

  it('answers 400 for an over-long id', async () => {
    const res = await get(`/api/tracking/${'X'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
  });

  it('gives each address a budget of lookups by number (a number can be guessed, an id cannot); other addresses and ids go on', async () => {
    const from = (remoteAddress: string, id: string) => t.app.inject({ method: 'GET', url: `/api/tracking/${id}`, remoteAddress });
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => from('203.0.113.77', `GL${String(i).padStart(10, '0')}ZZ`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 404).length).toBe(60);
    expect(codes.filter((c) => c === 429).length).toBe(10);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toBeTruthy();
    expect((await from('203.0.113.77', 'trk_demo_3')).statusCode).toBe(200);
    expect((await from('203.0.113.78', 'GL9876543210CA')).statusCode).toBe(200);
  });
});

