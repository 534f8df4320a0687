import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '@domain/accounts/schemas';
import { ApiError } from '@client/lib/api';
import { INVALID_LINK_MESSAGE, SetPasswordFormSchema, setPasswordFailure, tokenFromSearch } from './set-password';

const bad = (status: number, body: unknown) => new ApiError(status, 'Bad Request', JSON.stringify(body));

describe('set-password form', () => {
  it('needs the minimum length and two matching entries', () => {
    const short = SetPasswordFormSchema.safeParse({ password: 'a'.repeat(PASSWORD_MIN - 1), confirm: 'a'.repeat(PASSWORD_MIN - 1) });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
    const mismatch = SetPasswordFormSchema.safeParse({ password: 'correct horse', confirm: 'correct house' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirm', 'Passwords do not match']]);
    expect(SetPasswordFormSchema.safeParse({ password: 'correct horse', confirm: 'correct horse' }).success).toBe(true);
  });
  it('reads the token from the link', () => {
    expect(tokenFromSearch(new URLSearchParams('token=abc123'))).toBe('abc123');
    expect(tokenFromSearch(new URLSearchParams('token=%20'))).toBeNull();
    expect(tokenFromSearch(new URLSearchParams(''))).toBeNull();
  });
});

describe('setPasswordFailure', () => {
  it('treats a refused token as an unusable link', () => {
    expect(setPasswordFailure(bad(400, { message: INVALID_LINK_MESSAGE, errors: { token: INVALID_LINK_MESSAGE } }))).toEqual({
      message: INVALID_LINK_MESSAGE,
      linkInvalid: true,
    });
    expect(setPasswordFailure(bad(400, { message: INVALID_LINK_MESSAGE })).linkInvalid).toBe(true);
  });
  it('puts a password error on the field', () => {
    const failure = setPasswordFailure(bad(400, { message: 'Validation failed', errors: { password: 'Password must be at least 8 characters' } }));
    expect(failure).toEqual({ message: 'Please correct the highlighted field.', password: 'Password must be at least 8 characters', linkInvalid: false });
  });
  it('explains network and other failures', () => {
    expect(setPasswordFailure(new TypeError('Failed to fetch')).message).toMatch(/Unable to reach the server/);
    expect(setPasswordFailure(bad(429, { message: 'Too many attempts' }))).toEqual({ message: 'Too many attempts', linkInvalid: false });
  });
});
