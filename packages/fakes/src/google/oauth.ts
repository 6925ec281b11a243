/**
 * OAuth 2.0 / OpenID Connect state of the Google fake: clients, authorization codes, access and
 * refresh tokens, consent grants and the RS256 signing key. Behaviour follows Google's
 * (https://developers.google.com/identity/protocols/oauth2/web-server and
 * https://developers.google.com/identity/openid-connect/openid-connect): refresh tokens are issued
 * on an offline request's first consent or with `prompt=consent`, kept across refreshes, and die
 * with the grant when any of its tokens is revoked.
 */
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import { accessTokenHash, SigningKey } from '../oidc/signing-key.ts';
import type { FakeGoogleAccount } from './types.ts';

export { pkceMatches } from '../oidc/signing-key.ts';

/** Google's full scope URL prefix; `email` and `profile` are short for its userinfo scopes. */
export const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

/** Expands the short names Google accepts, as its token answers do (`email` → `…/userinfo.email`). */
export function normalizeScopes(scope: string): string[] {
  const short: Record<string, string> = {
    email: `${SCOPE_PREFIX}userinfo.email`,
    profile: `${SCOPE_PREFIX}userinfo.profile`,
  };
  return [
    ...new Set(
      scope
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((s) => short[s] ?? s),
    ),
  ];
}

/** A registered OAuth client. `redirectUris` empty means any absolute URL is accepted. */
export interface FakeGoogleClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

/** What an authorization code stands for until the token endpoint redeems it. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  issueRefreshToken: boolean;
  expiresAt: number;
}

/** A live access token. `expiresAt` is epoch ms. */
export interface AccessGrant {
  sub: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

/** A refresh token; `revoked` ones answer `invalid_grant`. */
export interface RefreshGrant {
  sub: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

const opaque = (prefix: string, bytes = 32) =>
  `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** The OAuth state and signing key of one fake. */
export class OAuthState {
  readonly codes = new Map<string, CodeGrant>();
  readonly accessTokens = new Map<string, AccessGrant & { refreshToken?: string }>();
  readonly refreshTokens = new Map<string, RefreshGrant>();
  /** Scopes consented per `${clientId} ${sub}`. */
  readonly consents = new Map<string, Set<string>>();

  private constructor(private readonly key: SigningKey) {}

  /** The public key as served at the JWKS. */
  get jwk(): JWK {
    return this.key.jwk;
  }

  /** Creates the state with a fresh RS256 key pair (the generic OIDC fake's {@link SigningKey}). */
  static async create(): Promise<OAuthState> {
    return new OAuthState(await SigningKey.create());
  }

  /** Stores a code grant for ten minutes (Google's codes are short-lived and single-use). */
  issueCode(grant: Omit<CodeGrant, 'expiresAt'>, nowMs: number): string {
    const code = opaque('4/0Afake', 24);
    this.codes.set(code, { ...grant, expiresAt: nowMs + 10 * 60_000 });
    return code;
  }

  /** A new access token for `lifetimeSeconds`. */
  issueAccessToken(
    grant: Omit<AccessGrant, 'expiresAt'>,
    nowMs: number,
    lifetimeSeconds: number,
    refreshToken?: string,
  ): string {
    const token = opaque('ya29.fake-');
    this.accessTokens.set(token, {
      ...grant,
      expiresAt: nowMs + lifetimeSeconds * 1000,
      ...(refreshToken ? { refreshToken } : {}),
    });
    return token;
  }

  /** A new refresh token for the grant. */
  issueRefreshToken(grant: Omit<RefreshGrant, 'revoked'>): string {
    const token = opaque('1//0fake-');
    this.refreshTokens.set(token, { ...grant, revoked: false });
    return token;
  }

  /** The live grant behind a bearer token, or undefined when unknown or expired. */
  accessGrant(token: string | undefined, nowMs: number): AccessGrant | undefined {
    const grant = token ? this.accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > nowMs ? grant : undefined;
  }

  /**
   * Revokes the whole grant behind `token` (access or refresh), as Google's revoke endpoint does.
   * @returns false when the token is unknown or already dead
   */
  revoke(token: string, nowMs: number): boolean {
    const refresh = this.refreshTokens.get(token);
    const access = this.accessTokens.get(token);
    const owner =
      refresh && !refresh.revoked
        ? refresh
        : access && access.expiresAt > nowMs
          ? access
          : undefined;
    if (!owner) return false;
    for (const r of this.refreshTokens.values()) {
      if (r.sub === owner.sub && r.clientId === owner.clientId) r.revoked = true;
    }
    for (const [t, a] of this.accessTokens) {
      if (a.sub === owner.sub && a.clientId === owner.clientId) this.accessTokens.delete(t);
    }
    this.consents.delete(`${owner.clientId} ${owner.sub}`);
    return true;
  }

  /** Signs an id_token (RS256, one hour) with the claims Google puts in one for these scopes. */
  async idToken(opts: {
    issuer: string;
    clientId: string;
    account: FakeGoogleAccount;
    scopes: string[];
    accessToken: string;
    nonce?: string;
    nowMs: number;
  }): Promise<string> {
    const { account, scopes } = opts;
    const claims: Record<string, unknown> = {
      azp: opts.clientId,
      at_hash: accessTokenHash(opts.accessToken),
      ...(account.hd ? { hd: account.hd } : {}),
      ...(opts.nonce ? { nonce: opts.nonce } : {}),
      ...(scopes.includes(`${SCOPE_PREFIX}userinfo.email`)
        ? { email: account.email, email_verified: true }
        : {}),
      ...(scopes.includes(`${SCOPE_PREFIX}userinfo.profile`)
        ? profileClaims(account, opts.issuer)
        : {}),
    };
    return this.key.sign(claims, {
      issuer: opts.issuer,
      audience: opts.clientId,
      subject: account.sub,
      nowMs: opts.nowMs,
    });
  }
}

/** The `profile` claims of an account (`picture` is served by the fake itself). */
export function profileClaims(account: FakeGoogleAccount, origin: string): Record<string, string> {
  return {
    name: account.name,
    given_name: account.givenName,
    family_name: account.familyName,
    picture: `${origin}/fake/photos/${account.sub}.svg`,
  };
}
