import { createHmac, hash as digest, randomBytes, randomInt, randomUUID } from 'node:crypto';
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

/**
 * A time-ordered UUID (version 7, RFC 9562): the time in Unix milliseconds, then 74 random bits. A table that gains
 * rows all day keys them in the order they come, so each insert lands on the primary key's last page, which stays
 * in memory; a random id lands on any page of an index that grows by gigabytes a year, read and written back whole.
 */
export function timeOrderedUuid(at: number): string {
  const ms = Math.max(0, Math.floor(at)).toString(16).padStart(12, '0').slice(-12);
  // A version-4 id's random bits (from the same pooled generator) after its first 48 bits, version 4 made 7.
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${randomUUID().slice(15)}`;
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
