/**
 * Tasks mode of the meeting view: 'Pending Tasks ({n})' and 'Completed ({n})', 'No action items'
 * when empty, 'Failed to update action item' when completing fails (docs/product.md#meeting-view).
 * Each item has a hover-revealed button to its to-do: every action item is already one of the
 * user's to-dos, so the button opens it there instead of copying it
 * (docs/decisions/031-action-items-are-to-dos.md).
 */
import type { Meeting } from '@summy/core';
import { ClipboardList, ExternalLink, ListChecks, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { AssigneeChip } from '@/components/assignee-chip';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import { todoHref } from '@/lib/todo-href';
import { useUpdateActionItem } from '@/features/meetings/api/update-action-item';
import { GeneratingState, PanelEmpty, type BusyLabel } from './panel-states';

type ActionItem = Meeting['actionItems'][number];

/**
 * A control another feature adds to each action item not yet sent to Linear ('Send to Linear',
 * docs/product.md#linear), composed by the app layer; `describedBy` is the id of the item's title.
 */
export type ActionItemActionSlot = (item: ActionItem, describedBy: string) => ReactNode;

/** Props of {@link MeetingActionItems}. */
export interface MeetingActionItemsProps {
  meetingId: string;
  items: readonly ActionItem[];
  /** True while the pipeline may still extract items (shows the spinner instead of the empty message). */
  generating: boolean;
  progress: BusyLabel | null;
  /** See {@link ActionItemActionSlot}. */
  itemAction?: ActionItemActionSlot;
}

/** The action items of a meeting in two sections, pending first. */
export function MeetingActionItems({
  meetingId,
  items,
  generating,
  progress,
  itemAction,
}: MeetingActionItemsProps) {
  const update = useUpdateActionItem(meetingId);

  if (items.length === 0) {
    if (generating) return <GeneratingState label={progress} subject="Action items" />;
    return (
      <PanelEmpty
        icon={ClipboardList}
        title="No action items"
        description="Tasks and follow-ups found in the meeting show up here."
      />
    );
  }

  const pending = items.filter((item) => !item.completed);
  const completed = items.filter((item) => item.completed);

  const toggle = (item: ActionItem, next: boolean) => {
    update.mutate(
      { id: item.id, input: { completed: next } },
      { onError: () => toast.error('Failed to update action item') },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <ItemSection
        title={`Pending Tasks (${pending.length})`}
        items={pending}
        onToggle={toggle}
        itemAction={itemAction}
      >
        {pending.length === 0 && (
          <p className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
            All caught up.
          </p>
        )}
      </ItemSection>
      <ItemSection
        title={`Completed (${completed.length})`}
        items={completed}
        onToggle={toggle}
        itemAction={itemAction}
      >
        {completed.length === 0 && (
          <p className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
            Completed tasks move here.
          </p>
        )}
      </ItemSection>
    </div>
  );
}

function ItemSection({
  title,
  items,
  onToggle,
  itemAction,
  children,
}: {
  title: string;
  items: readonly ActionItem[];
  onToggle: (item: ActionItem, completed: boolean) => void;
  itemAction?: ActionItemActionSlot;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      {children}
      {items.length > 0 && (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <ActionItemRow key={item.id} item={item} onToggle={onToggle} itemAction={itemAction} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ActionItemRow({
  item,
  onToggle,
  itemAction,
}: {
  item: ActionItem;
  onToggle: (item: ActionItem, completed: boolean) => void;
  itemAction?: ActionItemActionSlot;
}) {
  const titleId = useId();
  return (
    <li
      className={cn(
        'group relative flex items-start gap-3 rounded-xl border bg-card px-3.5 py-3 shadow-xs transition-colors',
        'hover:border-foreground/15 hover:bg-accent/40 focus-within:border-foreground/15',
        item.completed && 'bg-muted/30 shadow-none',
      )}
    >
      <Checkbox
        checked={item.completed}
        onCheckedChange={(checked) => onToggle(item, checked === true)}
        aria-labelledby={titleId}
      />

      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p
          id={titleId}
          className={cn(
            'text-sm leading-5 font-medium break-words',
            item.completed && 'text-muted-foreground line-through decoration-muted-foreground/50',
          )}
        >
          {item.title || 'Untitled task'}
        </p>
        {item.description && (
          <p className="text-sm leading-5 break-words text-muted-foreground">{item.description}</p>
        )}
        {(item.assignedTo || item.priority || item.linearIssueUrl) && (
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {item.priority && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
                <Star className="size-3 fill-current" aria-hidden="true" />
                Priority
              </span>
            )}
            {item.assignedTo && <AssigneeChip name={item.assignedTo} />}
            {item.linearIssueUrl && (
              <a
                href={item.linearIssueUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 rounded-full bg-indigo-500/10 px-2 py-0.5 text-xs font-medium text-indigo-700 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:text-indigo-300"
              >
                <ExternalLink className="size-3" aria-hidden="true" />
                In Linear
              </a>
            )}
          </div>
        )}
      </div>

      {/* The row's buttons float over its top-right corner, so the text keeps the card's full
          width while they are hidden; revealed on hover, on keyboard focus in the row, or while a
          menu they opened is open. On touch screens, where nothing hovers, they stay in the row's
          flow and always show. */}
      <div
        className={cn(
          'flex shrink-0 items-center gap-1 [@media(hover:hover)]:absolute [@media(hover:hover)]:top-2 [@media(hover:hover)]:right-2 [@media(hover:hover)]:rounded-lg [@media(hover:hover)]:border [@media(hover:hover)]:bg-popover [@media(hover:hover)]:p-0.5 [@media(hover:hover)]:shadow-sm',
          'opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100 [@media(hover:none)]:-my-1 [@media(hover:none)]:opacity-100',
        )}
      >
        {itemAction && !item.linearIssueUrl && itemAction(item, titleId)}
        <OpenInTodosLink item={item} describedBy={titleId} />
      </div>
    </li>
  );
}

/**
 * Opens the item in the personal to-dos, where it already is: every action item is saved as one of
 * the user's to-dos when it is extracted, so there is nothing to copy
 * (docs/decisions/031-action-items-are-to-dos.md). Revealed on hover or keyboard focus of its row.
 */
function OpenInTodosLink({ item, describedBy }: { item: ActionItem; describedBy: string }) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      className="shrink-0 text-muted-foreground hover:text-foreground"
    >
      <Link to={todoHref(item.id)} aria-describedby={describedBy} title="Already in your to-dos">
        <ListChecks aria-hidden="true" />
        <span className="max-sm:sr-only">Open in my to-dos</span>
      </Link>
    </Button>
  );
}
