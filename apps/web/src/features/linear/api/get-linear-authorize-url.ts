/**
 * `GET /api/linear/authorize-url?returnTo=`: Linear's authorize page for the OAuth popup (client
 * id, redirect to {host}/linear/callback, the scope list, response_type code and a random state).
 * The server makes the state and checks it when the code comes back, and keeps `returnTo` with it.
 */
import { linearAuthorizeUrlSchema, type LinearAuthorizeUrl } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/** Asks for the authorize URL; `returnTo` is a same-site path. Throws `ApiRequestError`. */
export function getLinearAuthorizeUrl(returnTo?: string): Promise<LinearAuthorizeUrl> {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return apiFetch(`/linear/authorize-url${query}`, linearAuthorizeUrlSchema);
}
