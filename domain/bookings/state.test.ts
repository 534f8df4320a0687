import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from './schemas';
import { isAbandonedCheckout, isPayable, transition, type BookingEvent } from './state';

const events: BookingEvent[] = ['pay', 'complete', 'cancel'];

/** Runs events from pending, ignoring refused ones (the server answers 409 and changes nothing). */
function run(seq: BookingEvent[]) {
  let status: BookingStatus = 'pending';
  let payments = 0;
  let refunds = 0;
  const history: BookingStatus[] = [status];
  for (const e of seq) {
    const t = transition(status, e);
    if (!t.ok) continue;
    if (e === 'pay') payments += 1;
    if (t.refund) refunds += 1;
    status = t.to;
    history.push(status);
  }
  return { status, payments, refunds, history };
}

describe('booking state machine', () => {
  it('follows the documented life cycle', () => {
    expect(transition('pending', 'pay')).toEqual({ ok: true, to: 'confirmed', refund: false });
    expect(transition('confirmed', 'complete')).toEqual({ ok: true, to: 'completed', refund: false });
    expect(transition('pending', 'cancel')).toEqual({ ok: true, to: 'cancelled', refund: false });
    expect(transition('confirmed', 'cancel')).toEqual({ ok: true, to: 'cancelled', refund: true });
  });

  it('refuses illegal transitions with a reason', () => {
    expect(transition('confirmed', 'pay')).toEqual({ ok: false, message: 'This booking is already paid' });
    expect(transition('cancelled', 'pay')).toEqual({ ok: false, message: 'This booking was cancelled' });
    expect(transition('completed', 'cancel')).toEqual({ ok: false, message: 'A completed booking cannot be cancelled' });
    expect(transition('cancelled', 'cancel')).toEqual({ ok: false, message: 'This booking is already cancelled' });
    expect(transition('pending', 'complete').ok).toBe(false);
    expect(isPayable('pending')).toBe(true);
    expect(BOOKING_STATUSES.filter(isPayable)).toEqual(['pending']);
  });

  it('never pays a booking twice, whatever the sequence of events', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (seq) => run(seq).payments <= 1));
  });

  it('never moves a cancelled booking, and refunds at most what was paid', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (seq) => {
        const { history, payments, refunds } = run(seq);
        const cancelledAt = history.indexOf('cancelled');
        if (cancelledAt >= 0) expect(history.slice(cancelledAt).every((s) => s === 'cancelled')).toBe(true);
        return refunds <= payments;
      }),
    );
  });

  it('never leaves completed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...events), (e) => !transition('completed', e).ok),
    );
  });
});

describe('isAbandonedCheckout', () => {
  it('is a cancelled booking that was never paid, declined attempts or not', () => {
    expect(isAbandonedCheckout({ status: 'cancelled', payments: [] })).toBe(true);
    expect(isAbandonedCheckout({ status: 'cancelled', payments: [{ status: 'failed' }] })).toBe(true);
    // Paid then cancelled (refunded) is an order the customer had: it stays listed.
    expect(isAbandonedCheckout({ status: 'cancelled', payments: [{ status: 'succeeded' }, { status: 'refunded' }] })).toBe(false);
    expect(isAbandonedCheckout({ status: 'pending', payments: [] })).toBe(false);
    expect(isAbandonedCheckout({ status: 'confirmed', payments: [{ status: 'succeeded' }] })).toBe(false);
  });
});
