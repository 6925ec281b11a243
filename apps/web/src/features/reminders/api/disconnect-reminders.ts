/**
 * `DELETE /api/integrations/apple-reminders`: forgets the stored credentials and list choice.
 * Disconnecting clears the cached reminders and fires a 'reminders-disconnected' event.
 */
import type { RemindersStatus } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { remindersQueryKey, remindersStatusQueryKey } from './get-reminders-status';

/** Window event fired after a disconnect, for any part of the page holding reminders. */
export const REMINDERS_DISCONNECTED_EVENT = 'reminders-disconnected';

/** Disconnects. @throws ApiRequestError */
export async function disconnectReminders(): Promise<void> {
  await apiFetch('/integrations/apple-reminders', undefined, { method: 'DELETE' });
}

/**
 * Mutation of Disconnect: drops every cached reminders answer, marks the status disconnected and
 * fires {@link REMINDERS_DISCONNECTED_EVENT}.
 */
export function useDisconnectReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectReminders,
    onSuccess: () => {
      // The status is set rather than removed: the section and Settings watch it, and a removed
      // query would leave them holding the old answer.
      queryClient.setQueryData<RemindersStatus>(remindersStatusQueryKey, {
        connected: false,
        username: null,
        containerId: null,
      });
      queryClient.removeQueries({
        queryKey: remindersQueryKey,
        predicate: (query) => query.queryKey[1] !== remindersStatusQueryKey[1],
      });
      window.dispatchEvent(new Event(REMINDERS_DISCONNECTED_EVENT));
    },
  });
}
