/**
 * Per-seat credentials. Opening a table gives each seat a bearer token of 256 random bits; the store keeps
 * only its SHA-256. A token has as much entropy as a key, so a fast hash is enough (there is nothing to
 * guess from a dump); a stolen copy of the database or of a backup lets no one play. A request's token
 * is hashed and compared with the table's four hashes in constant time.
 *
 * @module
 */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BySeat, Seat } from 'whist';

const SEAT_ORDER: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** A token is 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new token: 256 bits from the operating system's CSPRNG. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new table id: 128 random bits in base64url (22 characters). Ids are not secrets, but unguessable ones list nothing. */
export function newTableId(): string {
  return randomBytes(16).toString('base64url');
}

/** A table id as the routes accept it. */
export const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an `Authorization: Bearer …` header, or `null` when it is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const token = m?.[1];
  return token !== undefined && TOKEN.test(token) ? token : null;
}

/** Whether a string has the shape of a token (for a token given in a query string). */
export function isTokenShaped(value: string | null): value is string {
  return value !== null && TOKEN.test(value);
}

/**
 * The seat whose stored hash matches a token's hash, or `null`. All four hashes are compared, each in
 * constant time, whatever matches first.
 */
export function seatOfToken(hashes: BySeat<string>, tokenHash: string): Seat | null {
  const given = Buffer.from(tokenHash, 'hex');
  let found: Seat | null = null;
  for (const seat of SEAT_ORDER) {
    const stored = Buffer.from(hashes[seat], 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given) && found === null) found = seat;
  }
  return found;
}

/** Whether a token's hash is the stored one, compared in constant time. */
export function sameHash(stored: string, tokenHash: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(tokenHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
