/**
 * Signed URLs of locally stored recordings. The URL itself is the authorization: whoever holds it
 * may read that one object until it expires, without a session, as an `<audio>` element must. The
 * signature is HMAC-SHA256 (RFC 2104) over the object key and the expiry, with a key derived from
 * AUTH_SECRET by HKDF (RFC 5869), so rotating AUTH_SECRET revokes every URL and the session secret
 * itself never signs anything but sessions.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** HKDF `info` naming this use of the secret; bump the version to revoke every signed URL. */
const KEY_INFO = 'summy storage signed url v1';

/** Checks and makes signatures of `(key, expires)` pairs. */
export interface UrlSigner {
  /**
   * The base64url HMAC-SHA256 signature of `key` valid until `expiresAtS`.
   * @param key object key in bucket 'recordings' (e.g. `{userId}/{timestamp}-meeting-audio.webm`)
   * @param expiresAtS expiry as a Unix time in seconds
   */
  sign(key: string, expiresAtS: number): string;
  /**
   * True when `signature` signs `key` and `expires`, and `expires` is not in the past at `nowS`.
   * Never throws: malformed input is simply invalid. Comparison is constant-time.
   * @param expires the `expires` query value as received (decimal Unix seconds)
   * @param nowS current Unix time in seconds (default: now)
   */
  verify(key: string, expires: string, signature: string, nowS?: number): boolean;
}

/**
 * Creates the signer for a secret (AUTH_SECRET).
 * @throws Error when `secret` is empty
 */
export function createUrlSigner(secret: string): UrlSigner {
  if (!secret) throw new Error('A signing secret is required');
  const hmacKey = Buffer.from(hkdfSync('sha256', secret, 'summy', KEY_INFO, 32));
  // The newline cannot occur in a key or a decimal number, so no two pairs share a message.
  const mac = (key: string, expires: string) =>
    createHmac('sha256', hmacKey).update(`${key}\n${expires}`).digest();

  return {
    sign(key, expiresAtS) {
      return mac(key, String(Math.floor(expiresAtS))).toString('base64url');
    },
    verify(key, expires, signature, nowS = Math.floor(Date.now() / 1000)) {
      if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      if (nowS > Number(expires)) return false;
      const expected = mac(key, expires);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
