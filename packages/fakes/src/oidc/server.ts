/**
 * A loopback OpenID Connect issuer for tests, e2e and local trials: any provider Summy's
 * "OpenID Connect" sign-in may meet (Authentik, Keycloak...), reduced to the authorization code
 * flow. The issuer URL's path is configurable (`/realms/summy` as Keycloak's,
 * `/application/o/summy` as Authentik's), so is every user's `email`, `email_verified` and `name`;
 * a test can make the next token answer replay the previous ID token (nonce and all).
 *
 * | path (under the issuer) | |
 * | --- | --- |
 * | GET /.well-known/openid-configuration | discovery |
 * | GET /jwks | the RS256 signing key |
 * | GET /authorize | signs in `login_hint` at once; else a page listing the users |
 * | POST /token | code (+ PKCE) for access and ID tokens; client_secret_post or _basic |
 * | GET, POST /userinfo | the user's claims for a bearer access token |
 */
import { Hono } from 'hono';
import { serveOnLoopback } from '../serve-hono.ts';
import { registerOidcRoutes, type OidcState } from './routes.ts';
import { SigningKey } from './signing-key.ts';
import {
  DEFAULT_FAKE_OIDC_CLIENT,
  DEFAULT_FAKE_OIDC_USERS,
  type FakeOidcClient,
  type FakeOidcUser,
} from './types.ts';

/** Options of {@link startFakeOidc}. */
export interface FakeOidcOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The issuer URL's path, e.g. '/realms/summy'; default '' (the origin is the issuer). */
  issuerPath?: string;
  /** Registered clients; default {@link DEFAULT_FAKE_OIDC_CLIENT}. */
  clients?: FakeOidcClient[];
  /** Users; default {@link DEFAULT_FAKE_OIDC_USERS}. */
  users?: FakeOidcUser[];
  /** The fake's clock (`iat`, `exp`); default real time. */
  now?: () => Date;
}

/** A running issuer with its test controls. */
export interface FakeOidc {
  /** The issuer URL (origin + path), no trailing slash: what OIDC_ISSUER is set to. */
  issuer: string;
  port: number;
  clients: FakeOidcClient[];
  /** The users, live: change one's claims in place or with {@link FakeOidc.setUser}. */
  users: FakeOidcUser[];
  /** Adds a user, or replaces the one with the same e-mail. */
  setUser(user: FakeOidcUser): void;
  /**
   * Makes the next token answer carry the previous ID token again, as an attacker replaying a
   * captured token would; a relying party must refuse it (its nonce is the old sign-in's).
   * @throws when no ID token was issued yet
   */
  replayPreviousIdToken(): void;
  close(): Promise<void>;
}

/**
 * Starts the issuer on 127.0.0.1.
 * @throws when the port is taken
 */
export async function startFakeOidc(options: FakeOidcOptions = {}): Promise<FakeOidc> {
  const path = (options.issuerPath ?? '').replace(/\/+$/, '');
  const state: OidcState = {
    issuer: '',
    key: await SigningKey.create(),
    clients: options.clients ?? [DEFAULT_FAKE_OIDC_CLIENT],
    users: (options.users ?? DEFAULT_FAKE_OIDC_USERS).map((u) => ({ ...u })),
    now: options.now ?? (() => new Date()),
    codes: new Map(),
    accessTokens: new Map(),
    lastIdToken: undefined,
    replayNext: false,
  };
  const app = new Hono();
  registerOidcRoutes(app, path, state);
  const server = await serveOnLoopback(app.fetch, options.port ?? 0);
  state.issuer = `${server.url}${path}`;
  return {
    issuer: state.issuer,
    port: server.port,
    clients: state.clients,
    users: state.users,
    setUser(user) {
      const at = state.users.findIndex((u) => u.email === user.email);
      if (at >= 0) state.users[at] = user;
      else state.users.push(user);
    },
    replayPreviousIdToken() {
      if (!state.lastIdToken) throw new Error('The fake issued no ID token yet');
      state.replayNext = true;
    },
    close: () => server.close(),
  };
}
