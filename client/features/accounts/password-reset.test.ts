import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '@domain/notifications/schemas';
import { ApiError } from '@client/lib/api';
import { forgotPasswordFailure, neutralAnswer, resetPasswordFailure } from './password-reset';
import { preferencesFor, wantsOptionalMail } from './mail-preferences';

const refused = (status: number, body: unknown) => new ApiError(status, 'Refused', JSON.stringify(body));

describe('forgot password', () => {
  it("shows the server's neutral answer, or the agreed text when the body has none", () => {
    expect(neutralAnswer({ message: 'Check your inbox.' })).toBe('Check your inbox.');
    expect(neutralAnswer(null)).toBe(FORGOT_PASSWORD_ANSWER);
    expect(neutralAnswer({ message: '  ' })).toBe(FORGOT_PASSWORD_ANSWER);
    expect(neutralAnswer({ message: 42 })).toBe(FORGOT_PASSWORD_ANSWER);
  });

  it("passes on the rate limit in the server's words and puts a bad address on the field", () => {
    expect(forgotPasswordFailure(refused(429, { message: 'Too many requests, try again in 15 minutes' }))).toEqual({
      message: 'Too many requests, try again in 15 minutes',
    });
    expect(forgotPasswordFailure(refused(429, {})).message).toMatch(/Too many requests/);
    expect(forgotPasswordFailure(refused(400, { message: 'Validation failed', errors: { email: 'Please enter a valid email address' } }))).toEqual({
      message: 'Please correct the highlighted field.',
      email: 'Please enter a valid email address',
    });
    expect(forgotPasswordFailure(new TypeError('Failed to fetch')).message).toMatch(/Unable to reach the server/);
  });
});

describe('reset password', () => {
  it('treats a refused token as a dead link with the server text', () => {
    expect(resetPasswordFailure(refused(400, { message: RESET_LINK_INVALID, errors: { token: RESET_LINK_INVALID } }))).toEqual({
      message: RESET_LINK_INVALID,
      linkInvalid: true,
    });
    expect(resetPasswordFailure(refused(400, { message: RESET_LINK_INVALID })).linkInvalid).toBe(true);
  });

  it('puts a password error on the field and keeps the link', () => {
    expect(resetPasswordFailure(refused(400, { message: 'Validation failed', errors: { password: 'Password must be at least 8 characters' } }))).toEqual({
      message: 'Please correct the highlighted field.',
      password: 'Password must be at least 8 characters',
      linkInvalid: false,
    });
    expect(resetPasswordFailure(refused(500, 'not json'))).toEqual({ message: 'Your password could not be reset. Please try again.', linkInvalid: false });
  });
});

describe('mail preferences', () => {
  it('asks the positive question over the stored opt-out', () => {
    expect(wantsOptionalMail({ emailOptOut: false })).toBe(true);
    expect(wantsOptionalMail({ emailOptOut: true })).toBe(false);
    expect(preferencesFor(true)).toEqual({ emailOptOut: false });
    expect(preferencesFor(false)).toEqual({ emailOptOut: true });
  });
});
