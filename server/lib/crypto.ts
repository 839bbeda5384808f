import { createHmac, hash as digest, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the library exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (OWASP's first choice). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against a real hash when the e-mail is unknown keeps sign-in time the same either way.
const dummyHash = hashPassword('not-a-real-password-1A!');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

/** 256 random bits, URL-safe: session tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One call, no Hash object: it runs on every request (the session token), and costs a third of createHash's. */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

/** A six-digit e-mail code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes are stored as an HMAC under the server's code key, bound to their e-mail and purpose: a million codes
 * are tried in a moment, so a plain hash in a leaked row would give the code away; without the key it gives nothing.
 */
export function hashCode(key: Buffer, email: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${email}\n${purpose}\n${code}`).digest('hex');
}
