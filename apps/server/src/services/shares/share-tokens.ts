/**
 * The secrets of share links: tokens (128 random bits in base64url, stored as their hex SHA-256)
 * and passwords (scrypt with a random salt, compared in constant time), and link expiry.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { ShareExpiry } from '@summy/core';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost (N = 2^14, r = 8, p = 1: about 16 MiB and tens of ms per hash). */
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** A new token (22 base64url characters, 128 bits) and its stored hash. */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: hashShareToken(token) };
}

/** Hex SHA-256 of a token, as stored in `meeting_shares.token_hash`. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when `value` has the shape of a token (checked before any database lookup). */
export function looksLikeShareToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/**
 * When a link made at `now` with `expiry` stops opening: null for 'never', else `now` plus 7 or
 * 30 days (of 24 hours).
 */
export function shareExpiresAt(expiry: ShareExpiry, now: Date = new Date()): Date | null {
  if (expiry === 'never') return null;
  const days = expiry === '7d' ? 7 : 30;
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

/** True while a link with `expiresAt` (null: never) still opens at `now`. */
export function shareIsLive(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64url) of a password. */
export async function hashSharePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  const { N, r, p } = SCRYPT;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored` ({@link hashSharePassword}); a malformed hash never matches. */
export async function verifySharePassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const key = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    options,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
