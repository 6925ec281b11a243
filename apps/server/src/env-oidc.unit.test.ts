import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const AUTH_SECRET = 'x'.repeat(32);
const full = {
  AUTH_SECRET,
  OIDC_ISSUER: 'https://keycloak.example.com/realms/example/',
  OIDC_CLIENT_ID: 'summy',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('OpenID Connect settings', () => {
  it('are off without any of them', () => {
    expect(loadEnv({ AUTH_SECRET }).oidc).toBeUndefined();
  });

  it('take the defaults: any domain, openid email profile, the generic button label', () => {
    expect(loadEnv(full).oidc).toEqual({
      issuer: 'https://keycloak.example.com/realms/example',
      clientId: 'summy',
      clientSecret: 'secret',
      buttonLabel: 'Continue with single sign-on',
      allowedDomains: [],
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('read the label, the allowed domains (lower case, no @) and the scopes', () => {
    const oidc = loadEnv({
      ...full,
      OIDC_NAME: 'Continue with Authentik',
      OIDC_ALLOWED_DOMAINS: 'Example.com, @example.org',
      OIDC_SCOPES: 'openid email groups',
    }).oidc;
    expect(oidc).toMatchObject({
      buttonLabel: 'Continue with Authentik',
      allowedDomains: ['example.com', 'example.org'],
      scopes: ['openid', 'email', 'groups'],
    });
  });

  it.each([
    [{ OIDC_CLIENT_SECRET: undefined }, /Missing backend configuration: OIDC_CLIENT_SECRET/],
    [
      { OIDC_ISSUER: undefined, OIDC_CLIENT_ID: undefined },
      /Missing backend configuration: OIDC_ISSUER, OIDC_CLIENT_ID \(OpenID Connect sign-in needs all/,
    ],
    [{ OIDC_ISSUER: 'http://sso.example.com' }, /OIDC_ISSUER must be an https URL/],
    [{ OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER must be an https URL/],
    [{ OIDC_SCOPES: 'email profile' }, /OIDC_SCOPES must include openid/],
    [{ OIDC_ALLOWED_DOMAINS: 'example.com, not a domain' }, /OIDC_ALLOWED_DOMAINS must be/],
  ])('refuse %o', (change, message) => {
    expect(() => loadEnv({ ...full, ...change })).toThrow(message);
  });

  it('accept plain http on a loopback issuer (the fake)', () => {
    expect(loadEnv({ ...full, OIDC_ISSUER: 'http://127.0.0.1:7314/realms/x' }).oidc?.issuer).toBe(
      'http://127.0.0.1:7314/realms/x',
    );
  });
});
