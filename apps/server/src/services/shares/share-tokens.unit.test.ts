/** Share link tokens, expiry and passwords. */
import { describe, expect, it } from 'vitest';
import {
  hashSharePassword,
  hashShareToken,
  looksLikeShareToken,
  newShareToken,
  shareExpiresAt,
  shareIsLive,
  verifySharePassword,
} from './share-tokens.ts';

describe('share tokens', () => {
  it('are 128 random bits in base64url, stored as their SHA-256', () => {
    const { token, hash } = newShareToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(hash).toBe(hashShareToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(looksLikeShareToken(token)).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newShareToken().token));
    expect(many.size).toBe(1000);
  });

  it('refuses shapes that are no token before any lookup', () => {
    for (const bad of ['', 'short', 'a'.repeat(23), 'a'.repeat(21) + '/', 'a'.repeat(21) + '=']) {
      expect(looksLikeShareToken(bad)).toBe(false);
    }
  });
});

describe('share expiry', () => {
  const now = new Date('2026-12-07T10:00:00Z');
  it('is never, or 7 or 30 days from the making', () => {
    expect(shareExpiresAt('never', now)).toBeNull();
    expect(shareExpiresAt('7d', now)?.toISOString()).toBe('2026-12-14T10:00:00.000Z');
    expect(shareExpiresAt('30d', now)?.toISOString()).toBe('2027-01-06T10:00:00.000Z');
  });
  it('ends at the instant of expiry', () => {
    const end = shareExpiresAt('7d', now)!;
    expect(shareIsLive(end, new Date(end.getTime() - 1))).toBe(true);
    expect(shareIsLive(end, end)).toBe(false);
    expect(shareIsLive(null, new Date('2200-01-01'))).toBe(true);
  });
});

describe('share passwords', () => {
  it('are salted scrypt hashes that only the password matches', async () => {
    const a = await hashSharePassword('open sesame');
    const b = await hashSharePassword('open sesame');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sesame');
    expect(await verifySharePassword('open sesame', a)).toBe(true);
    expect(await verifySharePassword('open sesame!', a)).toBe(false);
    expect(await verifySharePassword('', a)).toBe(false);
    expect(await verifySharePassword('open sesame', 'bcrypt$x')).toBe(false);
  });
});
