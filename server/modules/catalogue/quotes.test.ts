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

// Toronto Pearson to Union Station, Toronto.
const PEARSON = { lat: 43.6777, lng: -79.6248 };
const UNION = { lat: 43.6453, lng: -79.3806 };

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

type Ride = {
  id: number;
  type: string;
  description: string;
  icon: string;
  passengers: number;
  estimatedPrice: number;
  estimatedTime: string;
  estimatedArrival: string;
};

const taxiUrl = (p: { lat: number; lng: number }, d: { lat: number; lng: number }) =>
  `/api/taxi-rides/quote?pickupLat=${p.lat}&pickupLng=${p.lng}&dropoffLat=${d.lat}&dropoffLng=${d.lng}`;

describe('GET /api/taxi-rides/quote', () => {
  it('prices all three ride types by base + per-km x great-circle distance', async () => {
    const res = await get(taxiUrl(PEARSON, UNION));
    expect(res.statusCode, res.body).toBe(200);
    const { distanceKm, rides } = res.json() as { distanceKm: number; rides: Ride[] };
    const expectedKm = Math.round(haversineKm(PEARSON, UNION) * 100) / 100;
    expect(distanceKm).toBe(expectedKm);
    expect(distanceKm).toBeGreaterThan(19);
    expect(distanceKm).toBeLessThan(21);
    const fare = (base: number, perKm: number) => Math.round((base + perKm * expectedKm) * 100) / 100;
    const byType = new Map(rides.map((r) => [r.type, r]));
    expect(byType.get('Economy')?.estimatedPrice).toBe(fare(3.5, 1.25));
    expect(byType.get('Premium')?.estimatedPrice).toBe(fare(5, 1.75));
    expect(byType.get('SUV/Van')?.estimatedPrice).toBe(fare(6.5, 2.25));
  });

  it('gives each ride its details, a trip time of distance x 3 plus 0-10 min and a 2-9 min pickup', async () => {
    const { distanceKm, rides } = (await get(taxiUrl(PEARSON, UNION))).json() as { distanceKm: number; rides: Ride[] };
    expect(rides.length).toBe(3);
    for (const r of rides) {
      expect(r).toMatchObject({ id: expect.any(Number), description: expect.any(String), icon: expect.any(String) });
      expect(r.passengers).toBeGreaterThan(0);
      const minutes = Number(/^(\d+) min$/.exec(r.estimatedTime)?.[1]);
      const traffic = minutes - Math.round(distanceKm * 3);
      expect(traffic).toBeGreaterThanOrEqual(0);
      expect(traffic).toBeLessThanOrEqual(10);
      const arrival = Number(/^(\d+) min$/.exec(r.estimatedArrival)?.[1]);
      expect(arrival).toBeGreaterThanOrEqual(2);
      expect(arrival).toBeLessThanOrEqual(9);
    }
  });

  it('is deterministic: the same trip quoted twice gives the same answer', async () => {
    const a = (await get(taxiUrl(PEARSON, UNION))).json();
    const b = (await get(taxiUrl(PEARSON, UNION))).json();
    expect(b).toEqual(a);
  });

  it('charges the base fare for a zero-distance trip', async () => {
    const { distanceKm, rides } = (await get(taxiUrl(UNION, UNION))).json() as { distanceKm: number; rides: Ride[] };
    expect(distanceKm).toBe(0);
    const byType = new Map(rides.map((r) => [r.type, r.estimatedPrice]));
    expect(Object.fromEntries(byType)).toEqual({ Economy: 3.5, Premium: 5, 'SUV/Van': 6.5 });
  });

  it('costs more for a longer trip', async () => {
    const near = (await get(taxiUrl(PEARSON, UNION))).json() as { rides: Ride[] };
    const far = (await get(taxiUrl(PEARSON, { lat: 43.85, lng: -79.0 }))).json() as { rides: Ride[] };
    for (let i = 0; i < 3; i++) expect(far.rides[i].estimatedPrice).toBeGreaterThan(near.rides[i].estimatedPrice);
  });

  it.each([
    ['pickupLat=91&pickupLng=0&dropoffLat=0&dropoffLng=0', 'pickupLat'],
    ['pickupLat=0&pickupLng=-181&dropoffLat=0&dropoffLng=0', 'pickupLng'],
    ['pickupLat=0&pickupLng=0&dropoffLat=-90.5&dropoffLng=0', 'dropoffLat'],
    ['pickupLat=0&pickupLng=0&dropoffLat=0&dropoffLng=200', 'dropoffLng'],
    ['pickupLat=0&pickupLng=0&dropoffLat=0', 'dropoffLng'],
    ['pickupLat=&pickupLng=0&dropoffLat=0&dropoffLng=0', 'pickupLat'],
    ['pickupLat=abc&pickupLng=0&dropoffLat=0&dropoffLng=0', 'pickupLat'],
  ])('answers 400 for %s', async (qs, field) => {
    const res = await get(`/api/taxi-rides/quote?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });
});

type Quote = {
  price: number;
  deliveryTime: string;
  speed: string;
  billableWeight: number;
  rates: Array<{ id: number; name: string; price: number; deliveryTime: string }>;
};

const shipUrl = (p: Partial<Record<'weight' | 'length' | 'width' | 'height' | 'speed', string | number>>) =>
  `/api/shipping-rates/quote?${new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString()}`;
const parcel = { weight: 5, length: 10, width: 8, height: 4 };
const quote = async (p: Parameters<typeof shipUrl>[0]): Promise<Quote> => {
  const res = await get(shipUrl(p));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/shipping-rates/quote', () => {
  it('quotes a parcel: price, delivery time, speed, billable weight and the carrier rates of that speed', async () => {
    const q = await quote({ ...parcel, speed: 'express' });
    expect(q.speed).toBe('express');
    expect(q.deliveryTime).toBe('2-3 business days');
    expect(q.billableWeight).toBe(5);
    expect(q.price).toBeGreaterThan(0);
    expect(q.rates.length).toBeGreaterThan(0);
    const rates = (await get('/api/shipping-rates')).json() as Array<{ id: number; speed: string; basePrice: number; pricePerLb: number }>;
    for (const r of q.rates) {
      const rate = rates.find((x) => x.id === r.id);
      expect(rate?.speed).toBe('express');
      expect(r.price).toBeCloseTo((rate?.basePrice ?? 0) + (rate?.pricePerLb ?? 0) * 5, 2);
    }
    expect(q.rates.length).toBe(rates.filter((r) => r.speed === 'express').length);
  });

  it("the estimate is the cheapest carrier's price by the same rule (issue 15: 5 lb, 12x10x8, Standard)", async () => {
    for (const speed of ['standard', 'express', 'overnight'] as const) {
      const q = await quote({ weight: 5, length: 12, width: 10, height: 8, speed });
      expect(q.rates.length, speed).toBeGreaterThan(0);
      expect(q.price, speed).toBe(Math.min(...q.rates.map((r) => r.price)));
      expect(q.price, speed).toBe(q.rates[0].price);
      expect((q as unknown as { carrier: string }).carrier, speed).toBe(q.rates[0].name);
    }
    const heavy = await quote({ weight: 20, length: 12, width: 10, height: 8, speed: 'overnight' });
    expect(heavy.price).toBe(heavy.rates[0].price);
  });

  it('defaults to standard speed', async () => {
    const q = await quote(parcel);
    expect(q.speed).toBe('standard');
    expect(q.deliveryTime).toBe('5-7 business days');
  });

  it('grows with weight', async () => {
    expect((await quote({ ...parcel, weight: 20 })).price).toBeGreaterThan((await quote(parcel)).price);
  });

  it('grows with size (dimensional weight)', async () => {
    const big = await quote({ ...parcel, length: 30, width: 30, height: 30 });
    expect(big.billableWeight).toBe(Math.ceil((30 * 30 * 30) / 139));
    expect(big.price).toBeGreaterThan((await quote(parcel)).price);
  });

  it('grows with speed', async () => {
    const s = (await quote({ ...parcel, speed: 'standard' })).price;
    const e = (await quote({ ...parcel, speed: 'express' })).price;
    const o = (await quote({ ...parcel, speed: 'overnight' })).price;
    expect(e).toBeGreaterThan(s);
    expect(o).toBeGreaterThan(e);
  });

  it('accepts the limits themselves', async () => {
    await quote({ weight: 150, length: 108, width: 1, height: 1 });
  });

  it.each([
    [{ ...parcel, weight: 0 }, 'weight'],
    [{ ...parcel, weight: -1 }, 'weight'],
    [{ length: 10, width: 8, height: 4 }, 'weight'],
    [{ ...parcel, length: 0 }, 'length'],
    [{ ...parcel, width: -3 }, 'width'],
    [{ weight: 5, length: 10, width: 8 }, 'height'],
    [{ ...parcel, height: 'tall' }, 'height'],
    [{ ...parcel, speed: 'teleport' }, 'speed'],
  ])('answers 400 for %j', async (p, field) => {
    const res = await get(shipUrl(p));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('explains an over-weight parcel', async () => {
    const res = await get(shipUrl({ ...parcel, weight: 151 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.weight).toBe('Weight must be at most 150 lbs');
  });

  it('explains an over-long side', async () => {
    const res = await get(shipUrl({ ...parcel, length: 109 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBe('Length must be at most 108 inches');
  });
});
