import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE, isObviouslyCommonPassword } from '../../../domain/accounts/schemas';
import { HttpError } from '../errors';

let common: Set<string> | undefined;

/**
 * True for a password on zxcvbn-ts's list of common passwords (about 50,000, lower case), in any letter case, or one
 * the domain rule already refuses. Server side only: the list never reaches the client bundle.
 */
export function isCommonPassword(password: string): boolean {
  if (isObviouslyCommonPassword(password)) return true;
  common ??= new Set(dictionary['passwords-common'] as string[]);
  const lower = password.toLowerCase();
  return common.has(lower) || common.has(lower.trim());
}

/** 400 with the domain's message on `password` when it is common. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, `Validation failed: ${COMMON_PASSWORD_MESSAGE}`, { password: COMMON_PASSWORD_MESSAGE });
}
