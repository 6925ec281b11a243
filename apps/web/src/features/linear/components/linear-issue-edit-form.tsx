import type { LinearIssue, LinearState } from '@summy/core';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { LinearIssueEdit } from '../hooks/use-linear-issue-actions';

/** Props of {@link LinearIssueEditForm}. */
export interface LinearIssueEditFormProps {
  issue: LinearIssue;
  /** The issue team's workflow states; undefined while they load (the select shows the current one). */
  states: readonly LinearState[] | undefined;
  /** True when the states could not be read: the select keeps the current state only. */
  statesFailed?: boolean;
  onSave: (edit: LinearIssueEdit) => void;
  onCancel: () => void;
}

/** A native select styled like the app's inputs: keyboard and screen readers get the platform's. */
const selectClass = cn(
  'h-9 w-full min-w-0 cursor-pointer rounded-md border border-input bg-background px-2.5 text-base shadow-xs outline-none md:text-sm dark:bg-input/20',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
);

/**
 * The inline edit form of a Linear issue (title, due date, state select, Save and Cancel). Enter in
 * a field saves, Escape cancels; the title gets the focus.
 */
export function LinearIssueEditForm({
  issue,
  states,
  statesFailed = false,
  onSave,
  onCancel,
}: LinearIssueEditFormProps) {
  const id = useId();
  const [title, setTitle] = useState(issue.title);
  const [dueDate, setDueDate] = useState(issue.dueDate ?? '');
  const [stateId, setStateId] = useState(issue.state.id);
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
    titleRef.current?.select();
  }, []);

  // The current state is always an option, even before (or without) the team's list.
  const options =
    states && states.length > 0
      ? states.some((s) => s.id === issue.state.id)
        ? states
        : [issue.state, ...states]
      : [issue.state];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ title, dueDate, stateId });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label={`Edit ${issue.identifier}`}
      className="flex flex-col gap-3"
    >
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-mono tracking-tight">{issue.identifier}</span>
        <span aria-hidden="true">·</span>
        <span>{issue.team.name}</span>
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          ref={titleRef}
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={1000}
          autoComplete="off"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-due`}>Due date</Label>
          <Input
            id={`${id}-due`}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            className="[color-scheme:light] dark:[color-scheme:dark]"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-state`}>State</Label>
          <select
            id={`${id}-state`}
            value={stateId}
            onChange={(event) => setStateId(event.target.value)}
            disabled={!states && !statesFailed}
            aria-busy={!states && !statesFailed}
            className={selectClass}
          >
            {options.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}
