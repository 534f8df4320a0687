import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@domain/accounts/schemas';
import { parseApiError } from '@client/lib/api';

/**
 * What the one-time password links (/set-password for approved drivers, /reset-password for a forgotten password)
 * have in common: the token in the URL, a new password typed twice, and the same ways a submit can fail.
 */

/** The new-password form: the same length limits as registration, and the two entries must match. */
export const NewPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirm: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

/** The token of a `/set-password?token=...` or `/reset-password?token=...` link, or null when the link has none. */
export function tokenFromSearch(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}

export type PasswordLinkFailure = {
  /** Shown above the form. */
  message: string;
  /** A message for the password field, when the server named it. */
  password?: string;
  /** The link itself is unusable: the form should give way to 'ask for a new link'. */
  linkInvalid: boolean;
};

export type PasswordLinkTexts = {
  /** The server's answer for an unknown, expired or used token. */
  invalidMessage: string;
  /** Shown when the server gave no message of its own. */
  fallback: string;
};

/**
 * A failed submit in the customer's words, split into what goes where. A 400 naming the token, or carrying the
 * page's invalid-link message, means the link is dead and asking again cannot help.
 */
export function passwordLinkFailure(error: unknown, { invalidMessage, fallback }: PasswordLinkTexts): PasswordLinkFailure {
  const parsed = parseApiError(error);
  if (parsed.status === null) return { message: 'Unable to reach the server. Check your connection and try again.', linkInvalid: false };
  const tokenError = parsed.errors.token;
  const linkInvalid = Boolean(tokenError) || parsed.message === invalidMessage;
  if (linkInvalid) return { message: tokenError ?? parsed.message ?? invalidMessage, linkInvalid: true };
  const password = parsed.errors.password;
  if (password) return { message: 'Please correct the highlighted field.', password, linkInvalid: false };
  return { message: parsed.message ?? fallback, linkInvalid: false };
}
