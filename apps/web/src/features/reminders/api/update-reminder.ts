/**
 * `PATCH /api/integrations/apple-reminders/reminders/{id}`: edits a reminder on the CalDAV server
 * (title, due date, list, completion, priority). Completing stores a completed date and the
 * reminder leaves the list (only incomplete ones are fetched); reopening clears it. Updates are
 * optimistic and roll back when the server refuses.
 */
import { reminderSchema, type Reminder, type ReminderPatch } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { remindersItemsQueryKey } from './get-reminders';

/** Sends one edit; answers the reminder as the server now holds it. @throws ApiRequestError */
export function updateReminder(id: string, patch: ReminderPatch): Promise<Reminder> {
  return apiFetch(
    `/integrations/apple-reminders/reminders/${encodeURIComponent(id)}`,
    reminderSchema,
    { method: 'PATCH', json: patch },
  );
}

/** Variables of {@link useUpdateReminder}: the reminder as shown, and the change. */
export interface UpdateReminderVariables {
  reminder: Reminder;
  patch: ReminderPatch;
  /** The list's name when `patch.listId` moves it, so the row shows the new list at once. */
  listName?: string;
}

/**
 * The cached list after `patch`: a completed reminder leaves it, a reopened one comes back (at
 * the top, as the newest change), any other edit changes the row in place.
 */
export function applyReminderPatch(
  reminders: readonly Reminder[],
  { reminder, patch, listName }: UpdateReminderVariables,
): Reminder[] {
  const rest = reminders.filter((r) => r.id !== reminder.id);
  if (patch.completed === true) return rest;
  const next: Reminder = {
    ...reminder,
    ...(patch.title !== undefined && { title: patch.title.trim() }),
    ...(patch.dueDate !== undefined && { dueDate: patch.dueDate }),
    ...(patch.priority !== undefined && { priority: patch.priority }),
    ...(patch.listId !== undefined && {
      list: { id: patch.listId, name: listName ?? reminder.list.name },
    }),
    ...(patch.completed === false && { completed: false, completedAt: null }),
  };
  const index = reminders.findIndex((r) => r.id === reminder.id);
  if (index === -1) return [next, ...rest];
  const copy = [...reminders];
  copy[index] = next;
  return copy;
}

/**
 * Mutation of every reminder edit: the cache changes at once and is put back on failure (the
 * caller shows the documented toast); the server's answer replaces the row when it arrives.
 */
export function useUpdateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reminder, patch }: UpdateReminderVariables) =>
      updateReminder(reminder.id, patch),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: remindersItemsQueryKey });
      const previous = queryClient.getQueryData<Reminder[]>(remindersItemsQueryKey);
      if (previous) {
        queryClient.setQueryData(remindersItemsQueryKey, applyReminderPatch(previous, variables));
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(remindersItemsQueryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Reminder[]>(remindersItemsQueryKey, (current) =>
        current?.map((r) => (r.id === saved.id ? saved : r)),
      );
    },
  });
}
