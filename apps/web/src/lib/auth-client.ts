/**
 * Better Auth client. The server mounts Better Auth at `/api/auth` on the same origin that serves
 * this app, so cookies stay first-party and no CORS setup is needed.
 */
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The app's Better Auth client (sign-in, sign-up, sign-out, session). The session's user carries
 * the server's `role` field: 'admin' (manages the server's speech models) or 'user'.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: { role: { type: ['admin', 'user'], required: false, input: false } },
    }),
  ],
});

/** The signed-in session as Better Auth returns it (user and session rows). */
export type AuthSession = typeof authClient.$Infer.Session;

/** The signed-in user. */
export type AuthUser = AuthSession['user'];
