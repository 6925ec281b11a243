import type { Reminder, ReminderList, ReminderPatch } from '@summy/core';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LabelledSelect } from '@/components/labelled-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { dueDateInputValue, dueDatePatch } from '../utils/reminder-format';

/** Props of {@link ReminderEditForm}. */
export interface ReminderEditFormProps {
  reminder: Reminder;
  /** Lists the reminder can move to; the reminder's own list is always offered. */
  lists: readonly ReminderList[];
  /** True while the lists are being read (the select waits). */
  listsLoading?: boolean;
  saving?: boolean;
  /** Called with only the fields that changed, and the new list's name when it moves. */
  onSave: (patch: ReminderPatch, listName?: string) => void;
  onCancel: () => void;
}

const selectClass =
  'h-9 w-full min-w-0 cursor-pointer rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20 [&>option]:bg-popover [&>option]:text-popover-foreground';

/** What changed between the reminder and the form's values; empty when nothing did. */
export function reminderFormPatch(
  reminder: Reminder,
  values: { title: string; date: string; listId: string },
): ReminderPatch {
  const patch: ReminderPatch = {};
  const title = values.title.trim();
  if (title && title !== reminder.title) patch.title = title;
  const dueDate = dueDatePatch(values.date, reminder.dueDate);
  if (dueDate !== undefined) patch.dueDate = dueDate;
  if (values.listId && values.listId !== reminder.list.id) patch.listId = values.listId;
  return patch;
}

/**
 * The reminder edit form (title, date, list select), in place of the row. Save sends only what
 * changed; an empty title keeps the old one (empty means no save); Escape cancels.
 */
export function ReminderEditForm({
  reminder,
  lists,
  listsLoading = false,
  saving = false,
  onSave,
  onCancel,
}: ReminderEditFormProps) {
  const id = useId();
  const [title, setTitle] = useState(reminder.title);
  const [date, setDate] = useState(() => dueDateInputValue(reminder.dueDate));
  const [listId, setListId] = useState(reminder.list.id);
  const options = listOptions(reminder, lists);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const patch = reminderFormPatch(reminder, { title, date, listId });
    onSave(patch, patch.listId ? options.find((l) => l.id === patch.listId)?.name : undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <li className="bg-muted/30 px-4 py-4">
      <form
        onSubmit={submit}
        onKeyDown={onKeyDown}
        aria-label={`Edit "${reminder.title}"`}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_12rem] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={1000}
            autoFocus
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="dark:[color-scheme:dark]"
          />
        </div>
        <LabelledSelect
          id={`${id}-list`}
          label="List"
          value={listId}
          options={options}
          onChange={setListId}
          disabled={listsLoading}
          className="grid gap-1.5"
          selectClassName={selectClass}
        />
        <div className="flex justify-end gap-2 sm:col-span-3">
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={saving}>
            {saving && <Spinner className="text-current" aria-hidden="true" />}
            Save
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The lists offered: the given ones, with the reminder's own list first when it is missing. */
function listOptions(reminder: Reminder, lists: readonly ReminderList[]): readonly ReminderList[] {
  return lists.some((l) => l.id === reminder.list.id)
    ? lists
    : [{ id: reminder.list.id, name: reminder.list.name, color: null, isShared: false }, ...lists];
}
