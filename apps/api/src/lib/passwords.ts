import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify, type Options } from '@node-rs/argon2';

// Top of the SecLists "10 million passwords" list (MIT), lower-cased, 8 to 128 characters:
// shorter ones are already refused by the length rule.
const common = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .filter(Boolean),
);

export const commonPasswordCount = common.size;

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). Algorithm.Argon2id is an ambient
// const enum, which isolated modules cannot read: its value is 2.
const options: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * The password_hash of an account made without a password (an admin's import, docs/bulk-enrolment.md): no
 * password matches it, until the owner sets one through the mailed invitation (or a password reset).
 */
export const NO_PASSWORD = '!none';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Checked against the dummy as an unknown email is, so the time does not tell that the account has no password.
  if (passwordHash === NO_PASSWORD) return verify(await dummyPasswordHash(), password).then(() => false, () => false);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('nibras-dummy-password-for-timing');
  return dummyHash;
}
