import { z } from 'zod';

export const ROLES = ['user', 'provider', 'driver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The message for a password on a list of common ones. The server checks the full list (zxcvbn-ts's common
 * passwords, about 50,000, server/platform/auth/common-passwords.ts); the schema checks the same rule for the few
 * most common ones and for one repeated character, so the form answers at once without shipping the list.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
const MOST_COMMON = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'qwertyui', 'qwerty123',
  'iloveyou', '11111111', '00000000', '87654321', 'abcd1234', 'abcdefgh', 'letmein1', 'welcome1', 'baseball', 'football',
]);
/** True for a password made of one repeated character or among the few most common ones. */
export function isObviouslyCommonPassword(password: string): boolean {
  return /^(.)\1*$/su.test(password) || MOST_COMMON.has(password.toLowerCase());
}

/** A new password: length limits and the common-password rule. */
export const NewPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isObviouslyCommonPassword(p), COMMON_PASSWORD_MESSAGE);

/** The answer to a sign-up, the same whether the e-mail was free or already had an account (no enumeration). */
export const REGISTER_ANSWER = 'Account created. We have sent a message to your e-mail address.';
export type RegisterAnswer = { message: string };

export const RegisterSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(32, 'Username must be at most 32 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, dots, dashes and underscores only'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').pipe(z.email('Please enter a valid email address')),
  password: NewPasswordField,
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
  password: NewPasswordField,
});
export type SetPassword = z.output<typeof SetPasswordSchema>;
export const SET_PASSWORD_INVALID = 'This link is invalid or has expired';

/**
 * Issue 27: while an account is slowed down after many failed sign-ins, a browser it does not know signs in with a
 * one-time link mailed to the account's address. POST /api/auth/login then answers 429 `{message, code}` with this code
 * (the same whether or not the address has an account).
 */
export const SIGN_IN_LINK_REQUIRED = 'email_link_required';
/** How long a sign-in link works, in minutes. */
export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_SENT = `We sent a sign-in link to your e-mail address. After many failed sign-in attempts on this account, a new browser signs in with that link: it works once, for ${SIGN_IN_LINK_MINUTES} minutes.`;
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, used or expired. Sign in again to get a new one.';
/** POST /api/auth/login/link: the token of a `/login/link?token=...` link. */
export const SignInLinkSchema = z.object({
  token: z.string({ error: SIGN_IN_LINK_INVALID }).min(10, SIGN_IN_LINK_INVALID).max(200, SIGN_IN_LINK_INVALID),
});
export type SignInLink = z.output<typeof SignInLinkSchema>;

/** GET /api/account/sessions: one signed-in browser of the account. `id` is a short public handle, not the token. */
export type SessionInfo = { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean };

/** "Firefox on Windows" from a User-Agent; "Unknown device" when it says nothing recognisable. */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /Chrome\/|CriOS\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : /curl\//i.test(ua) ? 'curl'
    : null;
  const os =
    /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/** Response schemas of the accounts routes (documented in OpenAPI, checked by the zod serializer). */
export const PublicUserSchema = z.object({ id: z.number().int(), username: z.string(), email: z.string(), role: z.enum(ROLES) }).meta({ id: 'PublicUser' });
export const RegisterAnswerSchema = z.object({ message: z.string() });
export const OkSchema = z.object({ ok: z.boolean() });
export const SuccessSchema = z.object({ success: z.boolean() });
export const SessionInfoSchema = z.object({ id: z.string(), device: z.string(), createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean() }).meta({ id: 'SessionInfo' });
export const SignedOutEverywhereSchema = z.object({ ended: z.number().int() });
