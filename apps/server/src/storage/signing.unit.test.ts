/** Signed URLs of local storage: HMAC-SHA256 over key and expiry (1 hour). */
import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signing.ts';

const signer = createUrlSigner('test-secret-test-secret-test-secret-0123');
const key = 'user1/1732150000000-meeting-audio.wav';
const now = 1_732_150_000;

describe('URL signer', () => {
  it('verifies its own signature until the expiry second, inclusive', () => {
    const sig = signer.sign(key, now + 3600);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(key, String(now + 3600), sig, now)).toBe(true);
    expect(signer.verify(key, String(now + 3600), sig, now + 3600)).toBe(true);
    expect(signer.verify(key, String(now + 3600), sig, now + 3601)).toBe(false);
  });

  it('is deterministic and bound to the secret', () => {
    expect(signer.sign(key, now)).toBe(signer.sign(key, now));
    const other = createUrlSigner('another-secret-another-secret-another');
    expect(other.verify(key, String(now + 60), signer.sign(key, now + 60), now)).toBe(false);
  });

  it('refuses a tampered key, expiry or signature', () => {
    const sig = signer.sign(key, now + 3600);
    expect(
      signer.verify('user2/1732150000000-meeting-audio.wav', String(now + 3600), sig, now),
    ).toBe(false);
    expect(signer.verify(key, String(now + 7200), sig, now)).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(signer.verify(key, String(now + 3600), flipped, now)).toBe(false);
  });

  it('refuses malformed input without throwing', () => {
    const sig = signer.sign(key, now + 3600);
    expect(signer.verify(key, '', sig, now)).toBe(false);
    expect(signer.verify(key, '1e12', sig, now)).toBe(false);
    expect(signer.verify(key, String(now + 3600), '', now)).toBe(false);
    expect(signer.verify(key, String(now + 3600), sig + 'A', now)).toBe(false);
    expect(signer.verify(key, String(now + 3600), sig.replace(/./g, '*'), now)).toBe(false);
  });

  it('refuses an empty secret', () => {
    expect(() => createUrlSigner('')).toThrow();
  });
});
