/**
 * The RS256 key an OpenID Connect fake signs ID tokens with, served as its JWKS; shared by the
 * generic issuer (server.ts) and the Google fake.
 */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** What every ID token carries besides its claims. */
export interface IdTokenFrame {
  issuer: string;
  /** The client id (`aud`). */
  audience: string;
  subject: string;
  /** The fake's clock, epoch ms (`iat`; `exp` is an hour later). */
  nowMs: number;
}

/** A fresh RS256 key pair: sign with {@link SigningKey.sign}, publish {@link SigningKey.jwk}. */
export class SigningKey {
  private constructor(
    private readonly privateKey: CryptoKey,
    /** The public key as served at the JWKS (`kid` derived from the key, `alg` RS256). */
    readonly jwk: JWK,
  ) {}

  /** Generates the key pair. */
  static async create(): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = createHash('sha256').update(jwk.n!).digest('hex').slice(0, 40);
    return new SigningKey(privateKey, { ...jwk, kid, alg: 'RS256', use: 'sig' });
  }

  /** Signs an ID token (RS256, valid one hour) with `claims` inside `frame`. */
  async sign(claims: Record<string, unknown>, frame: IdTokenFrame): Promise<string> {
    const iat = Math.floor(frame.nowMs / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.jwk.kid!, typ: 'JWT' })
      .setIssuer(frame.issuer)
      .setAudience(frame.audience)
      .setSubject(frame.subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(this.privateKey);
  }
}

/** The `at_hash` claim of an access token (left half of its SHA-256, base64url; RS256). */
export function accessTokenHash(accessToken: string): string {
  const hash = createHash('sha256').update(accessToken).digest();
  return hash.subarray(0, hash.length / 2).toString('base64url');
}

/** Checks a PKCE verifier against the challenge of its code (RFC 7636). */
export function pkceMatches(
  verifier: string,
  challenge: string,
  method: 'S256' | 'plain',
): boolean {
  const derived =
    method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return derived === challenge;
}
