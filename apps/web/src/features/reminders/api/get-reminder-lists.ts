/**
 * `GET /api/integrations/apple-reminders/lists`: the account's to-do lists with their colours and
 * which are synced. When the server cannot read them it answers the single list 'Reminders',
 * selected, with `fallback: true`, and the dialog shows 'Failed to load lists'.
 */
import { remindersListsAnswerSchema, type RemindersListsAnswer } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders-status';

/** Query key of the lists. */
export const reminderListsQueryKey = [...remindersQueryKey, 'lists'] as const;

/** Reads the lists and the selection. @throws ApiRequestError (409 when not connected) */
export function getReminderLists(signal?: AbortSignal): Promise<RemindersListsAnswer> {
  return apiFetch('/integrations/apple-reminders/lists', remindersListsAnswerSchema, { signal });
}

/**
 * Query options of the lists. Always read afresh when the dialog opens (`staleTime: 0`): lists are
 * made and renamed in other apps.
 */
export function getReminderListsQueryOptions() {
  return queryOptions({
    queryKey: reminderListsQueryKey,
    queryFn: ({ signal }) => getReminderLists(signal),
    staleTime: 0,
  });
}

/**
 * The lists. The configure dialog reads them afresh on every opening; the section, which only
 * wants colours and move targets, passes a longer `staleTime` (ms).
 */
export function useReminderLists(options: { staleTime?: number } = {}) {
  return useQuery({
    ...getReminderListsQueryOptions(),
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
  });
}
