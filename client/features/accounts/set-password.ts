import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@domain/accounts/schemas';
import { apiJson, parseApiError } from '@client/lib/api';

/** The server's answer for a token that is unknown, expired or already used. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired';

/** The set-password form: the same length limits as registration, and the two entries must match. */
export const SetPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirm: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;

/** The token of a `/set-password?token=...` link, or null when the link has none. */
export function tokenFromSearch(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}

/** POST /api/auth/set-password: 200 {ok: true}, or 400 {message, errors: {token | password}}. */
export function setPassword(token: string, password: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/set-password', { token, password });
}

export type SetPasswordFailure = {
  /** Shown above the form. */
  message: string;
  /** A message for the password field, when the server named it. */
  password?: string;
  /** The link itself is unusable: the form should give way to 'ask for a new link'. */
  linkInvalid: boolean;
};

/** A failed set-password call in the customer's words, split into what goes where. */
export function setPasswordFailure(error: unknown): SetPasswordFailure {
  const parsed = parseApiError(error);
  if (parsed.status === null) return { message: 'Unable to reach the server. Check your connection and try again.', linkInvalid: false };
  const tokenError = parsed.errors.token;
  const linkInvalid = Boolean(tokenError) || parsed.message === INVALID_LINK_MESSAGE;
  if (linkInvalid) return { message: tokenError ?? parsed.message ?? INVALID_LINK_MESSAGE, linkInvalid: true };
  const password = parsed.errors.password;
  if (password) return { message: 'Please correct the highlighted field.', password, linkInvalid: false };
  return { message: parsed.message ?? 'Your password could not be set. Please try again.', linkInvalid: false };
}
