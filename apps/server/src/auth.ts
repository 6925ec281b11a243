/**
 * Better Auth, mounted at /api/auth/*: email and password always (Summy works offline), Google
 * OAuth when configured (scopes, offline access and forced consent as in
 * docs/product.md#sign-in-and-accounts), through the generic OAuth plugin so every Google URL comes
 * from settings (GOOGLE_BASE_URL; the built-in provider hard-codes its token URL). Several Google
 * accounts link to one user; their tokens are encrypted at rest
 * (docs/decisions/017-google-oauth-and-linked-accounts.md). Sessions are HTTP-only, SameSite=Lax
 * cookies; Better Auth rejects state-changing requests whose Origin is not trusted. The bearer
 * plugin also accepts `Authorization: Bearer <session token>` (the token comes in the
 * `set-auth-token` header of a sign-in), for clients without cookies such as scripts
 * calling /api/chat.
 *
 * Against password guessing and account enumeration
 * (docs/decisions/011-rate-limits-and-account-enumeration.md): Better Auth's rate limiter is on in
 * every environment with its state in the database, keyed by the client address Summy resolves
 * (http/client-address.ts); sign-up never signs in, so signing up an existing e-mail answers
 * exactly like a new one (Better Auth then hashes the password too and answers a stand-in user);
 * the client signs in next.
 *
 * Any OpenID Connect provider (OIDC_*) signs in too, gated by services/auth/oidc.ts: a verified
 * e-mail of an allowed domain (docs/decisions/076-openid-connect-sign-in.md).
 */
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import { account, rateLimit, session, user, verification, type Database } from '@summy/db';
import type { Env, GoogleSettings } from './env.ts';
import { checkOidcIdentity, OIDC_PROVIDER_ID, oidcProvider } from './services/auth/oidc.ts';
import { GOOGLE_PROVIDER_ID, GOOGLE_SCOPES } from './integrations/google/settings.ts';
import { BETTER_AUTH_RATE_LIMIT } from './services/auth/auth-options.ts';
import { CLIENT_ADDRESS_HEADER } from './services/auth/auth-options.ts';
import { trustedOrigins } from './services/auth/auth-options.ts';
import { roleOfNewUser, settleFirstAccount } from './services/auth/admins.ts';
import { checkSignup, getSignupMode, removeInvite } from './services/auth/signup-policy.ts';
import { ACCOUNT_DISABLED_MESSAGE, isDisabled } from './services/auth/disabled-accounts.ts';
import { recordGoogleAccount } from './services/google/record-google-account.ts';
import { log } from './log.ts';

/** What Summy does when Better Auth changes an account (set by server.ts once jobs run). */
export interface AuthHooks {
  /**
   * A Google account was linked, or signed in again with fresh tokens: the contacts sync runs
   * (docs/decisions/021-contacts-sync.md). Must not throw; failures are the caller's to log.
   */
  onGoogleConnected?: (userId: string) => void;
}

/**
 * OAuth tokens encrypted at rest; linking of Google accounts (several, any e-mail) and, on a
 * server with an OpenID Connect provider, of a provider's verified e-mail to the account of that
 * address (docs/decisions/076-openid-connect-sign-in.md).
 */
function accountOptions(env: Env) {
  return {
    encryptOAuthTokens: true,
    // Different e-mails: a user links work and personal Google accounts.
    // With OIDC configured, a sign-in with a provider's verified e-mail links to the account of
    // that address even when it was made with a password (Summy verifies no e-mail itself);
    // Better Auth links the untrusted OpenID Connect provider only when it says the e-mail is
    // verified. Without OIDC, Better Auth's default stands: no link to an unverified address.
    accountLinking: {
      enabled: true,
      allowDifferentEmails: true,
      trustedProviders: ['google'],
      requireLocalEmailVerified: !env.oidc,
    },
  } satisfies BetterAuthOptions['account'];
}

/** Builds the Better Auth instance over Summy's database. */
export function createAuth(env: Env, db: Database, hooks: AuthHooks = {}) {
  const { oidc } = env;
  return betterAuth({
    appName: 'Summy',
    // Better Auth's own messages become server log lines (JSON, with the request id) instead of
    // colored console output.
    logger: {
      log: (level, message, ...args: unknown[]) =>
        log[level](args.length > 0 ? { details: args } : {}, `[auth] ${message}`),
    },
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: trustedOrigins(env.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    // autoSignIn false: Better Auth's generic answer for an existing e-mail (see above).
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8 },
    rateLimit: { enabled: true, storage: 'database', ...BETTER_AUTH_RATE_LIMIT },
    account: accountOptions(env),
    // Password sign-up is checked before Better Auth looks the e-mail up: an address that has an
    // account is refused like a new one, so a closed server tells nobody which addresses exist.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
        await refuseSignup(db, env, typeof email === 'string' ? email : '');
      }),
    },
    // The role rides on the session's user (GET /api/auth/get-session) so the web knows what to
    // show; `input: false` keeps it out of what a sign-up may set. Enforcement reads the database
    // (services/auth/admins.ts), docs/decisions/037-administrators-and-sign-up.md.
    user: {
      additionalFields: {
        role: { type: ['admin', 'user'], required: false, defaultValue: 'user', input: false },
      },
      // An OpenID Connect identity is checked as a new user, a link and every returning sign-in.
      validateUserInfo: ({ user: info, source }) =>
        oidc && source.oauth?.providerId === OIDC_PROVIDER_ID
          ? checkOidcIdentity(oidc, info.email, source.oauth.profile)
          : undefined,
    },
    databaseHooks: {
      // Every new account, by password or by Google: SIGNUP decides whether it may exist, and the
      // first one (or an address of SUMMY_ADMINS) is an administrator.
      user: {
        create: {
          before: async (created) => {
            await refuseSignup(db, env, created.email);
            return {
              data: { ...created, role: await roleOfNewUser(db, created.email, env.admins) },
            };
          },
          // The invitation is used up by the account it let in; of accounts created at the same
          // instant on an empty server, one stays the administrator.
          after: async (created) => {
            await spendInvite(db, env, created.email);
            created.role = await settleFirstAccount(db, created, env.admins);
          },
        },
      },
      // A disabled account gets no new session, whichever way it signs in.
      session: { create: { before: async (created) => refuseDisabled(db, created.userId) } },
      account: {
        create: {
          // After the commit: the profile row of a new Google account (services/google).
          after: async (created) => {
            if (created.providerId !== 'google') return;
            await recordGoogleAccount(db, created);
            hooks.onGoogleConnected?.(created.userId);
          },
        },
        // Sign-in with Google stores the fresh tokens here (a reconnect included).
        update: {
          after: async (updated) => {
            if (updated.providerId === 'google' && updated.refreshToken)
              hooks.onGoogleConnected?.(updated.userId);
          },
        },
      },
    },
    // A signed copy of the session and user in a cookie (`better-auth.session_data`) spares the
    // database lookup of every API request for SESSION_CACHE_SECONDS; a session revoked elsewhere
    // stays usable that long (docs/decisions/013-session-cookie-cache.md).
    session: {
      cookieCache: { enabled: env.sessionCacheSeconds > 0, maxAge: env.sessionCacheSeconds },
    },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith('https://'),
      // Better Auth turns its origin check off when NODE_ENV is 'test'; keep it on so tests
      // exercise what production does.
      disableOriginCheck: false,
      // The address resolved by our middleware from the socket, or from X-Forwarded-For only
      // when TRUST_PROXY says so; a client cannot set it (the middleware overwrites it).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    plugins: [bearer(), ...oauthProviders(env)],
  });
}

/**
 * Throws Better Auth's 403 when SIGNUP does not let `email` create an account. The body carries
 * Better Auth's `{code, message}` and Summy's `{error, details}`; a Google sign-in turns it into
 * a redirect with `error` and `error_description`.
 * @throws APIError FORBIDDEN (code SIGNUP_CLOSED or SIGNUP_NOT_INVITED)
 */
async function refuseSignup(db: Database, env: Env, email: string): Promise<void> {
  const refusal = await checkSignup(db, (await getSignupMode(db, env.signup)).mode, email);
  if (!refusal) return;
  throw new APIError('FORBIDDEN', {
    code: refusal.code,
    message: refusal.message,
    error: 'Sign-up refused',
    details: refusal.message,
  });
}

/** Uses up the invitation of a new account's address while sign-up is by invitation. */
async function spendInvite(db: Database, env: Env, email: string): Promise<void> {
  if ((await getSignupMode(db, env.signup)).mode === 'invite') await removeInvite(db, email);
}

/**
 * Throws Better Auth's 403 when the account is disabled (a password sign-in answers it; Google and
 * OpenID Connect redirect with it as `error_description`).
 * @throws APIError FORBIDDEN (code ACCOUNT_DISABLED)
 */
async function refuseDisabled(db: Database, userId: string): Promise<void> {
  if (!(await isDisabled(db, userId))) return;
  throw new APIError('FORBIDDEN', {
    code: 'ACCOUNT_DISABLED',
    message: ACCOUNT_DISABLED_MESSAGE,
    error: 'Account disabled',
    details: ACCOUNT_DISABLED_MESSAGE,
  });
}

// Google and the OpenID Connect provider, those configured, through one generic OAuth plugin.
function oauthProviders(env: Env) {
  const config = [
    ...(env.google ? [googleProvider(env.google)] : []),
    ...(env.oidc ? [oidcProvider(env.oidc)] : []),
  ];
  return config.length > 0 ? [genericOAuth({ config })] : [];
}

// Google as a generic OAuth provider: sign-in, linkSocial and /callback/google as with the
// built-in one, every URL from settings.
function googleProvider(google: GoogleSettings) {
  return {
    providerId: GOOGLE_PROVIDER_ID,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    authorizationUrl: google.authorizationUrl,
    tokenUrl: google.tokenUrl,
    userInfoUrl: google.userInfoUrl,
    scopes: GOOGLE_SCOPES,
    accessType: 'offline',
    prompt: 'consent',
    authorizationUrlParams: { include_granted_scopes: 'true' },
  } satisfies GenericOAuthConfig;
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
