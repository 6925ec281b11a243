/**
 * `GET /api/integrations/apple-reminders`: whether reminders are connected, as whom and to which
 * CalDAV server (connected, username, containerId; the container is the server URL). The password
 * never comes back.
 */
import { remindersStatusSchema, type RemindersStatus } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key root of everything about reminders, so a disconnect can drop it all at once. */
export const remindersQueryKey = ['reminders'] as const;

/** Query key of the connection status. */
export const remindersStatusQueryKey = [...remindersQueryKey, 'status'] as const;

/** Reads the connection status. @throws ApiRequestError */
export function getRemindersStatus(signal?: AbortSignal): Promise<RemindersStatus> {
  return apiFetch('/integrations/apple-reminders', remindersStatusSchema, { signal });
}

/** Query options of the connection status. */
export function getRemindersStatusQueryOptions() {
  return queryOptions({
    queryKey: remindersStatusQueryKey,
    queryFn: ({ signal }) => getRemindersStatus(signal),
  });
}

/** The connection status ("Connected means a token exists"; here, stored credentials). */
export function useRemindersStatus() {
  return useQuery(getRemindersStatusQueryOptions());
}
