/**
 * Better Auth, mounted at /api/auth/*: email and password always (Summy works offline), Google
 * OAuth when configured, with the scopes of spec 001 section 6, offline access and forced consent.
 * Sessions are HTTP-only, SameSite=Lax cookies; Better Auth rejects state-changing requests whose
 * Origin is not trusted. The bearer plugin also accepts `Authorization: Bearer <session token>`
 * (the token comes in the `set-auth-token` header of a sign-in), for clients without cookies:
 * spec 000 section 7 "POST /api/chat with an optional bearer token".
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { account, session, user, verification, type Database } from '@summy/db';
import type { Env } from './env.ts';

/** Google scopes requested at sign-in (spec 001 section 6). */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/contacts',
  'https://www.googleapis.com/auth/contacts.readonly',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/userinfo.email',
];

/** Builds the Better Auth instance over Summy's database. */
export function createAuth(env: Env, db: Database) {
  return betterAuth({
    appName: 'Summy',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8 },
    socialProviders: env.google
      ? {
          google: {
            clientId: env.google.clientId,
            clientSecret: env.google.clientSecret,
            scope: GOOGLE_SCOPES,
            accessType: 'offline',
            prompt: 'consent',
          },
        }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith('https://'),
      // Better Auth turns its origin check off when NODE_ENV is 'test'; keep it on so tests
      // exercise what production does.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    plugins: [bearer()],
  });
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
