import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '@domain/notifications/schemas';
import { apiPost, parseApiError } from '@client/lib/api';
import { passwordLinkFailure, type PasswordLinkFailure } from './password-link';

/**
 * POST /api/auth/forgot-password: 202 {message} whether or not the address has an account (so the answer cannot
 * be used to find out who is registered), 429 when asked too often, 400 {errors: {email}} for a malformed address.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiPost('/api/auth/forgot-password', { body: { email } });
  return neutralAnswer(answer);
}

/** The server's neutral answer, or the agreed text when the body lacks one (never a guess about the account). */
export function neutralAnswer(answer: { message?: unknown } | null): string {
  return typeof answer?.message === 'string' && answer.message.trim() ? answer.message : FORGOT_PASSWORD_ANSWER;
}

export type ForgotPasswordFailure = { message: string; email?: string };

/** A refused forgot-password request: a rate limit or other refusal as the server words it, a bad address inline. */
export function forgotPasswordFailure(error: unknown): ForgotPasswordFailure {
  const parsed = parseApiError(error);
  if (parsed.status === null) return { message: 'Unable to reach the server. Check your connection and try again.' };
  if (parsed.errors.email) return { message: 'Please correct the highlighted field.', email: parsed.errors.email };
  if (parsed.status === 429) return { message: parsed.message ?? 'Too many requests. Please wait a few minutes and try again.' };
  return { message: parsed.message ?? 'We could not send the reset link. Please try again.' };
}

/** POST /api/auth/reset-password: 200 {ok: true}; 400 {message, errors: {token | password}}. Ends the user's sessions. */
export function resetPassword(token: string, password: string) {
  return apiPost('/api/auth/reset-password', { body: { token, password } });
}

/** A failed reset: a dead link (expired, used, unknown) gives way to 'ask for a new one'; a bad password goes inline. */
export function resetPasswordFailure(error: unknown): PasswordLinkFailure {
  return passwordLinkFailure(error, { invalidMessage: RESET_LINK_INVALID, fallback: 'Your password could not be reset. Please try again.' });
}
