/**
 * Linked Google accounts and the Google connection: the shapes of `/api/google/*` and its messages.
 * No shape here carries a token: access and refresh tokens never leave the server.
 */
import { z } from './zod.ts';

/** Fixed messages for Google. */
export const GOOGLE_MESSAGES = {
  reconnect: 'Authentication failed, please reconnect Google Calendar',
  statusFailed: 'Status check failed',
  loadFailed: 'Failed to load Google accounts',
  addFailed: 'Failed to add Google account',
  setPrimaryFailed: 'Failed to set primary account',
  removeFailed: 'Failed to remove account',
  connectFailed: 'Failed to connect Google account',
  added: 'Google account added successfully!',
  removed: 'Account removed successfully',
  exchangeFailed: 'Failed to exchange authorization code',
  callbackFailed: 'OAuth callback failed',
  authFailed: 'Failed to complete authentication',
  /**
   * What a person sees where Google would be, on a server without a Google OAuth client. The
   * settings that turn it on are the operator's business: the server's log names them at start-up.
   */
  notSetUp: 'Google sign-in is not set up on this server. Ask its administrator.',
} as const;

/** 'Set {email} as primary account'. */
export const primarySetMessage = (email: string) => `Set ${email} as primary account`;

/** 'Account removed. {n} meeting records preserved.'. */
export const removedWithMeetingsMessage = (n: number) =>
  `Account removed. ${n} meeting records preserved.`;

/** A linked Google account as the browser sees it (no tokens). */
export const googleAccountSchema = z.object({
  /** Better Auth's `account` row id; the id every `/api/google` route takes. */
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  photoUrl: z.string().nullable(),
  isPrimary: z.boolean(),
  /** The sign-in account: always present, not removable. */
  isAuthAccount: z.boolean(),
  /** Scopes granted, e.g. `https://www.googleapis.com/auth/calendar`. */
  scopes: z.array(z.string()),
  /** When the stored access token expires (ISO 8601), null when none is stored. */
  expiresAt: z.string().nullable(),
  /** False after a failed refresh or without a refresh token: the user must reconnect. */
  connected: z.boolean(),
  createdAt: z.string(),
});
/** A linked Google account. */
export type GoogleAccount = z.infer<typeof googleAccountSchema>;

/** `GET /api/google/status`: `connected`, and `error` when not. */
export const googleStatusSchema = z.object({
  connected: z.boolean(),
  error: z.string().optional(),
});
/** The Google connection's status. */
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

/**
 * `POST /api/google/refresh` and `/refresh-linked-account`: the new expiry, never the token
 * (the documented `access_token`/`refresh_token` fields stay on the server; docs/decisions/017).
 */
export const googleRefreshAnswerSchema = z.object({
  /** ISO 8601. */
  expires_at: z.string(),
});
/** Answer of a refresh. */
export type GoogleRefreshAnswer = z.infer<typeof googleRefreshAnswerSchema>;

/** Body of `POST /api/google/refresh-linked-account`. */
export const refreshLinkedAccountSchema = z
  .object({ accountId: z.string().min(1).max(200) })
  .strict();

/** Body of `POST /api/google/token`. */
export const googleTokenBodySchema = z
  .object({ code: z.string().min(1).max(2048), redirect_uri: z.string().url().max(2048) })
  .strict();

/** Body of `POST /api/google/add-account`; `redirect_uri` defaults to /auth/callback. */
export const addGoogleAccountSchema = z
  .object({
    code: z.string().min(1).max(2048),
    redirect_uri: z.string().url().max(2048).optional(),
  })
  .strict();

/** `GET /api/google/accounts/{id}/meetings`: how many meetings came through the account. */
export const googleAccountMeetingsSchema = z.object({ count: z.number().int().min(0) });

/** `DELETE /api/google/accounts/{id}`: the meetings flagged `calendar_account_removed`. */
export const googleAccountRemovedSchema = z.object({ preservedMeetings: z.number().int().min(0) });

/** Messages the `/auth/callback` popup posts to its opener. */
export const googleAuthMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('GOOGLE_AUTH_SUCCESS') }),
  z.object({ type: z.literal('GOOGLE_AUTH_ERROR'), error: z.string() }),
]);
/** A popup message. */
export type GoogleAuthMessage = z.infer<typeof googleAuthMessageSchema>;
