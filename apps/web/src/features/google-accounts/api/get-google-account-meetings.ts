/**
 * `GET /api/google/accounts/{id}/meetings`: how many meetings are linked to calendar events through
 * the account. The remove dialog shows this real count where the original showed a random
 * placeholder (docs/decisions/017).
 */
import { googleAccountMeetingsSchema } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { googleQueryKey } from './get-google-accounts';

/** Query key of one account's meeting count. */
export const googleAccountMeetingsQueryKey = (accountId: string) =>
  [...googleQueryKey, 'account-meetings', accountId] as const;

/** Fetches the count. Throws `ApiRequestError` (404 for an account that is not the user's). */
export async function getGoogleAccountMeetings(
  accountId: string,
  signal?: AbortSignal,
): Promise<number> {
  const { count } = await apiFetch(
    `/google/accounts/${encodeURIComponent(accountId)}/meetings`,
    googleAccountMeetingsSchema,
    { signal },
  );
  return count;
}

/** Query options of the count; always re-read when asked, since meetings change meanwhile. */
export function getGoogleAccountMeetingsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: googleAccountMeetingsQueryKey(accountId),
    queryFn: ({ signal }) => getGoogleAccountMeetings(accountId, signal),
    staleTime: 0,
  });
}

/** The count of meetings linked through `accountId`; idle while `accountId` is null. */
export function useGoogleAccountMeetings(accountId: string | null) {
  return useQuery({
    ...getGoogleAccountMeetingsQueryOptions(accountId ?? ''),
    enabled: accountId !== null,
  });
}
