/** The Hono environment shared by Summy's routes and middleware. */
import type { ApiKeyScope } from '@summy/core';

/**
 * Hono environment: `userId` is set by the session middleware on protected routes (from the
 * session cookie or a personal API key, then also `apiKey`);
 * `clientAddress` by http/client-address.ts on /api/auth/*.
 */
export interface AppEnv {
  Variables: {
    userId: string;
    userEmail: string;
    clientAddress: string;
    /** The personal API key the request came with (`Authorization: Bearer`); unset for a session. */
    apiKey?: { id: string; scope: ApiKeyScope };
    /** Set when the web app's files answer the request (app.ts): its access line is at debug. */
    webFile?: true;
  };
}
