/** The users and clients of the generic OpenID Connect fake. */

/** A user the fake can sign in; its claims go into ID tokens and userinfo as they are. */
export interface FakeOidcUser {
  /** Stable subject (`sub`). */
  sub: string;
  email: string;
  /** The `email_verified` claim; an issuer that never checked the address says false. */
  emailVerified: boolean;
  /** The `name` claim. */
  name: string;
}

/** A registered client. `redirectUris` empty or absent: any absolute URL is accepted. */
export interface FakeOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

/** The client the fake registers unless told otherwise. */
export const DEFAULT_FAKE_OIDC_CLIENT: FakeOidcClient = {
  clientId: 'summy',
  clientSecret: 'summy-fake-oidc-secret',
};

/** The users the fake signs in unless told otherwise: one verified, one not, another domain. */
export const DEFAULT_FAKE_OIDC_USERS: readonly FakeOidcUser[] = [
  { sub: 'u-ada', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' },
  { sub: 'u-eve', email: 'eve@example.com', emailVerified: false, name: 'Eve Unverified' },
  { sub: 'u-mal', email: 'mal@elsewhere.test', emailVerified: true, name: 'Mal Elsewhere' },
];
