import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 30 ms on one core, which keeps a
 * stolen hash slow to attack and a login fast. Stored as a PHC string, so the parameters can be raised
 * later without breaking existing hashes (verify reads them from the string).
 */
const argon2id = 2 as Algorithm;
const hashOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const passwordMinLength = 10;
export const passwordMaxLength = 128;

/**
 * The policy's "more than one kind of character": lowercase, uppercase, digits and everything else are
 * four kinds, and a password made of one kind only is refused. The form's regex rule anchors it at both
 * ends (^(?:…)$) on the server and in the browser alike.
 */
export const passwordKindsPattern = '(?![a-z]*$)(?![A-Z]*$)(?![0-9]*$)(?![^a-zA-Z0-9]*$)[\\s\\S]*';

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

/** False for a wrong password and for a hash that cannot be read; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of a real verification when no account has the address, so the answer time of a
 * login does not tell which addresses are registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoy, password);
  return false;
}

/**
 * The one rule of the policy a form declaration cannot express: the password is not the account's
 * address, whatever its case. The register form's notequalto compares exactly, and the reset and change
 * forms hold no address; the length and kinds rules are the declarations' alone (server/accounts/forms.ts).
 */
export function passwordIsAddress(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
