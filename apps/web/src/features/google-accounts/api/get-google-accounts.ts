/**
 * `GET /api/google/accounts`: the linked Google accounts, oldest first, without tokens.
 */
import { googleAccountSchema, type GoogleAccount } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@/lib/api-client';

/** Query key root of everything about Google accounts. */
export const googleQueryKey = ['google'] as const;

/** Query key of the linked-account list. */
export const googleAccountsQueryKey = [...googleQueryKey, 'accounts'] as const;

const accountListSchema = googleAccountSchema.array();

/**
 * Fetches the linked accounts. Answers `null` when the server has no Google configured (every
 * `/api/google` route then answers 404), so callers can hide Google instead of showing an error.
 * Other failures throw `ApiRequestError`; the UI shows 'Failed to load Google accounts'.
 */
export async function getGoogleAccounts(signal?: AbortSignal): Promise<GoogleAccount[] | null> {
  try {
    return await apiFetch('/google/accounts', accountListSchema, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** Query options of the linked-account list. */
export function getGoogleAccountsQueryOptions() {
  return queryOptions({
    queryKey: googleAccountsQueryKey,
    queryFn: ({ signal }) => getGoogleAccounts(signal),
  });
}

/** The linked accounts (`null` without Google on the server). */
export function useGoogleAccounts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getGoogleAccountsQueryOptions(), enabled: options.enabled ?? true });
}
