import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_REQUIRED, SIGN_IN_LINK_SENT } from '@domain/accounts/schemas';
import { ApiError, parseApiError } from '@client/lib/api';

/**
 * Issue 27: while an account is slowed down after many failed sign-ins, POST /api/auth/login answers a browser the
 * account does not know with 429 `{message, code: 'email_link_required'}` and mails a one-time sign-in link
 * (`/login/link?token=...`). Returns the message to show when `error` is that answer, else null.
 */
export function signInLinkSent(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  try {
    const body = JSON.parse(error.body) as { code?: unknown; message?: unknown };
    if (body.code !== SIGN_IN_LINK_REQUIRED) return null;
    return typeof body.message === 'string' && body.message.trim() ? body.message : SIGN_IN_LINK_SENT;
  } catch {
    return null;
  }
}

/** A refused link (POST /api/auth/login/link) in the customer's words. */
export function signInLinkFailure(error: unknown): string {
  const parsed = parseApiError(error);
  if (parsed.status === null) return 'Unable to reach the server. Check your connection and try again.';
  return parsed.errors.token ?? parsed.message ?? SIGN_IN_LINK_INVALID;
}
