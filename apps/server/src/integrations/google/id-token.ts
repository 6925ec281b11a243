/**
 * The claims of a Google id_token that Summy reads (OpenID Connect Core 2 and Google's "Obtain
 * user information from the ID token": email, name, picture, and `hd`, the hosted domain of a
 * Workspace account, absent for consumer accounts).
 */
import { idTokenClaims } from './answers.ts';

/** The claims read; each may be missing. */
export interface GoogleIdTokenClaims {
  email?: string;
  name?: string;
  picture?: string;
  /** The Workspace domain of the account; Google leaves it out for consumer (gmail.com) accounts. */
  hd?: string;
}

/**
 * The payload of an id_token, or `{}` when there is none or it cannot be read. No signature check:
 * the token came straight from Google's token endpoint over TLS, in Summy's own request (OpenID
 * Connect Core 3.1.3.7 allows this for the code flow), and was stored by Better Auth since.
 */
export function googleIdTokenClaims(idToken: string | null | undefined): GoogleIdTokenClaims {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const read = idTokenClaims.safeParse(claims);
    return read.success ? read.data : {};
  } catch {
    return {};
  }
}
