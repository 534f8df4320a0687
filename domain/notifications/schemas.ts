import { z } from 'zod';
import { NewPasswordField } from '../accounts/schemas';
import { assertExact } from '../exact';

/** Mail statuses in the outbox: queued (waiting or retrying), sending (claimed by a worker), sent, failed (gave up). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /api/admin/mail rows. */
export type AdminMail = {
  id: number;
  to: string;
  subject: string;
  template: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** 'smtp' or 'mailbox' (the built-in mailbox when SMTP_URL is unset); null until sent. */
  transport: string | null;
  createdAt: string;
  sentAt: string | null;
};
/** GET /api/admin/mail/:id. */
export type AdminMailDetail = AdminMail & { html: string; text: string };

export const AdminMailQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES, { error: 'status must be queued, sending, sent or failed' }).optional(),
  to: z.string().trim().max(254).optional(),
});

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that e-mail, we have sent a link to reset its password. It works for 30 minutes.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

export const ForgotPasswordSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254).pipe(z.email('Please enter a valid email address')),
});
export const ResetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(10, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: NewPasswordField,
});

/** PATCH /api/account/preferences and GET /api/account/preferences. */
export const MailPreferencesSchema = z.object({ emailOptOut: z.boolean({ error: 'emailOptOut must be true or false' }) });
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

/** The notification payload of spec 002 section 3 (the test page and the driver application). */
export const SendNotificationSchema = z.object({
  customerEmail: z.string({ error: 'Please fill in all required fields' }).trim().min(1, 'Please fill in all required fields').max(254).pipe(z.email('Please enter a valid email address')),
  customerName: z.string({ error: 'Please fill in all required fields' }).trim().min(1, 'Please fill in all required fields').max(100),
  serviceType: z.string({ error: 'Please fill in all required fields' }).trim().min(1, 'Please fill in all required fields').max(60),
  orderDetails: z.record(z.string(), z.unknown()).optional().default({}),
  orderId: z.string().trim().max(60).optional(),
  totalAmount: z.number().nonnegative().max(1_000_000).multipleOf(0.01, 'Amount may have at most 2 decimals').optional(),
});
export type SendNotificationInput = z.input<typeof SendNotificationSchema>;
export type SendNotificationResult = { success: boolean; customerSent: boolean; ownerSent: boolean; message: string };

/** Response schemas of the notification routes, checked against the types above. */
const adminMailShape = {
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
};
export const AdminMailSchema = z.object(adminMailShape);
assertExact<z.output<typeof AdminMailSchema>, AdminMail>(true);
export const AdminMailDetailSchema = z.object({ ...adminMailShape, html: z.string(), text: z.string() });
assertExact<z.output<typeof AdminMailDetailSchema>, AdminMailDetail>(true);
export const SendNotificationResultSchema = z.object({ success: z.boolean(), customerSent: z.boolean(), ownerSent: z.boolean(), message: z.string() });
assertExact<z.output<typeof SendNotificationResultSchema>, SendNotificationResult>(true);
