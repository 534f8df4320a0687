import { apiPost } from '@client/lib/api';
import { NewPasswordFormSchema, passwordLinkFailure, type NewPasswordForm, type PasswordLinkFailure } from './password-link';

export { tokenFromSearch } from './password-link';

/** The server's answer for a token that is unknown, expired or already used. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired';

/** The set-password form is the shared new-password form. */
export const SetPasswordFormSchema = NewPasswordFormSchema;
export type SetPasswordForm = NewPasswordForm;

/** POST /api/auth/set-password: 200 {ok: true}, or 400 {message, errors: {token | password}}. */
export function setPassword(token: string, password: string) {
  return apiPost('/api/auth/set-password', { body: { token, password } });
}

export type SetPasswordFailure = PasswordLinkFailure;

/** A failed set-password call in the customer's words, split into what goes where. */
export function setPasswordFailure(error: unknown): SetPasswordFailure {
  return passwordLinkFailure(error, { invalidMessage: INVALID_LINK_MESSAGE, fallback: 'Your password could not be set. Please try again.' });
}
