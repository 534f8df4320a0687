import type { Db } from '../../db/connect';
import { cars, flights, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';

export type AdminStats = {
  total: number;
  restaurants: number;
  hotels: number;
  flights: number;
  cars: number;
  properties: number;
  taxiRides: number;
  shipping: number;
  generalServices: number;
};

/** Counts of published listings per kind (active and inactive), and their total. */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [r, h, f, c, p, t, s, g] = await Promise.all(
    [restaurants, hotels, flights, cars, properties, taxiRides, shippingRates, generalServices].map((table) => db.$count(table)),
  );
  const counts = {
    restaurants: r,
    hotels: h,
    flights: f,
    cars: c,
    properties: p,
    taxiRides: t,
    shipping: s,
    generalServices: g,
  };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}
