/**
 * `GET /api/integrations/apple-reminders/reminders`: the incomplete reminders of the selected lists
 * (only incomplete reminders are fetched), cached 5 minutes and refreshed in the background by the
 * shared integration polling.
 */
import { remindersAnswerSchema, type Reminder } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_CACHE_MS } from '@/hooks/use-integration-polling';
import { apiFetch } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders-status';

/** Query key of the reminders. */
export const remindersItemsQueryKey = [...remindersQueryKey, 'items'] as const;

/** Reads the reminders, newest change first. @throws ApiRequestError */
export async function getReminders(signal?: AbortSignal): Promise<Reminder[]> {
  const { reminders } = await apiFetch(
    '/integrations/apple-reminders/reminders',
    remindersAnswerSchema,
    { signal },
  );
  return reminders;
}

/** Query options of the reminders: fresh for 5 minutes. */
export function getRemindersQueryOptions() {
  return queryOptions({
    queryKey: remindersItemsQueryKey,
    queryFn: ({ signal }) => getReminders(signal),
    staleTime: INTEGRATION_CACHE_MS,
  });
}

/** The reminders, read only while `enabled` (connected). */
export function useReminders(options: { enabled: boolean }) {
  return useQuery({ ...getRemindersQueryOptions(), enabled: options.enabled });
}
