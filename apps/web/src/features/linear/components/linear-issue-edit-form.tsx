import type { LinearIssue, LinearState } from '@summy/core';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LabelledSelect } from '@/components/labelled-select';
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
  const options = stateOptions(issue, states);

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
      <TitleField id={`${id}-title`} value={title} onChange={setTitle} />
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
        <LabelledSelect
          id={`${id}-state`}
          label="State"
          value={stateId}
          options={options}
          onChange={setStateId}
          disabled={!states && !statesFailed}
          busy={!states && !statesFailed}
          className="flex flex-col gap-1.5"
          selectClassName={selectClass}
        />
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

/** The 'Title' field; it takes the focus with its text selected when the form opens. */
function TitleField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (title: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Title</Label>
      <Input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={1000}
        autoComplete="off"
      />
    </div>
  );
}

/**
 * The state select's options: the current state is always one, even before (or without) the
 * team's list.
 */
function stateOptions(
  issue: LinearIssue,
  states: readonly LinearState[] | undefined,
): readonly LinearState[] {
  if (!states || states.length === 0) return [issue.state];
  return states.some((s) => s.id === issue.state.id) ? states : [issue.state, ...states];
}
