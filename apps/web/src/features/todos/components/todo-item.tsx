/**
 * One row of the to-do screen ("each with a title, a star (priority) toggle and a link to its
 * source meeting"; "Right-click on a to-do opens a menu with 'Delete to-do'"): the completion
 * checkbox, the title (click or Enter to edit it in place), the meeting it came from, the star, and
 * a menu button holding 'Delete to-do' for keyboard and touch users.
 */
import { TEXT_LIMITS, TODO_MESSAGES, type Todo } from '@summy/core';
import { AudioLines, Check, MoreHorizontal, Star, Trash2 } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { AssigneeChip } from '@/components/assignee-chip';
import { Button } from '@/components/ui/button';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuTrigger,
} from '@/components/ui/context-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDate, isSameYear } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { useTitleEditor } from '../hooks/use-title-editor';

/** What a to-do without a title shows in its place. */
export const UNTITLED_TODO = 'Untitled to-do';

/** Props of {@link TodoItem}. */
export interface TodoItemProps {
  todo: Todo;
  /** The title is being edited. */
  editing: boolean;
  /** Added a moment ago by 'Add to-do': ending its first edit empty discards it. */
  isNew: boolean;
  /** Named by the address (`/todos?todo={id}`): scrolled to, highlighted and given the focus. */
  focused?: boolean;
  onEditStart: (todo: Todo) => void;
  /** The edit ended; `savedTitle` is the title now saved ('' for a new to-do left empty). */
  onEditEnd: (todo: Todo, savedTitle: string) => void;
  onSaveTitle: (todo: Todo, title: string) => void;
  onToggleCompleted: (todo: Todo, completed: boolean) => void;
  onToggleStar: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
}

/** A to-do row with its right-click menu. */
export function TodoItem(props: TodoItemProps) {
  const { todo, editing, focused, onDelete } = props;
  return (
    <ContextMenu>
      {/* Editing: the input keeps the browser's own menu (copy, paste, spelling). */}
      <ContextMenuTrigger asChild disabled={editing}>
        <li
          className={cn(
            'group relative flex items-start gap-3 rounded-xl border bg-card px-3.5 py-3 shadow-xs transition-colors',
            'hover:border-foreground/15 focus-within:border-foreground/15 data-[state=open]:border-foreground/20',
            todo.completed && 'bg-muted/30 shadow-none',
            focused && 'border-brand/40 ring-[3px] ring-brand/20',
          )}
          aria-current={focused ? 'true' : undefined}
        >
          <TodoRow {...props} />
        </li>
      </ContextMenuTrigger>
      <ContextMenuContent className="min-w-44">
        <ContextMenuItem variant="destructive" onSelect={() => onDelete(todo)}>
          <Trash2 aria-hidden="true" />
          {TODO_MESSAGES.deleteMenuItem}
        </ContextMenuItem>
      </ContextMenuContent>
    </ContextMenu>
  );
}

function TodoRow({
  todo,
  editing,
  isNew,
  focused,
  onEditStart,
  onEditEnd,
  onSaveTitle,
  onToggleCompleted,
  onToggleStar,
  onDelete,
}: TodoItemProps) {
  const titleId = useId();
  const { titleButtonRef, refocusRef } = useTitleFocus(editing, focused);

  return (
    <>
      <Checkbox.Root
        checked={todo.completed}
        onCheckedChange={(checked) => onToggleCompleted(todo, checked === true)}
        aria-labelledby={titleId}
        className={cn(
          'mt-0.5 flex size-[18px] shrink-0 cursor-pointer items-center justify-center rounded-[5px] border border-input bg-background shadow-xs outline-none transition-colors',
          'focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        )}
      >
        <Checkbox.Indicator>
          <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Root>

      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {editing ? (
          <TitleInput
            id={titleId}
            original={todo.title}
            discardEmpty={isNew}
            onSave={(title) => onSaveTitle(todo, title)}
            onDone={(savedTitle, byKey) => {
              refocusRef.current = byKey;
              onEditEnd(todo, savedTitle);
            }}
          />
        ) : (
          <button
            ref={titleButtonRef}
            id={titleId}
            type="button"
            onClick={() => onEditStart(todo)}
            title="Edit title"
            className={cn(
              '-mx-1 -my-0.5 cursor-text rounded-md px-1 py-0.5 text-left text-sm leading-5 font-medium break-words outline-none',
              'hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
              !todo.title && 'font-normal text-muted-foreground italic',
              todo.completed && 'text-muted-foreground line-through decoration-muted-foreground/50',
            )}
          >
            {todo.title || UNTITLED_TODO}
          </button>
        )}
        {todo.description && (
          <p className="line-clamp-2 text-sm leading-5 break-words text-muted-foreground">
            {todo.description}
          </p>
        )}
        <TodoChips todo={todo} />
      </div>

      <RowActions todo={todo} titleId={titleId} onToggleStar={onToggleStar} onDelete={onDelete} />
    </>
  );
}

/** The title in edit: saved as typed (debounced), on Enter and on blur; Escape cancels. */
function TitleInput({
  id,
  original,
  discardEmpty,
  onSave,
  onDone,
}: {
  id: string;
  original: string;
  discardEmpty: boolean;
  onSave: (title: string) => void;
  /** `byKey`: ended by Enter or Escape rather than by focus leaving. */
  onDone: (savedTitle: string, byKey: boolean) => void;
}) {
  const byKey = useRef(false);
  const editor = useTitleEditor({
    original,
    discardEmpty,
    save: onSave,
    onDone: (savedTitle) => onDone(savedTitle, byKey.current),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An input method composing a character uses Enter and Escape itself.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      byKey.current = true;
      editor.commit();
    } else if (event.key === 'Escape') {
      // Escape belongs to this edit, not to a dialog or panel around the page.
      event.preventDefault();
      event.stopPropagation();
      byKey.current = true;
      editor.cancel();
    }
  };

  return (
    <input
      id={id}
      // The row was opened for editing on purpose (click, Enter, or 'Add to-do').
      autoFocus
      value={editor.draft}
      onChange={(event) => editor.change(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={editor.commit}
      aria-label="To-do title"
      placeholder="What needs to be done?"
      maxLength={TEXT_LIMITS.todoTitle}
      enterKeyHint="done"
      className="-mx-1 -my-0.5 h-auto w-[calc(100%+0.5rem)] rounded-md border-0 bg-accent/60 px-1 py-0.5 text-sm leading-5 font-medium outline-none placeholder:font-normal placeholder:text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    />
  );
}

/** A source meeting's day on its chip: 'Nov 24' this year, 'Nov 24, 2025' before. */
function meetingChipDate(iso: string): string {
  const date = new Date(iso);
  return formatDate(date, isSameYear(date, new Date()) ? 'MMM d' : 'MMM d, yyyy');
}

/**
 * Enter or Escape hands focus back to the title (`refocus` is set by the edit's end); a blur leaves
 * it where the person moved it. A to-do named by the address is scrolled to and focused.
 */
function useTitleFocus(editing: boolean, focused: boolean | undefined) {
  const titleButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    titleButton.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (!focused) return;
    titleButton.current?.scrollIntoView({ block: 'center' });
    titleButton.current?.focus({ preventScroll: true });
  }, [focused]);
  return { titleButtonRef: titleButton, refocusRef: refocus };
}

/** The source meeting (a link with its date) and the person it is assigned to, when there are. */
function TodoChips({ todo }: { todo: Todo }) {
  if (!todo.meetingId && !todo.assignedTo) return null;
  return (
    <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
      {todo.meetingId && (
        <Link
          to={`/meeting/${encodeURIComponent(todo.meetingId)}`}
          className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-soft-foreground outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <AudioLines className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">From meeting </span>
          {/* The title gives way on a narrow screen; the date, which tells apart meetings of
              one title (a series), stays whole. */}
          <span className="min-w-0 truncate">{todo.meetingTitle || 'Source meeting'}</span>
          {todo.meetingDate && (
            <span className="shrink-0 font-normal tabular-nums opacity-80">
              · {meetingChipDate(todo.meetingDate)}
            </span>
          )}
        </Link>
      )}
      {todo.assignedTo && <AssigneeChip name={todo.assignedTo} />}
    </div>
  );
}

/** The star and the menu button holding 'Delete to-do'. */
function RowActions({
  todo,
  titleId,
  onToggleStar,
  onDelete,
}: Pick<TodoItemProps, 'todo' | 'onToggleStar' | 'onDelete'> & { titleId: string }) {
  return (
    <div className="-my-1 -mr-1.5 flex shrink-0 items-center">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Priority"
        aria-pressed={todo.priority}
        aria-describedby={titleId}
        title={todo.priority ? 'Remove star' : 'Star'}
        onClick={() => onToggleStar(todo)}
        className={cn(
          todo.priority
            ? 'text-amber-500 hover:text-amber-600 dark:text-amber-400 dark:hover:text-amber-300'
            : 'text-muted-foreground/70 hover:text-foreground',
        )}
      >
        <Star className={cn(todo.priority && 'fill-current')} aria-hidden="true" />
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="To-do actions"
            aria-describedby={titleId}
            className={cn(
              'text-muted-foreground hover:text-foreground data-[state=open]:opacity-100',
              // Shown on hover or focus of the row; always there on touch screens.
              'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100',
            )}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(todo)}>
            <Trash2 className="text-destructive" aria-hidden="true" />
            {TODO_MESSAGES.deleteMenuItem}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
