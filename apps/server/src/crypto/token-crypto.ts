/**
 * At-rest encryption of the secrets Summy stores: OAuth tokens (Google, Linear), CalDAV passwords
 * and webhook signing secrets. It sits below every layer so the integrations and services that
 * store secrets share one key and one format without importing each other.
 */
import { decryptOAuthToken, setTokenUtil } from 'better-auth/oauth2';
import type { Auth } from '../auth.ts';

/** Encrypts and decrypts one stored secret (strings in, strings out). */
export interface TokenCrypto {
  /** The stored form of `token`; the token itself when Better Auth's encryption is off. */
  encrypt(token: string): Promise<string>;
  /** The secret of a stored form `encrypt` wrote (or Better Auth wrote). */
  decrypt(stored: string): Promise<string>;
}

/**
 * Better Auth's own token encryption (`encryptOAuthTokens`, keyed by AUTH_SECRET), so rows Summy
 * writes read back through Better Auth and the reverse.
 */
export async function tokenCrypto(auth: Auth): Promise<TokenCrypto> {
  // The instance's context is the AuthContext these take; its generic options type differs only.
  const ctx = (await auth.$context) as unknown as Parameters<typeof decryptOAuthToken>[1];
  return {
    encrypt: async (token: string) => (await setTokenUtil(token, ctx)) ?? token,
    decrypt: async (stored: string) => decryptOAuthToken(stored, ctx),
  };
}
