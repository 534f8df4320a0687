import { describe, expect, it } from 'vitest';
import type { OrderMoneyView } from '@domain/money/schemas';
import { deductionsText, failureText, feeLabel, minimumApplied, monthOf, moneyTotals, payoutWhen, pendingText, percentText, statementFileName } from './money-format';

const money = (over: Partial<OrderMoneyView> = {}): OrderMoneyView => ({
  grossCents: 2000,
  commissionPercent: 15,
  commissionMinCents: 100,
  feeCents: 300,
  netCents: 1700,
  refundedCents: 0,
  netRefundedCents: 0,
  fulfilmentCents: 0,
  earnedCents: 1700,
  ...over,
});

describe('platform fee label', () => {
  it('names the percent, and the minimum only when the minimum set the fee', () => {
    expect(feeLabel(money())).toBe('Platform fee (15%)');
    // 15 % of $5.00 is $0.75: the $1.00 minimum applies.
    expect(feeLabel(money({ grossCents: 500, feeCents: 100, netCents: 400 }))).toBe('Platform fee (15%, minimum $1.00)');
    // Exactly at the minimum by the percent: the percent set it.
    expect(minimumApplied(money({ grossCents: 667, feeCents: 100 }))).toBe(false);
    // A minimum above the items is capped at the items, and still the minimum's doing.
    expect(minimumApplied(money({ grossCents: 50, feeCents: 50 }))).toBe(true);
    expect(feeLabel(money({ commissionPercent: 12.5, commissionMinCents: 0, feeCents: 250 }))).toBe('Platform fee (12.5%)');
    expect(minimumApplied(money({ grossCents: 0, feeCents: 0 }))).toBe(false);
  });

  it('writes percents without float noise', () => {
    expect(percentText(0.1 + 0.2)).toBe('0.3%');
    expect(percentText(10)).toBe('10%');
  });
});

describe('hold period and payouts', () => {
  it('says how long completed money is held', () => {
    expect(pendingText(2)).toContain('held 2 days after completion');
    expect(pendingText(1)).toContain('held 1 day after completion');
    expect(pendingText(0)).not.toContain('held');
  });

  it('dates a payout by its settling, or its start while pending', () => {
    expect(payoutWhen({ status: 'pending', createdAt: '2027-03-01T12:00:00', settledAt: null })).toBe('Started Mar 1, 2027');
    expect(payoutWhen({ status: 'paid', createdAt: '2027-03-01T12:00:00', settledAt: '2027-03-02T12:00:00' })).toBe('Paid Mar 2, 2027');
    expect(payoutWhen({ status: 'failed', createdAt: '2027-03-01T12:00:00', settledAt: '2027-03-03T12:00:00' })).toBe('Failed Mar 3, 2027');
  });
});

describe('failed payouts', () => {
  it("give the gateway's reason once, and say the money is back", () => {
    expect(failureText('Account closed.')).toBe('Account closed. The money is back in your available balance.');
    expect(failureText('Account closed')).toBe('Account closed. The money is back in your available balance.');
    expect(failureText(null)).toBe('The money is back in your available balance.');
  });
});

describe('statement', () => {
  it('defaults to the local month', () => {
    expect(monthOf(new Date(2027, 0, 31, 23, 59))).toBe('2027-01');
    expect(monthOf(new Date(2027, 10, 1))).toBe('2027-11');
  });

  it("takes the server's file name, without any path", () => {
    expect(statementFileName('2027-11', 'attachment; filename="statement-2027-11.csv"')).toBe('statement-2027-11.csv');
    expect(statementFileName('2027-11', "attachment; filename*=UTF-8''go%20live-2027-11.csv")).toBe('go live-2027-11.csv');
    expect(statementFileName('2027-11', 'attachment; filename="../x.csv"')).toBe('.._x.csv');
    expect(statementFileName('2027-11', null)).toBe('statement-2027-11.csv');
    expect(statementFileName('2027-11', 'attachment')).toBe('statement-2027-11.csv');
  });
});

describe('orders table', () => {
  it('sums the orders with money and skips those without', () => {
    const declined = money({ refundedCents: 2300, netRefundedCents: 1700, earnedCents: 0 });
    const totals = moneyTotals([{ money: money() }, { money: declined }, { money: null as unknown as OrderMoneyView }]);
    expect(totals).toEqual({ orders: 2, grossCents: 4000, feeCents: 600, netCents: 3400, refundedCents: 2300, earnedCents: 1700 });
    expect(moneyTotals([])).toEqual({ orders: 0, grossCents: 0, feeCents: 0, netCents: 0, refundedCents: 0, earnedCents: 0 });
  });

  it("names what comes off the net besides the fee", () => {
    expect(deductionsText(money())).toBeNull();
    expect(deductionsText(money({ netRefundedCents: 1700 }))).toBe('Less $17.00 of refunds');
    expect(deductionsText(money({ netRefundedCents: 100, fulfilmentCents: 550 }))).toBe("Less $1.00 of refunds and $5.50 of drivers' pay");
  });
});
