import { z } from 'zod';

export const ROLES = ['user', 'provider', 'driver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const RegisterSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(32, 'Username must be at most 32 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, dots, dashes and underscores only'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  phone: z
    .string()
    .trim()
    .max(32, 'Phone number is too long')
    .regex(/^[+0-9 ()-]*$/, 'Phone number may contain digits, spaces, +, - and parentheses only')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterInput = z.input<typeof RegisterSchema>;
export type Register = z.output<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type Login = z.output<typeof LoginSchema>;

/** What the API returns for a user: never a hash, never a credential. */
export type PublicUser = { id: number; username: string; email: string; role: Role };

/** POST /api/auth/set-password: a one-time link's token and the new password. */
export const SetPasswordSchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired' }).min(10, 'This link is invalid or has expired').max(200, 'This link is invalid or has expired'),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type SetPassword = z.output<typeof SetPasswordSchema>;
export const SET_PASSWORD_INVALID = 'This link is invalid or has expired';
