import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMISSION_RULES, COMMISSION_MIN_MESSAGE, COMMISSION_PERCENT_MESSAGE } from '@domain/money/commission';
import type { CancellationQuote, Payout } from '@domain/money/schemas';
import { FINANCE_TAB, initialAdminTab } from '@client/features/admin/admin-listings';
import {
  accountLabel,
  cancelledText,
  commissionChanged,
  commissionFormError,
  commissionRows,
  conflictOf,
  defaultFinanceRange,
  deliveryFigures,
  dollarsToCents,
  financeQuery,
  kindLabel,
  parseCommissionRows,
  payoutRunSummary,
  platformShareText,
  quoteSummary,
  rangeErrors,
  trialBalanceText,
} from './finance-logic';

const quote = (over: Partial<CancellationQuote> = {}): CancellationQuote => ({
  cancellable: true,
  message: null,
  refundCents: 4_250,
  feeCents: 0,
  orders: [],
  ...over,
});

const payout = (id: number, status: Payout['status'], amountCents: number): Payout => ({
  id,
  kind: 'provider',
  payee: id,
  payeeName: `Payee ${id}`,
  amountCents,
  currency: 'usd',
  status,
  failureMessage: status === 'failed' ? 'Account closed' : null,
  createdAt: '2026-11-02T10:00:00Z',
  settledAt: null,
});

describe('finance tab', () => {
  it('opens from /admin?tab=finance', () => {
    expect(initialAdminTab(FINANCE_TAB)).toBe('finance');
  });

  it('defaults to the last 30 UTC days, today included', () => {
    expect(defaultFinanceRange(new Date('2026-11-30T23:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    // Across a month and a year.
    expect(defaultFinanceRange(new Date('2026-01-10T00:00:00Z'))).toEqual({ from: '2025-12-12', to: '2026-01-10' });
    expect(financeQuery({ from: '2026-11-01', to: '2026-11-30' })).toBe('from=2026-11-01&to=2026-11-30');
  });

  it('refuses unreadable dates, an end before the start and more than 366 days', () => {
    expect(rangeErrors({ from: '2026-11-01', to: '2026-11-30' })).toEqual({});
    expect(rangeErrors({ from: '2026-11-05', to: '2026-11-05' })).toEqual({});
    expect(rangeErrors({ from: '', to: '2026-02-30' })).toEqual({ from: 'Use a date like 2026-11-01', to: 'Use a date like 2026-11-30' });
    expect(rangeErrors({ from: '2026-11-02', to: '2026-11-01' }).to).toMatch(/on or after/);
    expect(rangeErrors({ from: '2025-01-01', to: '2026-01-01' })).toEqual({});
    expect(rangeErrors({ from: '2025-01-01', to: '2026-01-02' }).to).toBe('At most 366 days at a time');
  });

  it('names accounts and kinds for people, and reads the trial balance total', () => {
    expect(accountLabel('gateway')).toBe('Payment gateway');
    expect(accountLabel('provider:12')).toBe('Provider #12');
    expect(accountLabel('driver:7')).toBe('Driver #7');
    expect(accountLabel('something:new')).toBe('something:new');
    expect(kindLabel('restaurants')).toBe('Restaurants');
    expect(kindLabel('taxi-rides')).toBe('Taxi');
    expect(kindLabel('unknown')).toBe('unknown');
    expect(trialBalanceText(0)).toBe('Trial balance total: $0.00');
    expect(trialBalanceText(-123_456)).toBe('Trial balance total: -$1,234.56');
  });

  it('sums up a payout run', () => {
    expect(payoutRunSummary([])).toBe('Nobody had an available balance to pay out.');
    expect(payoutRunSummary([payout(1, 'paid', 1_000), payout(2, 'failed', 500), payout(3, 'paid', 250)])).toBe('3 payouts (2 paid, 1 failed), $12.50 sent.');
  });
});

describe('commission editor', () => {
  it('shows the rules as text and reads them back unchanged', () => {
    const rows = commissionRows(DEFAULT_COMMISSION_RULES);
    expect(rows[0]).toEqual({ kind: 'restaurants', label: 'Restaurants', percent: '15', minDollars: '1.00' });
    expect(parseCommissionRows(rows)).toEqual({ ok: true, rules: DEFAULT_COMMISSION_RULES });
    expect(commissionChanged(rows, DEFAULT_COMMISSION_RULES)).toBe(false);
    // The same values typed differently are no change; another value is.
    expect(commissionChanged([{ ...rows[0]!, percent: '15.00', minDollars: '$1' }, ...rows.slice(1)], DEFAULT_COMMISSION_RULES)).toBe(false);
    expect(commissionChanged([{ ...rows[0]!, percent: '14.5' }, ...rows.slice(1)], DEFAULT_COMMISSION_RULES)).toBe(true);
  });

  it('reads dollars as whole cents, an empty minimum as none', () => {
    expect(dollarsToCents('1.5')).toBe(150);
    expect(dollarsToCents('$1,000.00')).toBe(100_000);
    expect(dollarsToCents(' 0.07 ')).toBe(7);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('1.005')).toBeNaN();
    expect(dollarsToCents('-1')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it('gives each refused field its error, keyed as the server keys them', () => {
    const rows = commissionRows(DEFAULT_COMMISSION_RULES.slice(0, 3));
    rows[0] = { ...rows[0]!, percent: '150' };
    rows[2] = { ...rows[2]!, percent: '', minDollars: '0.001' };
    const parsed = parseCommissionRows(rows);
    expect(parsed).toEqual({
      ok: false,
      errors: { 'rules.0.percent': COMMISSION_PERCENT_MESSAGE, 'rules.2.percent': COMMISSION_PERCENT_MESSAGE, 'rules.2.minCents': COMMISSION_MIN_MESSAGE },
    });
    expect(parseCommissionRows([{ ...rows[1]!, percent: '12.345' }])).toEqual({ ok: false, errors: { 'rules.0.percent': COMMISSION_PERCENT_MESSAGE } });
    expect(parseCommissionRows([{ ...rows[1]!, percent: '12.5 %' }])).toEqual({ ok: true, rules: [{ kind: 'hotels', percent: 12.5, minCents: 0 }] });
  });

  it('keeps errors that belong to no field for the form alert', () => {
    expect(commissionFormError({ 'rules.0.percent': 'x' }, 2)).toBeNull();
    expect(commissionFormError({ 'rules.0.percent': 'x', rules: 'Each kind may appear once', _: 'Bad' }, 2)).toBe('Each kind may appear once Bad');
  });
});

describe('customer cancellation', () => {
  it('says what comes back, what is kept, or why it cannot be cancelled', () => {
    expect(quoteSummary(quote())).toBe('You will be refunded $42.50.');
    expect(quoteSummary(quote({ feeCents: 1_000 }))).toBe('You will be refunded $42.50. A cancellation fee of $10.00 is kept.');
    expect(quoteSummary(quote({ refundCents: 0 }))).toBe('Nothing will be refunded.');
    expect(quoteSummary(quote({ cancellable: false, message: 'This order is on its way and can no longer be cancelled' }))).toBe(
      'This order is on its way and can no longer be cancelled',
    );
    expect(quoteSummary(quote({ cancellable: false }))).toBe('This booking can no longer be cancelled.');
  });

  it('reads the new quote from a 409, nested or whole', () => {
    const fresh = quote({ refundCents: 2_000, feeCents: 2_250 });
    expect(conflictOf(JSON.stringify({ message: 'The terms changed', quote: fresh }))).toEqual({ message: 'The terms changed', quote: fresh });
    expect(conflictOf(JSON.stringify({ ...fresh, message: 'The terms changed' }))).toEqual({
      message: 'The terms changed',
      quote: { ...fresh, message: 'The terms changed' },
    });
    expect(conflictOf(JSON.stringify({ message: 'Already cancelled' }))).toEqual({ message: 'Already cancelled', quote: null });
    expect(conflictOf('not json')).toEqual({ message: null, quote: null });
  });

  it('words the toast of a done cancellation', () => {
    expect(cancelledText({ id: 4, refund: { amount: 120 } })).toBe('Refunded $120.00');
    expect(cancelledText({ id: 4, refund: { amount: 60 }, fee: { amount: 60 } })).toBe('Refunded $60.00. A cancellation fee of $60.00 was kept.');
    expect(cancelledText({ id: 4 })).toBe('Booking #4 was cancelled.');
  });
});

describe("the Deliveries card: fees, tips, drivers' pay, providers charged, the platform's share, held", () => {
  const deliveries = { feesCents: 1_200, tipsCents: 500, driverPayCents: 2_100, fromProvidersCents: 640, platformShareCents: 240, heldCents: 899 };

  it('lists the figures in order, each with its label and test id key', () => {
    expect(deliveryFigures(deliveries).map((f) => [f.key, f.label, f.cents])).toEqual([
      ['fees', 'Delivery fees collected', 1_200],
      ['tips', 'Tips', 500],
      ['driver-pay', 'Paid to drivers', 2_100],
      ['from-providers', 'Charged to providers (rides, parcels)', 640],
      ['platform-share', "Platform's share", 240],
      ['held', 'Held for deliveries not done yet', 899],
    ]);
    expect(deliveryFigures(deliveries).some((f) => f.tone === 'loss')).toBe(false);
  });

  it("says in words when the platform's share is a loss", () => {
    expect(platformShareText(240)).toBe("Platform's share: $2.40");
    expect(platformShareText(0)).toBe("Platform's share: $0.00");
    expect(platformShareText(-240)).toBe("Platform's share: −$2.40 (the pay rule paid drivers more than the fees)");
    const loss = deliveryFigures({ ...deliveries, driverPayCents: 2_580, platformShareCents: -240 }).find((f) => f.key === 'platform-share');
    expect(loss).toMatchObject({ cents: -240, tone: 'loss', hint: expect.stringContaining('paid drivers more than the fees') });
  });
});
