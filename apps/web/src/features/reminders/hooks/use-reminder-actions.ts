/**
 * What a person does to a reminder in the section, with its toasts: complete (with Undo), reopen,
 * rename in place, and save the edit form. Which reminder has its edit form open lives here too,
 * since a save closes it and disconnecting Apple Reminders clears it.
 */
import { REMINDERS_MESSAGES, type Reminder, type ReminderPatch } from '@summy/core';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { REMINDERS_DISCONNECTED_EVENT } from '../api/disconnect-reminders';
import { useUpdateReminder, type UpdateReminderVariables } from '../api/update-reminder';

/** What {@link useReminderActions} answers. */
export interface ReminderActions {
  /** The id of the reminder whose edit form is open, or null. */
  editing: string | null;
  setEditing: (id: string | null) => void;
  /** True while a change is on its way to the server (the edit form's Save waits). */
  saving: boolean;
  /** Ticks it off: 'Reminder completed' with an Undo that reopens it. */
  complete: (reminder: Reminder) => void;
  /** Saves a new title from the double-click edit. */
  rename: (reminder: Reminder, title: string) => void;
  /** Saves the edit form's changes (none: just closes it); `listName` when it moves. */
  save: (reminder: Reminder, patch: ReminderPatch, listName?: string) => void;
}

/** The section's reminder changes; each is shown at once and rolled back when refused. */
export function useReminderActions(): ReminderActions {
  const update = useUpdateReminder();
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    const reset = () => setEditing(null);
    window.addEventListener(REMINDERS_DISCONNECTED_EVENT, reset);
    return () => window.removeEventListener(REMINDERS_DISCONNECTED_EVENT, reset);
  }, []);

  // A failed title edit is 'Error' / 'Failed to update reminder title', any other failed change
  // 'Update failed' / 'Failed to update reminder in Apple Reminders'.
  const change = (
    variables: UpdateReminderVariables,
    succeeded: () => void,
    failure: [title: string, description: string] = [
      REMINDERS_MESSAGES.updateFailedTitle,
      REMINDERS_MESSAGES.updateFailed,
    ],
  ) =>
    update.mutate(variables, {
      onSuccess: succeeded,
      onError: () => toast.error(failure[0], { description: failure[1] }),
    });
  const reopen = (reminder: Reminder) =>
    change({ reminder, patch: { completed: false } }, () =>
      toast.success(REMINDERS_MESSAGES.reopened, { description: reminder.title }),
    );
  const complete = (reminder: Reminder) =>
    change({ reminder, patch: { completed: true } }, () =>
      toast.success(REMINDERS_MESSAGES.completed, {
        description: reminder.title,
        action: { label: 'Undo', onClick: () => reopen(reminder) },
      }),
    );
  const rename = (reminder: Reminder, title: string) =>
    change(
      { reminder, patch: { title } },
      () =>
        toast.success(REMINDERS_MESSAGES.successTitle, {
          description: REMINDERS_MESSAGES.titleUpdated,
        }),
      [REMINDERS_MESSAGES.errorTitle, REMINDERS_MESSAGES.titleUpdateFailed],
    );
  const save = (reminder: Reminder, patch: ReminderPatch, listName?: string) => {
    if (Object.keys(patch).length === 0) {
      setEditing(null);
      return;
    }
    change({ reminder, patch, listName }, () => {
      setEditing((current) => (current === reminder.id ? null : current));
      toast.success(REMINDERS_MESSAGES.updated);
    });
  };

  return { editing, setEditing, saving: update.isPending, complete, rename, save };
}
