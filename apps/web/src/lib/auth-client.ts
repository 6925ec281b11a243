/**
 * Better Auth client. The server mounts Better Auth at `/api/auth` on the same origin that serves
 * this app, so cookies stay first-party and no CORS setup is needed.
 */
import { createAuthClient } from 'better-auth/react';

/** The app's Better Auth client (sign-in, sign-up, sign-out, session). */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
});

/** The signed-in session as Better Auth returns it (user and session rows). */
export type AuthSession = typeof authClient.$Infer.Session;

/** The signed-in user. */
export type AuthUser = AuthSession['user'];
