/**
 * Making and checking personal API keys: `summy_` and 32 random bytes in base64url (43
 * characters), stored as their SHA-256. Same shape as GitHub's and Stripe's prefixed tokens, so
 * secret scanners can find a leaked one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey } from '@summy/core';
import type { apiKeys } from '@summy/db';

/** A new key and what is stored of it. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 12) };
}

/** Hex SHA-256 of a key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True when `value` has the shape of a key (checked before any database lookup). */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && /^summy_[A-Za-z0-9_-]{43}$/.test(value);
}

/** A stored key row as listed. */
export function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
