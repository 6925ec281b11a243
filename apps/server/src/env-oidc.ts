/**
 * The OpenID Connect sign-in settings of the env schema (`loadEnv`): one identity provider found
 * by discovery at OIDC_ISSUER (auth-oidc.ts; docs/decisions/076-openid-connect-sign-in.md).
 */
import { z } from 'zod';

/** The OpenID Connect provider, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
export interface OidcSettings {
  /**
   * The issuer URL without trailing slash (`https://sso.example.com/realms/summy`); discovery is
   * read from `{issuer}/.well-known/openid-configuration`.
   */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The sign-in button's label (OIDC_NAME, default 'Continue with single sign-on'). */
  buttonLabel: string;
  /**
   * E-mail domains (lower case, no '@') whose users may sign in this way (OIDC_ALLOWED_DOMAINS,
   * comma-separated); empty: any.
   */
  allowedDomains: string[];
  /** Scopes asked for (OIDC_SCOPES, space- or comma-separated; default openid email profile). */
  scopes: string[];
}

/** The label of the sign-in button without OIDC_NAME. */
export const DEFAULT_OIDC_BUTTON_LABEL = 'Continue with single sign-on';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// The ID tokens' keys come from here: plain http only where they cannot be tampered with in transit.
const issuerSetting = z
  .string()
  .trim()
  .refine((v) => {
    const u = URL.parse(v);
    return (
      u && (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname)))
    );
  }, 'OIDC_ISSUER must be an https URL (http only for localhost, 127.0.0.1 or [::1])');

const list = (v: string | undefined, separators: RegExp) =>
  (v ?? '')
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);

/** The settings' schema, by name, spread into the env schema. */
export const oidcSettingsShape = {
  OIDC_ISSUER: issuerSetting.optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60, 'OIDC_NAME must be at most 60 characters').optional(),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .refine(
      (v) => list(v, /,/).every((d) => /^@?[a-z0-9.-]+\.[a-z0-9-]+$/i.test(d)),
      'OIDC_ALLOWED_DOMAINS must be comma-separated domains, e.g. example.com,example.org',
    )
    .optional(),
  OIDC_SCOPES: z
    .string()
    .refine((v) => list(v, /[\s,]+/).includes('openid'), 'OIDC_SCOPES must include openid')
    .optional(),
};

type OidcValues = { [K in keyof typeof oidcSettingsShape]?: string | undefined };

/**
 * The validated values as {@link OidcSettings}, undefined when none of issuer, client id and
 * secret is set.
 * @returns a string naming what is missing when only some of the three are set
 */
export function oidcSettings(v: OidcValues): OidcSettings | undefined | string {
  const required = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const missing = required.filter((k) => !v[k]);
  if (missing.length === required.length) return undefined;
  if (missing.length > 0)
    return `${missing.join(', ')} (OpenID Connect sign-in needs all of ${required.join(', ')})`;
  return {
    issuer: v.OIDC_ISSUER!.replace(/\/+$/, ''),
    clientId: v.OIDC_CLIENT_ID!,
    clientSecret: v.OIDC_CLIENT_SECRET!,
    buttonLabel: v.OIDC_NAME ?? DEFAULT_OIDC_BUTTON_LABEL,
    allowedDomains: list(v.OIDC_ALLOWED_DOMAINS, /,/).map((d) => d.replace(/^@/, '').toLowerCase()),
    scopes: v.OIDC_SCOPES ? list(v.OIDC_SCOPES, /[\s,]+/) : ['openid', 'email', 'profile'],
  };
}
