import type { MailPreferences } from '@domain/notifications/schemas';
import { apiKey, apiPatch } from '@client/lib/api';

export const MAIL_PREFERENCES_KEY = apiKey('/api/account/preferences');

/**
 * The server stores an opt-out (so a missing row means 'send'); the page asks the positive question,
 * 'Send me non-essential e-mail', so the two are each other's inverse.
 */
export function wantsOptionalMail(preferences: MailPreferences): boolean {
  return !preferences.emailOptOut;
}

export function preferencesFor(wantsMail: boolean): MailPreferences {
  return { emailOptOut: !wantsMail };
}

/** PATCH /api/account/preferences {emailOptOut} -> {emailOptOut}. */
export function saveMailPreferences(preferences: MailPreferences): Promise<MailPreferences> {
  return apiPatch('/api/account/preferences', { body: preferences });
}
