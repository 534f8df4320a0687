import { z } from 'zod';

/** The contact / support form (the hub's Get Support button leads to /contact). */
export const ContactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .max(254, 'Please enter a valid email')
    .pipe(z.email('Please enter a valid email')),
  subject: z.string().trim().max(200, 'Subject must be at most 200 characters').optional().default(''),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactMessage = z.output<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

export const CONTACT_SUCCESS_TITLE = 'Message sent';
export const CONTACT_SUCCESS_DESCRIPTION = "Thanks for reaching out. We'll get back to you within 24 hours.";

/** 201 of POST /api/contact: the stored message's id. */
export const ContactReceiptSchema = z.object({ id: z.number() });
export type ContactReceipt = z.output<typeof ContactReceiptSchema>;
