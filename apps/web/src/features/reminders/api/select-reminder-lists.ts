/**
 * `PUT /api/integrations/apple-reminders/lists` `{selected}`: the lists to sync, at least one
 * (kept on the server beside the credentials so every browser sees the same choice).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reminderListsQueryKey } from './get-reminder-lists';
import { remindersItemsQueryKey } from './get-reminders';

/** Saves the selection (list ids). @throws ApiRequestError (400 for an empty selection) */
export async function selectReminderLists(selected: string[]): Promise<void> {
  await apiFetch('/integrations/apple-reminders/lists', undefined, {
    method: 'PUT',
    json: { selected },
  });
}

/** Mutation of 'Save Configuration'; the reminders are read again from the new lists. */
export function useSelectReminderLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectReminderLists,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reminderListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: remindersItemsQueryKey }),
      ]);
    },
  });
}
