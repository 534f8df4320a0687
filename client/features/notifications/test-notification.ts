import { z } from 'zod';
import type { SendNotificationInput, SendNotificationResult } from '@domain/notifications/schemas';
import { apiPost, parseApiError } from '@client/lib/api';

/** Spec 002 sections 5 and 8: the texts of the test page's toasts. */
export const MISSING_TITLE = 'Missing Information';
export const MISSING_DESCRIPTION = 'Please fill in all required fields';
export const SENT_TITLE = 'Notifications Sent!';
export const FAILED_TITLE = 'Error';
export const FAILED_FALLBACK = 'Failed to send test notification';

/** The services a test notification can be about (the names the customer would read in the e-mail). */
export const TEST_SERVICE_TYPES = [
  'Food Delivery',
  'Hotel Booking',
  'Flight Booking',
  'Car Rental',
  'Taxi Ride',
  'Shipping',
  'Property Rental',
  'General Service',
  'Driver Application',
] as const;

const REQUIRED_FIELDS = ['customerEmail', 'customerName', 'serviceType'] as const;

/** Digits with at most 2 decimals; checked on the text so 0.1 + 0.2 style float noise cannot creep in. */
const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** The form as typed: all text, the amount optional. Limits match the server's SendNotificationSchema. */
export const TestNotificationFormSchema = z.object({
  customerEmail: z.string().trim().min(1, 'Customer e-mail is required').max(254).pipe(z.email('Please enter a valid email address')),
  customerName: z.string().trim().min(1, 'Customer name is required').max(100, 'Name must be at most 100 characters'),
  serviceType: z.string().trim().min(1, 'Service type is required').max(60),
  amount: z
    .string()
    .trim()
    .refine((v) => v === '' || AMOUNT_PATTERN.test(v), 'Enter an amount such as 25 or 25.50 (at most 2 decimals)')
    .refine((v) => v === '' || Number(v) <= 1_000_000, 'Amount must be at most 1,000,000'),
});
export type TestNotificationForm = z.input<typeof TestNotificationFormSchema>;

/** Spec 002 section 5: e-mail, name and service type are required; any of them blank means 'Missing Information'. */
export function missingRequired(values: Partial<TestNotificationForm>): boolean {
  return REQUIRED_FIELDS.some((field) => !values[field]?.trim());
}

/** Spec 002 section 7: a test notification's orderId is TEST plus the last 6 digits of the timestamp. */
export function testOrderId(now: number): string {
  return `TEST${String(Math.trunc(now)).slice(-6)}`;
}

/** The POST /api/send-notification body (spec 002 section 3) for valid form values. */
export function toNotificationPayload(values: TestNotificationForm, now = Date.now()): SendNotificationInput {
  const amount = values.amount.trim();
  return {
    customerEmail: values.customerEmail.trim(),
    customerName: values.customerName.trim(),
    serviceType: values.serviceType.trim(),
    orderDetails: {},
    orderId: testOrderId(now),
    ...(amount ? { totalAmount: Math.round(Number(amount) * 100) / 100 } : {}),
  };
}

/** POST /api/send-notification (admins only). */
export function sendTestNotification(payload: SendNotificationInput): Promise<SendNotificationResult> {
  return apiPost('/api/send-notification', { body: payload });
}

/** Spec 002 section 8: the failure toast shows the server's message, or the fixed fallback. */
export function failureMessage(error: unknown): string {
  const parsed = parseApiError(error);
  return parsed.message ?? FAILED_FALLBACK;
}
