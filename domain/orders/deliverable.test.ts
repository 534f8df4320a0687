import { describe, expect, it } from 'vitest';
import { deliversAnything } from './deliverable';

describe('deliversAnything', () => {
  it('is true when any line is food, a taxi ride or a shipment, false for stays, flights, cars and the rest', () => {
    expect(deliversAnything(['hotels', 'food-delivery'])).toBe(true);
    expect(deliversAnything(['taxi'])).toBe(true);
    expect(deliversAnything(['shipping'])).toBe(true);
    expect(deliversAnything(['hotels', 'flights', 'cars', 'properties', 'general-services', 'services'])).toBe(false);
    expect(deliversAnything([])).toBe(false);
  });
});
