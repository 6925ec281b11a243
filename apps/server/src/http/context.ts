/** The Hono environment shared by Summy's routes and middleware. */

/**
 * Hono environment: `userId` is set by the session middleware on protected routes;
 * `clientAddress` by http/client-address.ts on /api/auth/*.
 */
export interface AppEnv {
  Variables: { userId: string; userEmail: string; clientAddress: string };
}
