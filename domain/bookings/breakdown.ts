import { z } from 'zod';
import { assertExact } from '../exact';
import { centsToDollars } from '../catalogue/money';
import { formatCents, SERVER_LOCALE } from '../format';
import { milliPercentOf, taxLabel, taxOnCents, taxRateFor } from './tax';
import type { ServiceType } from './schemas';

/**
 * The price breakdown of a booking (issue 26, "Totals that add up"): the items, each restaurant's delivery fee, the
 * service fee, the taxes of the listings' places, the tip, and the total. The server computes it (here, pure) when it
 * quotes or books; the booking stores it, and the cart, the payment dialog, the receipt screen, the mail and the
 * provider's order show these lines. The card is charged exactly `total`.
 *
 * Rounding (everything is integer cents):
 * - Items: the sum of the line totals (unit price x quantity, already whole cents).
 * - Delivery: each restaurant's delivery fee once per restaurant in the booking, however many of its dishes.
 * - Service fee: items x the configured percent, rounded half up to the cent, then kept between the configured
 *   minimum and maximum; no fee on a booking whose items cost nothing.
 * - Tax: per tax place (see tax.ts). A place's taxable amount is its lines' items, its restaurants' delivery fees and
 *   its share of the service fee (the fee is split in proportion to the items, the cents left over by the split going
 *   to the places with the largest remainders, so the shares add up to the fee exactly). Its tax is that amount x the
 *   place's rate, rounded half up to the cent once per place. Tips are not taxed.
 * - Tip: whole cents, only on bookings with food or a ride.
 * - Total: items + delivery + service fee + tax + tip, i.e. exactly the sum of the lines; the dollar amounts are the
 *   cents / 100.
 */

export type BreakdownKey = 'items' | 'delivery' | 'service' | 'tax' | 'tip';

/** One line of the breakdown as the API shows it (dollars). */
export type PriceLine = { key: BreakdownKey; label: string; amount: number };

/** The breakdown as the API shows it (dollars, like the rest of the API). */
export type PriceBreakdown = {
  items: number;
  deliveryFee: number;
  serviceFee: number;
  tax: number;
  tip: number;
  total: number;
  /** The lines in display order; they add up to `total`. */
  lines: PriceLine[];
  /**
   * The items a tip is a share of (food and rides), in dollars; 0 when no tip may be added. The tip chooser's
   * percentages are of this amount.
   */
  tippable: number;
};

/** A line in cents; delivery lines name their restaurant (kept with the booking, not shown by the API). */
export type CentsLine = { key: BreakdownKey; label: string; amountCents: number; restaurantId?: number };

/** The breakdown in integer cents, as stored with the booking. */
export type BreakdownCents = {
  itemsCents: number;
  deliveryFeeCents: number;
  serviceFeeCents: number;
  taxCents: number;
  tipCents: number;
  totalCents: number;
  tippableCents: number;
  lines: CentsLine[];
};

/** SERVICE_FEE_PERCENT, SERVICE_FEE_MIN_CENTS, SERVICE_FEE_MAX_CENTS (server/config.ts). */
export type ServiceFeePolicy = { percent: number; minCents: number; maxCents: number };

/** One priced booking line, with what the breakdown needs of it. */
export type BreakdownLine = {
  serviceType: ServiceType;
  quantity: number;
  lineTotalCents: number;
  /** The tax place of the listing ('CA-ON', see tax.ts), or null for an untaxed place. */
  taxPlace: string | null;
  /** Food lines: the restaurant, whose delivery fee is charged once. */
  restaurant?: { id: number; name: string; deliveryFeeCents: number };
};

/** Food and rides take a tip (the driver's). */
export const TIPPABLE_SERVICE_TYPES: readonly ServiceType[] = ['food-delivery', 'taxi'];
export const TIP_NOT_ALLOWED = 'A tip can be added to food deliveries and rides only';
export const TIP_WHOLE_CENTS = 'Tip must be in whole cents';
/** The largest tip accepted, in dollars. */
export const MAX_TIP = 1000;

/** Whether a booking of these lines may carry a tip. */
export function tipAllowed(serviceTypes: readonly string[]): boolean {
  return serviceTypes.some((t) => (TIPPABLE_SERVICE_TYPES as readonly string[]).includes(t));
}

const roundHalfUp = (numerator: number, denominator: number) => Math.floor((numerator + denominator / 2) / denominator);

/** The service fee on an items subtotal: percent rounded half up to the cent, kept within [min, max]. */
export function serviceFeeCents(itemsCents: number, policy: ServiceFeePolicy): number {
  if (itemsCents <= 0) return 0;
  const basisPoints = Math.round(policy.percent * 100);
  const fee = roundHalfUp(itemsCents * basisPoints, 10_000);
  return Math.min(Math.max(fee, policy.minCents), Math.max(policy.minCents, policy.maxCents));
}

/** '$1.00' in the labels, which the API words in English (SERVER_LOCALE). */
const dollars = (cents: number) => formatCents(cents, { locale: SERVER_LOCALE });

function serviceLabel(itemsCents: number, feeCents: number, policy: ServiceFeePolicy): string {
  const basisPoints = Math.round(policy.percent * 100);
  const plain = roundHalfUp(itemsCents * basisPoints, 10_000);
  if (feeCents > plain) return `Service fee (minimum ${dollars(feeCents)})`;
  if (feeCents < plain) return `Service fee (${policy.percent}%, at most ${dollars(feeCents)})`;
  return `Service fee (${policy.percent}%)`;
}

/**
 * Splits `total` cents over weights in proportion, largest remainders first (ties: the earlier weight), so the
 * shares are whole cents that add up to `total` exactly.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((s, x) => s + x, 0);
  const order = weights.map((w, i) => ({ i, rest: (total * w) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** 'Subtotal (1 item)', 'Subtotal (3 items)'. */
function itemsLabel(count: number): string {
  return `Subtotal (${count} ${count === 1 ? 'item' : 'items'})`;
}

/**
 * The breakdown of priced lines with a tip (cents), under a service fee policy. The caller has checked the tip is
 * allowed (see {@link tipAllowed}); a tip on lines that take none is counted as zero here.
 */
export function computeBreakdown(lines: readonly BreakdownLine[], tipCents: number, policy: ServiceFeePolicy): BreakdownCents {
  const itemsCents = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const count = lines.reduce((s, l) => s + l.quantity, 0);

  // Each restaurant once, in the order its first dish appears.
  const restaurants = new Map<number, { name: string; feeCents: number; taxPlace: string | null }>();
  for (const l of lines) {
    if (l.restaurant && !restaurants.has(l.restaurant.id)) {
      restaurants.set(l.restaurant.id, { name: l.restaurant.name, feeCents: l.restaurant.deliveryFeeCents, taxPlace: l.taxPlace });
    }
  }
  const deliveryFeeCents = [...restaurants.values()].reduce((s, r) => s + r.feeCents, 0);
  const service = serviceFeeCents(itemsCents, policy);

  // Tax places in the order they first appear; each with its items and delivery fees.
  const places = new Map<string | null, { itemsCents: number; feesCents: number }>();
  for (const l of lines) {
    const p = places.get(l.taxPlace) ?? { itemsCents: 0, feesCents: 0 };
    p.itemsCents += l.lineTotalCents;
    places.set(l.taxPlace, p);
  }
  for (const r of restaurants.values()) {
    const p = places.get(r.taxPlace) ?? { itemsCents: 0, feesCents: 0 };
    p.feesCents += r.feeCents;
    places.set(r.taxPlace, p);
  }
  const placeList = [...places.entries()];
  const serviceShares = splitCents(
    service,
    placeList.map(([, p]) => p.itemsCents),
  );
  const taxLines: CentsLine[] = [];
  placeList.forEach(([key, p], i) => {
    const rate = taxRateFor(key);
    if (!rate) return;
    const amountCents = taxOnCents(p.itemsCents + p.feesCents + serviceShares[i], milliPercentOf(rate));
    taxLines.push({ key: 'tax', label: taxLabel(rate), amountCents });
  });
  const taxCents = taxLines.reduce((s, l) => s + l.amountCents, 0);

  const tippableCents = lines.filter((l) => (TIPPABLE_SERVICE_TYPES as readonly string[]).includes(l.serviceType)).reduce((s, l) => s + l.lineTotalCents, 0);
  const tippable = tipAllowed(lines.map((l) => l.serviceType));
  const tip = tippable ? Math.max(0, Math.round(tipCents)) : 0;

  const out: CentsLine[] = [
    { key: 'items', label: itemsLabel(count), amountCents: itemsCents },
    ...[...restaurants.entries()].map(([id, r]): CentsLine => ({ key: 'delivery', label: `Delivery fee · ${r.name}`, amountCents: r.feeCents, restaurantId: id })),
    ...(service > 0 ? [{ key: 'service', label: serviceLabel(itemsCents, service, policy), amountCents: service } satisfies CentsLine] : []),
    ...taxLines,
    ...(tip > 0 ? [{ key: 'tip', label: 'Tip for your driver', amountCents: tip } satisfies CentsLine] : []),
  ];
  return {
    itemsCents,
    deliveryFeeCents,
    serviceFeeCents: service,
    taxCents,
    tipCents: tip,
    totalCents: out.reduce((s, l) => s + l.amountCents, 0),
    tippableCents: tippable ? tippableCents : 0,
    lines: out,
  };
}

/** The stored columns of a booking (and its stored lines, if any) as the API's breakdown. */
export function toPriceBreakdown(b: {
  subtotalCents: number;
  deliveryFeeCents: number;
  serviceFeeCents: number;
  taxCents: number;
  tipCents: number;
  totalCents: number;
  tippableCents?: number;
  lines: ReadonlyArray<{ key: BreakdownKey; label: string; amountCents: number }>;
}): PriceBreakdown {
  // Bookings made before breakdowns were stored have no lines: their total was their items.
  const lines: Array<{ key: BreakdownKey; label: string; amountCents: number }> =
    b.lines.length > 0
      ? [...b.lines]
      : [
          { key: 'items', label: 'Subtotal', amountCents: b.subtotalCents },
          ...(b.deliveryFeeCents ? [{ key: 'delivery' as const, label: 'Delivery fee', amountCents: b.deliveryFeeCents }] : []),
          ...(b.serviceFeeCents ? [{ key: 'service' as const, label: 'Service fee', amountCents: b.serviceFeeCents }] : []),
          ...(b.taxCents ? [{ key: 'tax' as const, label: 'Tax', amountCents: b.taxCents }] : []),
          ...(b.tipCents ? [{ key: 'tip' as const, label: 'Tip for your driver', amountCents: b.tipCents }] : []),
        ];
  return {
    items: centsToDollars(b.subtotalCents),
    deliveryFee: centsToDollars(b.deliveryFeeCents),
    serviceFee: centsToDollars(b.serviceFeeCents),
    tax: centsToDollars(b.taxCents),
    tip: centsToDollars(b.tipCents),
    total: centsToDollars(b.totalCents),
    lines: lines.map((l) => ({ key: l.key, label: l.label, amount: centsToDollars(l.amountCents) })),
    tippable: centsToDollars(b.tippableCents ?? 0),
  };
}

/** The API breakdown of a computed one. */
export function breakdownOf(c: BreakdownCents): PriceBreakdown {
  return toPriceBreakdown({ ...c, subtotalCents: c.itemsCents });
}

export const PriceLineSchema = z.object({ key: z.enum(['items', 'delivery', 'service', 'tax', 'tip']), label: z.string(), amount: z.number() });
assertExact<z.output<typeof PriceLineSchema>, PriceLine>(true);

export const PriceBreakdownSchema = z
  .object({
    items: z.number(),
    deliveryFee: z.number(),
    serviceFee: z.number(),
    tax: z.number(),
    tip: z.number(),
    total: z.number(),
    lines: z.array(PriceLineSchema),
    tippable: z.number(),
  })
  .meta({ id: 'PriceBreakdown' });
assertExact<z.output<typeof PriceBreakdownSchema>, PriceBreakdown>(true);
