import { splitCents } from '../bookings/breakdown';
import { commissionCents } from './commission';

/**
 * How one paid booking becomes orders, one per provider's listing (issue 28, ADR 029), and what each order's money is.
 *
 * Every cent of the booking's total lands in exactly one order:
 * - items: the order's own lines;
 * - delivery fee: a restaurant's delivery fee goes to that restaurant's order;
 * - service fee: shared among the orders in proportion to their items;
 * - tax: shared in proportion to what is taxed of each order (its items and its delivery fee);
 * - tip: shared among the orders with food or a ride (the lines a tip is for), in proportion to their items.
 * Each share is whole cents by splitCents (largest remainders, ties to the earlier order), so the shares add up to
 * the booking's amounts exactly and an order's total is the sum of its five parts.
 */
export type OrderPart = {
  /** The listing this order is for: admin collection name and id. */
  listingKind: string;
  listingId: number;
  itemsCents: number;
  /** The restaurant's delivery fee, when the listing is a restaurant whose fee the booking charged. */
  deliveryFeeCents: number;
  /** Whether a tip is for this order (food, rides). */
  tippable: boolean;
};

export type BookingAmounts = { serviceFeeCents: number; taxCents: number; tipCents: number };

export type OrderMoney = {
  itemsCents: number;
  deliveryFeeCents: number;
  serviceFeeCents: number;
  taxCents: number;
  tipCents: number;
  totalCents: number;
};

export function splitBooking(parts: readonly OrderPart[], amounts: BookingAmounts): OrderMoney[] {
  const service = splitCents(
    amounts.serviceFeeCents,
    parts.map((p) => p.itemsCents),
  );
  const tax = splitCents(
    amounts.taxCents,
    parts.map((p) => p.itemsCents + p.deliveryFeeCents),
  );
  const tippableItems = parts.map((p) => (p.tippable ? Math.max(p.itemsCents, 1) : 0));
  const tip = splitCents(amounts.tipCents, tippableItems);
  // A booking whose fees have no weight to follow (all items free) puts them on its first order.
  const orphan = (total: number, shares: number[]) => {
    const left = total - shares.reduce((s, x) => s + x, 0);
    if (left > 0 && shares.length > 0) shares[0] += left;
    return shares;
  };
  orphan(amounts.serviceFeeCents, service);
  orphan(amounts.taxCents, tax);
  orphan(amounts.tipCents, tip);
  return parts.map((p, i) => {
    const m = { itemsCents: p.itemsCents, deliveryFeeCents: p.deliveryFeeCents, serviceFeeCents: service[i], taxCents: tax[i], tipCents: tip[i] };
    return { ...m, totalCents: m.itemsCents + m.deliveryFeeCents + m.serviceFeeCents + m.taxCents + m.tipCents };
  });
}

/** The commission fixed on an order when it is paid; the provider's net is items - commission. */
export function orderCommission(itemsCents: number, rule: { percent: number; minCents: number } | null): number {
  return rule ? commissionCents(itemsCents, rule) : 0;
}

/** The money of an order as stored (provider_orders), what the refund and earning rules read. */
export type StoredOrderMoney = OrderMoney & {
  commissionCents: number;
  refundedCents: number;
  netRefundedCents: number;
  commissionRefundedCents: number;
  fulfilmentCents: number;
};

/** Of an order's items, what its provider keeps after commission, refunds and drivers' pay. */
export function providerNetCents(o: Pick<StoredOrderMoney, 'itemsCents' | 'commissionCents' | 'netRefundedCents' | 'fulfilmentCents'>): number {
  return o.itemsCents - o.commissionCents - o.netRefundedCents - o.fulfilmentCents;
}

/**
 * A refund of an order that keeps `feeCents` of its items (a late cancellation's fee; 0 for a decline or a free
 * cancellation): everything else comes back to the customer. The fee is the provider's, less the commission's share
 * of it (split in proportion to net and commission), so the provider and the platform keep the fee between them and
 * the service fee, tax, delivery fee and tip come back in full. An order is refunded once.
 */
export type OrderRefund = {
  refundCents: number;
  /** Parts of the refund, by who gives it back. */
  netCents: number;
  commissionCents: number;
  serviceFeeCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  tipCents: number;
  /** What is kept: the fee, as provider net and commission. */
  feeCents: number;
};

export function refundOf(o: Pick<StoredOrderMoney, 'itemsCents' | 'commissionCents' | 'deliveryFeeCents' | 'serviceFeeCents' | 'taxCents' | 'tipCents' | 'totalCents'>, feeCents: number): OrderRefund {
  const fee = Math.max(0, Math.min(o.itemsCents, Math.round(feeCents)));
  const net = o.itemsCents - o.commissionCents;
  const [feeNet, feeCommission] = splitCents(fee, [net, o.commissionCents]);
  // splitCents gives nothing when both weights are 0 (items all commission-free and net 0): the fee is then 0 too.
  const kept = feeNet + feeCommission;
  const r = {
    netCents: net - feeNet,
    commissionCents: o.commissionCents - feeCommission,
    serviceFeeCents: o.serviceFeeCents,
    taxCents: o.taxCents,
    deliveryFeeCents: o.deliveryFeeCents,
    tipCents: o.tipCents,
  };
  return { ...r, refundCents: o.totalCents - kept, feeCents: kept };
}
