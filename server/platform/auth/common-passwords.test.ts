import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, NewPasswordField } from '../../../domain/accounts/schemas';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('refuses the list (any letter case) and one repeated character; keeps ordinary passphrases', () => {
    for (const p of ['12345678', 'password', 'PASSWORD', 'Password1', '        ', 'aaaaaaaa', 'qwerty123', 'sunshine', 'iloveyou']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['correct horse battery', 'password-123', 'nora-drives-safely', 'Tr0ub4dor&3-x']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });

  it('the domain schema gives the same message for the most common ones, without the list', () => {
    const r = NewPasswordField.safeParse('12345678');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(NewPasswordField.safeParse('        ').error?.issues[0].message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(NewPasswordField.safeParse('correct horse battery').success).toBe(true);
  });
});
