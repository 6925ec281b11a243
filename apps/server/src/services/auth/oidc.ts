/**
 * Sign-in with any OpenID Connect provider (Authentik, Keycloak...): Better Auth's generic OAuth
 * provider `oidc`, configured by discovery, with PKCE, ID tokens verified against the issuer's
 * keys and bound to the sign-in by their nonce; and Summy's gate on who it lets in: a verified
 * e-mail address of an allowed domain (docs/decisions/076-openid-connect-sign-in.md). SIGNUP
 * applies to new users as to every sign-up (auth.ts).
 */
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { OidcSettings } from '../../env.ts';

/** Better Auth's provider id (`account.provider_id`; the callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = 'oidc';

/** Why an OpenID Connect sign-in was refused: Better Auth's error `code` and a sentence. */
export interface OidcRefusal {
  error: 'OIDC_EMAIL_NOT_VERIFIED' | 'OIDC_DOMAIN_NOT_ALLOWED';
  errorDescription: string;
}

/** The sentence of an address the provider did not vouch for. */
export const OIDC_EMAIL_NOT_VERIFIED_MESSAGE =
  'Your identity provider has not verified this e-mail address. Verify it there, then sign in again.';
/** The sentence of an address outside OIDC_ALLOWED_DOMAINS. */
export const OIDC_DOMAIN_NOT_ALLOWED_MESSAGE =
  "This server does not accept sign-in with this e-mail address's domain. Ask its administrator.";

/** The provider for Better Auth's genericOAuth plugin. */
export function oidcProvider(oidc: OidcSettings): GenericOAuthConfig {
  return {
    providerId: OIDC_PROVIDER_ID,
    name: oidc.buttonLabel,
    discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
    // Without the issuer's keys Better Auth would accept ID tokens unverified: skip the provider
    // instead (its sign-in then answers "provider not found" until a restart reaches the issuer).
    requireIdTokenVerification: true,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: oidc.scopes,
    pkce: true,
  };
}

/**
 * Summy's gate on an OpenID Connect identity, at every step Better Auth validates (a new user, a
 * link to an existing one, a returning sign-in with fresh claims): the provider must say the
 * e-mail is verified (`email_verified` in the ID token or userinfo), and its domain must be
 * allowed.
 * @param email the address Better Auth is about to use
 * @param profile the provider's raw claims
 * @returns undefined when allowed, else the refusal
 */
export function checkOidcIdentity(
  oidc: OidcSettings,
  email: unknown,
  profile: Record<string, unknown> | undefined,
): OidcRefusal | undefined {
  const verified = profile?.email_verified;
  if (verified !== true && verified !== 'true')
    return { error: 'OIDC_EMAIL_NOT_VERIFIED', errorDescription: OIDC_EMAIL_NOT_VERIFIED_MESSAGE };
  const domain = typeof email === 'string' ? email.toLowerCase().split('@').pop() : undefined;
  if (oidc.allowedDomains.length > 0 && !oidc.allowedDomains.includes(domain ?? ''))
    return { error: 'OIDC_DOMAIN_NOT_ALLOWED', errorDescription: OIDC_DOMAIN_NOT_ALLOWED_MESSAGE };
  return undefined;
}

/** What {@link oidcReady} reads of the Better Auth instance. */
interface AuthWithProviders {
  $context: Promise<{ socialProviders: ReadonlyArray<{ id: string }> }>;
}

/**
 * Whether Better Auth registered the provider: discovery reached the issuer and found its keys
 * when Better Auth started. Until then (or when it failed) the sign-in screen offers no button.
 */
export async function oidcReady(auth: AuthWithProviders): Promise<boolean> {
  const { socialProviders } = await auth.$context;
  return (await socialProviders).some((p) => p.id === OIDC_PROVIDER_ID);
}
