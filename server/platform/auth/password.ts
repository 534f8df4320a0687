import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;

/** OWASP argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the result embeds its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Passwords this process has checked (every call of verifyPassword, the dummy checks of unknown accounts included):
 * what the sign-in throttle's limits bound, counted so tests can assert them (issue 27).
 */
export const passwordChecks = { count: 0 };

/** Checks a password against a stored hash; false on any mismatch or malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordChecks.count += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash to verify against when the account does not exist, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
