/**
 * `POST /api/google/refresh`: refreshes the primary account's token on the server when it is within
 * 10 minutes of expiry. Summy answers only `{expires_at}`; the token never reaches the browser
 * (docs/decisions/017).
 */
import { googleRefreshAnswerSchema, type GoogleRefreshAnswer } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/**
 * Asks the server to refresh. Throws `ApiRequestError`: 409 'Authentication failed, please
 * reconnect Google Calendar' when the refresh was refused (tokens removed), 502 when Google was
 * unreachable (tokens kept).
 */
export function refreshGoogleToken(): Promise<GoogleRefreshAnswer> {
  return apiFetch('/google/refresh', googleRefreshAnswerSchema, { method: 'POST' });
}
