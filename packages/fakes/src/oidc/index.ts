/**
 * A loopback OpenID Connect issuer (discovery, JWKS, authorization code with PKCE, userinfo) with
 * configurable issuer path, users and claims, for tests of "sign in with any provider". See
 * server.ts for the paths.
 */
export { startFakeOidc, type FakeOidc, type FakeOidcOptions } from './server.ts';
export { SigningKey, accessTokenHash, pkceMatches } from './signing-key.ts';
export {
  DEFAULT_FAKE_OIDC_CLIENT,
  DEFAULT_FAKE_OIDC_USERS,
  type FakeOidcClient,
  type FakeOidcUser,
} from './types.ts';
