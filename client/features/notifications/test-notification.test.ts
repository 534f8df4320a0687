import { describe, expect, it } from 'vitest';
import { SendNotificationSchema } from '@domain/notifications/schemas';
import { ApiError } from '@client/lib/api';
import { FAILED_FALLBACK, TestNotificationFormSchema, failureMessage, missingRequired, testOrderId, toNotificationPayload } from './test-notification';
import { mailListQuery } from './mail-log';

const filled = { customerEmail: ' Ann@Example.com ', customerName: ' Ann ', serviceType: 'Food Delivery', amount: '' };

describe('test notification form', () => {
  it('counts a blank or whitespace required field as missing', () => {
    expect(missingRequired(filled)).toBe(false);
    expect(missingRequired({ ...filled, customerName: '   ' })).toBe(true);
    expect(missingRequired({ ...filled, serviceType: '' })).toBe(true);
    expect(missingRequired({ customerName: 'Ann', serviceType: 'Taxi Ride' })).toBe(true);
    // The amount is optional.
    expect(missingRequired({ ...filled, amount: '' })).toBe(false);
  });

  it('takes an amount with at most 2 decimals', () => {
    const parse = (amount: string) => TestNotificationFormSchema.safeParse({ ...filled, amount }).success;
    for (const ok of ['', '0', '25', '25.5', '25.50', '1000000']) expect(parse(ok), ok).toBe(true);
    for (const bad of ['25.505', '-1', 'abc', '1e3', '2,50', '1000000.01']) expect(parse(bad), bad).toBe(false);
  });

  it('builds the spec payload: TEST plus the last 6 digits of the time, empty details, the amount only when given', () => {
    expect(testOrderId(1_717_171_234_567)).toBe('TEST234567');
    const payload = toNotificationPayload(filled, 1_717_171_234_567);
    expect(payload).toEqual({
      customerEmail: 'Ann@Example.com',
      customerName: 'Ann',
      serviceType: 'Food Delivery',
      orderDetails: {},
      orderId: 'TEST234567',
    });
    const withAmount = toNotificationPayload({ ...filled, amount: '19.99' }, 1);
    expect(withAmount.totalAmount).toBe(19.99);
    // What the form sends is what the server's schema accepts.
    expect(SendNotificationSchema.safeParse(withAmount).success).toBe(true);
    expect(SendNotificationSchema.safeParse(toNotificationPayload({ ...filled, amount: '0.07' }, 1)).success).toBe(true);
  });

  it("reports the server's message, else the spec's fallback", () => {
    expect(failureMessage(new ApiError(403, 'Forbidden', JSON.stringify({ message: 'Admins only' })))).toBe('Admins only');
    expect(failureMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toBe(FAILED_FALLBACK);
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(FAILED_FALLBACK);
  });
});

describe('mail list query', () => {
  it('leaves out filters that are not set and trims the address', () => {
    expect(mailListQuery({ status: 'all', to: '' })).toEqual({});
    expect(mailListQuery({ status: 'failed', to: '  ' })).toEqual({ status: 'failed' });
    expect(mailListQuery({ status: 'all', to: ' a+b@example.com ' })).toEqual({ to: 'a+b@example.com' });
    expect(mailListQuery({ status: 'sent', to: 'x' })).toEqual({ status: 'sent', to: 'x' });
  });
});
