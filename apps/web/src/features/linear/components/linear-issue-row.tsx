import { isLinearIssueDone, type LinearIssue } from '@summy/core';
import { CalendarDays, ExternalLink, Pencil } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import { formatDueDate, isOverdue, linearPriorityBadge } from '../utils/linear-format';

/** Props of {@link LinearIssueRow}. */
export interface LinearIssueRowProps {
  issue: LinearIssue;
  /** Checks (true) or unchecks the issue. */
  onToggle: (issue: LinearIssue, done: boolean) => void;
  /** Opens the inline edit form (also on a double-click of the title). */
  onEdit: (issue: LinearIssue) => void;
}

/**
 * One assigned issue: a checkbox (done when its state is named 'done' or is of type completed), the
 * title with its identifier, state, priority badge and due date, and the Edit and 'Open in Linear'
 * controls (revealed on hover or keyboard focus; always there on touch).
 */
export function LinearIssueRow({ issue, onToggle, onEdit }: LinearIssueRowProps) {
  const titleId = useId();
  const done = isLinearIssueDone(issue);

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'group flex items-start gap-3 px-4 py-3 transition-colors hover:bg-accent/40',
        done && 'bg-muted/30',
      )}
    >
      <Checkbox
        checked={done}
        onCheckedChange={(checked) => onToggle(issue, checked === true)}
        aria-label={done ? `Reopen ${issue.title}` : `Complete ${issue.title}`}
        className="rounded-full data-[state=checked]:border-indigo-600 data-[state=checked]:bg-indigo-600 data-[state=checked]:text-white dark:data-[state=checked]:border-indigo-500 dark:data-[state=checked]:bg-indigo-500"
        indicatorClassName="size-3"
      />

      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p
          id={titleId}
          onDoubleClick={() => onEdit(issue)}
          className={cn(
            'text-sm leading-5 font-medium break-words',
            done && 'text-muted-foreground line-through decoration-muted-foreground/50',
          )}
        >
          {issue.title}
        </p>
        <IssueMeta issue={issue} done={done} />
      </div>

      <RowActions issue={issue} onEdit={onEdit} />
    </li>
  );
}

/** The line under the title: identifier, state, priority badge and due date (red when overdue). */
function IssueMeta({ issue, done }: { issue: LinearIssue; done: boolean }) {
  const priority = linearPriorityBadge(issue.priority);
  const due = formatDueDate(issue.dueDate);
  const overdue = !done && isOverdue(issue.dueDate);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span className="font-mono tracking-tight">{issue.identifier}</span>
      <span aria-hidden="true">·</span>
      <span>{issue.state.name}</span>
      {priority && (
        <span className={cn('rounded-full px-2 py-0.5 font-medium', priority.className)}>
          <span className="sr-only">Priority </span>
          {priority.label}
        </span>
      )}
      {due && (
        <span
          className={cn(
            'inline-flex items-center gap-1',
            overdue && 'font-medium text-red-600 dark:text-red-400',
          )}
        >
          <CalendarDays className="size-3" aria-hidden="true" />
          {due}
          {overdue && <span className="sr-only"> (overdue)</span>}
        </span>
      )}
    </div>
  );
}

/** Edit and 'Open in Linear', revealed on hover or keyboard focus (always there on touch). */
function RowActions({ issue, onEdit }: Pick<LinearIssueRowProps, 'issue' | 'onEdit'>) {
  return (
    <div
      className={cn(
        '-my-1 flex shrink-0 items-center gap-0.5',
        'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onEdit(issue)}
        aria-label={`Edit ${issue.title}`}
        className="text-muted-foreground hover:text-foreground"
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        asChild
        className="text-muted-foreground hover:text-foreground"
      >
        <a
          href={issue.url}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={`Open ${issue.identifier} in Linear`}
        >
          <ExternalLink aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
