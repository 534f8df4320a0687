import { kindOfCollection } from '@domain/catalogue/kinds';
import { CommissionRuleSchema, type CommissionRule } from '@domain/money/commission';
import { CancellationQuoteSchema, type CancellationQuote, type FinanceDeliveries, type OrderStatus, type Payout, type PayoutStatus } from '@domain/money/schemas';
import { formatCents, formatMoney, pluralize } from '@domain/format';

/**
 * The pure part of the money screens (issue 28): the admin's finance tab (date range, account and kind labels,
 * the commission form) and the customer's orders and cancellation (status labels, what a quote says).
 */

const DAY_MS = 86_400_000;
/** GET /api/admin/finance answers at most this many UTC days at a time. */
export const FINANCE_MAX_DAYS = 366;
/** The range the finance tab opens with: the last 30 UTC days, today included. */
export const FINANCE_DEFAULT_DAYS = 30;

export type DateRange = { from: string; to: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 30 UTC days, today included (the server counts days in UTC). */
export function defaultFinanceRange(now: Date): DateRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: isoDay(today - (FINANCE_DEFAULT_DAYS - 1) * DAY_MS), to: isoDay(today) };
}

/** 'YYYY-MM-DD' -> its UTC midnight, or null when it is not a real day. */
function parseDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(ms) !== text ? null : ms;
}

/** Field errors of a date range, as the server words them; empty when the range can be asked for. */
export function rangeErrors(range: DateRange): Partial<Record<keyof DateRange, string>> {
  const errors: Partial<Record<keyof DateRange, string>> = {};
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (from === null) errors.from = 'Use a date like 2026-11-01';
  if (to === null) errors.to = 'Use a date like 2026-11-30';
  if (from !== null && to !== null) {
    if (to < from) errors.to = 'The end date must be on or after the start date';
    else if ((to - from) / DAY_MS + 1 > FINANCE_MAX_DAYS) errors.to = `At most ${FINANCE_MAX_DAYS} days at a time`;
  }
  return errors;
}

/** The query string of GET /api/admin/finance. */
export function financeQuery(range: DateRange): string {
  return new URLSearchParams({ from: range.from, to: range.to }).toString();
}

const ACCOUNT_LABELS: Record<string, string> = {
  gateway: 'Payment gateway',
  'customer:clearing': 'Customer clearing',
  'platform:revenue': 'Platform revenue',
  'platform:delivery': 'Platform share of delivery fees',
  tax: 'Tax collected',
  deliveries: 'Delivery fees and tips held',
  refunds: 'Refunds to send',
  'payouts:in-transit': 'Payouts in transit',
};

/** A ledger account code as people read it: 'provider:12' -> 'Provider #12', 'gateway' -> 'Payment gateway'. */
export function accountLabel(code: string): string {
  const known = ACCOUNT_LABELS[code];
  if (known) return known;
  const payee = /^(provider|driver):(\d+)$/.exec(code);
  if (payee) return `${payee[1] === 'provider' ? 'Provider' : 'Driver'} #${payee[2]}`;
  return code;
}

/** An admin collection ('taxi-rides') as the admin tabs name it ('Taxi'); anything else as it is. */
export function kindLabel(kind: string): string {
  return kindOfCollection(kind)?.adminLabel ?? kind;
}

/** The text the e2e test (and the admin) reads: 'Trial balance total: $0.00'. */
export function trialBalanceText(totalCents: number): string {
  return `Trial balance total: ${formatCents(totalCents)}`;
}

// ---- Deliveries' money ------------------------------------------------------------------------------------------

/** An amount with a true minus sign ('−$2.40'), for sentences. */
const signedCents = (cents: number) => (cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents));

/**
 * The platform's share of the deliveries done, in words: 'Platform's share: $1.20', or when the pay rule gave drivers
 * more than was collected, 'Platform's share: −$2.40 (the pay rule paid drivers more than the fees)'.
 */
export function platformShareText(cents: number): string {
  const text = `Platform's share: ${signedCents(cents)}`;
  return cents < 0 ? `${text} (the pay rule paid drivers more than the fees)` : text;
}

/** One figure of a card of the Finance tab (the totals, the deliveries); a loss is shown in red. */
export type FinanceFigure = { key: string; label: string; cents: number; hint: string; tone?: 'loss' };

/** The Deliveries card's figures, in the order it shows them (`key` -> test id `finance-delivery-<key>`). */
export function deliveryFigures(d: FinanceDeliveries): FinanceFigure[] {
  return [
    { key: 'fees', label: 'Delivery fees collected', cents: d.feesCents, hint: 'Fees of the deliveries done' },
    { key: 'tips', label: 'Tips', cents: d.tipsCents, hint: 'All passed on to the drivers' },
    { key: 'driver-pay', label: 'Paid to drivers', cents: d.driverPayCents, hint: "The pay rule's payout plus tips" },
    { key: 'from-providers', label: 'Charged to providers (rides, parcels)', cents: d.fromProvidersCents, hint: "Drivers' pay taken from those orders" },
    {
      key: 'platform-share',
      label: "Platform's share",
      cents: d.platformShareCents,
      hint: d.platformShareCents < 0 ? 'A loss: the pay rule paid drivers more than the fees' : 'Collected less what drivers were paid',
      ...(d.platformShareCents < 0 ? { tone: 'loss' as const } : {}),
    },
    { key: 'held', label: 'Held for deliveries not done yet', cents: d.heldCents, hint: 'Fees and tips waiting for their driver (now)' },
  ];
}

// ---- The commission editor -------------------------------------------------------------------------------------

/** One kind's rule as the form holds it: text, as typed. */
export type CommissionRow = { kind: CommissionRule['kind']; label: string; percent: string; minDollars: string };

export function commissionRows(rules: readonly CommissionRule[]): CommissionRow[] {
  return rules.map((r) => ({ kind: r.kind, label: kindLabel(r.kind), percent: String(r.percent), minDollars: (r.minCents / 100).toFixed(2) }));
}

/** '1.50', '$1.5', '1,000' -> cents; an empty field is no minimum (0); anything else (or a fraction of a cent) NaN. */
export function dollarsToCents(text: string): number {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (clean === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '12.5', '12.5 %' -> 12.5; empty or unreadable -> NaN (the schema then says what is expected). */
export function parsePercent(text: string): number {
  const clean = text.trim().replace(/\s*%$/, '');
  return clean === '' ? Number.NaN : Number(clean);
}

/** The server's (and this form's) key of a rule's field error: 'rules.2.percent'. */
export const ruleErrorKey = (index: number, field: 'percent' | 'minCents') => `rules.${index}.${field}`;

export type ParsedCommission = { ok: true; rules: CommissionRule[] } | { ok: false; errors: Record<string, string> };

/** The PUT body of the rows, checked with the domain's schema; field errors keyed as the server keys them. */
export function parseCommissionRows(rows: readonly CommissionRow[]): ParsedCommission {
  const rules: CommissionRule[] = [];
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    const parsed = CommissionRuleSchema.safeParse({ kind: row.kind, percent: parsePercent(row.percent), minCents: dollarsToCents(row.minDollars) });
    if (parsed.success) {
      rules.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'minCents' ? 'minCents' : issue.path[0] === 'percent' ? 'percent' : null;
      const key = field ? ruleErrorKey(index, field) : `rules.${index}`;
      errors[key] ??= issue.message;
    }
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, rules };
}

/** True when a row differs from the saved rules (by value: '15' and '15.00' are the same rule). */
export function commissionChanged(rows: readonly CommissionRow[], saved: readonly CommissionRule[]): boolean {
  return rows.some((row) => {
    const rule = saved.find((r) => r.kind === row.kind);
    return !rule || parsePercent(row.percent) !== rule.percent || dollarsToCents(row.minDollars) !== rule.minCents;
  });
}

/** A 400's errors that belong to no one field of a row ('rules', '_', 'rules.3'), joined for the form's alert. */
export function commissionFormError(errors: Record<string, string>, rowCount: number): string | null {
  const fieldKeys = new Set<string>();
  for (let i = 0; i < rowCount; i += 1) fieldKeys.add(ruleErrorKey(i, 'percent')).add(ruleErrorKey(i, 'minCents'));
  const rest = Object.entries(errors)
    .filter(([key]) => !fieldKeys.has(key))
    .map(([, message]) => message);
  return rest.length ? [...new Set(rest)].join(' ') : null;
}

// ---- Payouts ----------------------------------------------------------------------------------------------------

export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed' };
export const PAYEE_KIND_LABEL: Record<Payout['kind'], string> = { provider: 'Provider', driver: 'Driver' };

/** What a payout run did, in one sentence for its toast and its heading. */
export function payoutRunSummary(payouts: readonly Payout[]): string {
  if (payouts.length === 0) return 'Nobody had an available balance to pay out.';
  const total = payouts.filter((p) => p.status !== 'failed').reduce((sum, p) => sum + p.amountCents, 0);
  const count = (status: PayoutStatus) => payouts.filter((p) => p.status === status).length;
  const parts = [`${count('paid')} paid`];
  if (count('pending')) parts.push(`${count('pending')} pending`);
  if (count('failed')) parts.push(`${count('failed')} failed`);
  return `${pluralize(payouts.length, 'payout')} (${parts.join(', ')}), ${formatCents(total)} sent.`;
}

// ---- The customer's orders and cancellation ---------------------------------------------------------------------

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  accepted: 'Accepted',
  completed: 'Completed',
  declined: 'Declined by the provider',
  cancelled: 'Cancelled',
};

/** The sentence the cancel dialog leads with: the refund (and fee kept), or why the booking cannot be cancelled. */
export function quoteSummary(quote: CancellationQuote): string {
  if (!quote.cancellable) return quote.message ?? 'This booking can no longer be cancelled.';
  const refund = quote.refundCents > 0 ? `You will be refunded ${formatCents(quote.refundCents)}.` : 'Nothing will be refunded.';
  return quote.feeCents > 0 ? `${refund} A cancellation fee of ${formatCents(quote.feeCents)} is kept.` : refund;
}

/**
 * A 409 from POST /api/bookings/:id/cancel: its message and, when it carries one (as `quote` or as the body
 * itself), the new quote; the dialog asks for the quote again when it does not.
 */
export function conflictOf(body: string): { message: string | null; quote: CancellationQuote | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { message: null, quote: null };
  }
  if (typeof parsed !== 'object' || parsed === null) return { message: null, quote: null };
  const record = parsed as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : null;
  const nested = CancellationQuoteSchema.safeParse(record.quote);
  if (nested.success) return { message, quote: nested.data };
  const whole = CancellationQuoteSchema.safeParse(parsed);
  return { message, quote: whole.success ? whole.data : null };
}

/** The toast of a done cancellation (amounts in dollars, as the cancel answer gives them). */
export function cancelledText(result: { id: number; refund?: { amount: number }; fee?: { amount: number } }): string {
  const fee = result.fee && result.fee.amount > 0 ? `A cancellation fee of ${formatMoney(result.fee.amount)} was kept.` : null;
  const head = result.refund ? `Refunded ${formatMoney(result.refund.amount)}` : `Booking #${result.id} was cancelled`;
  return fee ? `${head}. ${fee}` : result.refund ? head : `${head}.`;
}
