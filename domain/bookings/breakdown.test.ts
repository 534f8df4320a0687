import { describe, expect, it } from 'vitest';
import { breakdownOf, computeBreakdown, serviceFeeCents, splitCents, tipAllowed, toPriceBreakdown, type BreakdownLine, type ServiceFeePolicy } from './breakdown';
import { milliPercentOf, TAX_TABLE, taxLabel, taxOnCents, taxPlaceOfText, taxRateFor } from './tax';

const FEE: ServiceFeePolicy = { percent: 5, minCents: 100, maxCents: 5000 };

const food = (cents: number, restaurantId: number, feeCents: number, taxPlace: string | null, quantity = 1): BreakdownLine => ({
  serviceType: 'food-delivery',
  quantity,
  lineTotalCents: cents,
  taxPlace,
  restaurant: { id: restaurantId, name: `Restaurant ${restaurantId}`, deliveryFeeCents: feeCents },
});
const hotel = (cents: number, taxPlace: string | null): BreakdownLine => ({ serviceType: 'hotels', quantity: 1, lineTotalCents: cents, taxPlace });

const sum = (lines: Array<{ amountCents: number }>) => lines.reduce((s, l) => s + l.amountCents, 0);

describe('service fee', () => {
  it('is the percent of the items, rounded half up to the cent', () => {
    expect(serviceFeeCents(2650, FEE)).toBe(133); // 132.5 -> 133
    expect(serviceFeeCents(2649, FEE)).toBe(132); // 132.45 -> 132
  });
  it('is kept between the minimum and the maximum, and none on a free booking', () => {
    expect(serviceFeeCents(500, FEE)).toBe(100);
    expect(serviceFeeCents(10_000_000, FEE)).toBe(5000);
    expect(serviceFeeCents(0, FEE)).toBe(0);
    expect(serviceFeeCents(10_000, { percent: 0, minCents: 0, maxCents: 0 })).toBe(0);
    expect(serviceFeeCents(10_000, { percent: 2.5, minCents: 0, maxCents: 100_000 })).toBe(250);
  });
});

describe('tax table', () => {
  it('rounds half up once, in integer cents', () => {
    expect(taxOnCents(1000, 13_000)).toBe(130);
    expect(taxOnCents(1050, 13_000)).toBe(137); // 136.5 -> 137
    expect(taxOnCents(1049, 13_000)).toBe(136); // 136.37
    expect(taxOnCents(1000, 14_975)).toBe(150); // Quebec: 149.75 -> 150
    expect(taxOnCents(0, 13_000)).toBe(0);
  });
  it('labels a place with its taxes, rate and name', () => {
    expect(taxLabel(TAX_TABLE['CA-ON'])).toBe('Tax (HST 13%, Ontario)');
    expect(taxLabel(TAX_TABLE['CA-SK'])).toBe('Tax (GST 5% + PST 6%, Saskatchewan)');
    expect(taxLabel(TAX_TABLE['CA-QC'])).toBe('Tax (GST 5% + QST 9.975%, Quebec)');
    expect(taxLabel(TAX_TABLE['US-NY'])).toBe('Tax (Sales tax 4%, New York)');
    expect(milliPercentOf(TAX_TABLE['CA-BC'])).toBe(12_000);
    expect(taxRateFor('FR')).toBeNull();
    expect(taxRateFor(null)).toBeNull();
  });
  it('reads the province or state an address names', () => {
    expect(taxPlaceOfText('578 Queen St W, Toronto, ON M5V 2B5')).toBe('CA-ON');
    expect(taxPlaceOfText('2130 Albert St, Regina, SK S4P 2V1')).toBe('CA-SK');
    expect(taxPlaceOfText('Downtown Regina, SK')).toBe('CA-SK');
    expect(taxPlaceOfText('Vancouver, British Columbia, Canada')).toBe('CA-BC');
    expect(taxPlaceOfText('Montréal, Québec, Canada')).toBe('CA-QC');
    expect(taxPlaceOfText('New York, USA')).toBe('US-NY');
    expect(taxPlaceOfText('Austin, TX 78701')).toBe('US-TX');
    expect(taxPlaceOfText('Saskatchewan and Alberta')).toBe('CA-SK');
    // A city alone, another country, an abbreviation without an address: not named here.
    expect(taxPlaceOfText('Toronto, Canada')).toBeNull();
    expect(taxPlaceOfText('Paris, France')).toBeNull();
    expect(taxPlaceOfText('ON')).toBeNull();
    expect(taxPlaceOfText('Washington, District of Columbia, United States')).toBeNull();
  });
});

describe('splitCents', () => {
  it('splits in proportion with whole cents that add up exactly', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(133, [2650, 0])).toEqual([133, 0]);
    expect(splitCents(7, [1, 2])).toEqual([2, 5]);
    expect(splitCents(0, [1, 2])).toEqual([0, 0]);
    for (const total of [1, 99, 101, 4999]) {
      const shares = splitCents(total, [317, 1, 4242, 55]);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
    }
  });
});

describe('computeBreakdown', () => {
  it('charges each restaurant’s delivery fee once, and the lines add up to the total', () => {
    const b = computeBreakdown([food(1325, 2, 349, 'CA-ON', 1), food(1800, 2, 349, 'CA-ON', 2), food(1500, 7, 299, 'CA-ON')], 0, FEE);
    expect(b.itemsCents).toBe(4625);
    expect(b.deliveryFeeCents).toBe(349 + 299);
    expect(b.serviceFeeCents).toBe(231); // 231.25
    // HST 13% of items + delivery + service fee: (4625 + 648 + 231) x 0.13 = 715.52
    expect(b.taxCents).toBe(716);
    expect(b.totalCents).toBe(4625 + 648 + 231 + 716);
    expect(sum(b.lines)).toBe(b.totalCents);
    expect(b.lines.map((l) => [l.key, l.label])).toEqual([
      ['items', 'Subtotal (4 items)'],
      ['delivery', 'Delivery fee · Restaurant 2'],
      ['delivery', 'Delivery fee · Restaurant 7'],
      ['service', 'Service fee (5%)'],
      ['tax', 'Tax (HST 13%, Ontario)'],
    ]);
  });

  it('taxes each place at its own rate, with its share of the service fee', () => {
    // Food in Toronto and a stay in Regina: the 5% fee (1,500) is split 1:2 (500 / 1,000).
    const b = computeBreakdown([food(10_000, 1, 300, 'CA-ON'), hotel(20_000, 'CA-SK')], 0, FEE);
    expect(b.serviceFeeCents).toBe(1500);
    const tax = b.lines.filter((l) => l.key === 'tax');
    expect(tax).toEqual([
      { key: 'tax', label: 'Tax (HST 13%, Ontario)', amountCents: taxOnCents(10_000 + 300 + 500, 13_000) },
      { key: 'tax', label: 'Tax (GST 5% + PST 6%, Saskatchewan)', amountCents: taxOnCents(20_000 + 1000, 11_000) },
    ]);
    expect(b.taxCents).toBe(1404 + 2310);
    expect(sum(b.lines)).toBe(b.totalCents);
  });

  it('shows no tax line for a place without tax, and singular wording for one item', () => {
    const b = computeBreakdown([hotel(47_800, null)], 0, FEE);
    expect(b.lines.map((l) => l.key)).toEqual(['items', 'service']);
    expect(b.lines[0].label).toBe('Subtotal (1 item)');
    expect(b.totalCents).toBe(47_800 + 2390);
  });

  it('labels the minimum and the cap of the service fee', () => {
    expect(computeBreakdown([hotel(500, null)], 0, FEE).lines[1].label).toBe('Service fee (minimum $1.00)');
    expect(computeBreakdown([hotel(2_000_000, null)], 0, FEE).lines[1].label).toBe('Service fee (5%, at most $50.00)');
  });

  it('adds an untaxed tip to food and rides only', () => {
    const withTip = computeBreakdown([food(2000, 1, 0, 'CA-ON'), hotel(10_000, null)], 450, FEE);
    const without = computeBreakdown([food(2000, 1, 0, 'CA-ON'), hotel(10_000, null)], 0, FEE);
    expect(withTip.tipCents).toBe(450);
    expect(withTip.taxCents).toBe(without.taxCents);
    expect(withTip.totalCents).toBe(without.totalCents + 450);
    expect(withTip.lines.at(-1)).toEqual({ key: 'tip', label: 'Tip for your driver', amountCents: 450 });
    expect(withTip.tippableCents).toBe(2000);
    expect(computeBreakdown([hotel(10_000, null)], 450, FEE).tipCents).toBe(0);
    expect(tipAllowed(['hotels', 'taxi'])).toBe(true);
    expect(tipAllowed(['hotels', 'shipping'])).toBe(false);
  });

  it('always sums exactly, whatever the amounts', () => {
    const places = ['CA-ON', 'CA-QC', 'CA-SK', 'US-NY', null];
    for (let n = 1; n < 300; n++) {
      const lines = [food(n * 37, 1, n % 500, places[n % 5]), hotel(n * 1013, places[(n + 2) % 5]), food(n * 7, 2, 199, places[(n + 1) % 5])];
      const b = computeBreakdown(lines, n % 3 === 0 ? n : 0, FEE);
      expect(sum(b.lines)).toBe(b.totalCents);
      expect(b.itemsCents + b.deliveryFeeCents + b.serviceFeeCents + b.taxCents + b.tipCents).toBe(b.totalCents);
      // In dollars, the lines add up to the total to the cent.
      const api = breakdownOf(b);
      expect(Math.round(api.lines.reduce((s, l) => s + l.amount * 100, 0))).toBe(Math.round(api.total * 100));
    }
  });
});

describe('toPriceBreakdown', () => {
  it('shows a booking stored before breakdowns as its subtotal only', () => {
    const b = toPriceBreakdown({ subtotalCents: 4780, deliveryFeeCents: 0, serviceFeeCents: 0, taxCents: 0, tipCents: 0, totalCents: 4780, lines: [] });
    expect(b).toEqual({ items: 47.8, deliveryFee: 0, serviceFee: 0, tax: 0, tip: 0, total: 47.8, tippable: 0, lines: [{ key: 'items', label: 'Subtotal', amount: 47.8 }] });
  });
});
