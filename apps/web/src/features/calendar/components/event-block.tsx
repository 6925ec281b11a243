import type { CalendarEvent } from '@summy/core';
import type { DayEventBox } from '@summy/core/calendar-layout';
import { Link2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { compactTimeRange, timeRange } from '../utils/calendar-format';
import { eventTone } from './event-colors';

/** Props of {@link EventBlock}. */
export interface EventBlockProps {
  box: DayEventBox<CalendarEvent>;
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}

/** Blocks shorter than this put the time beside the title instead of under it, px. */
const ONE_LINE_PX = 44;

/** What a screen reader hears of the person's answer. */
export const RESPONSE_LABELS: Record<CalendarEvent['myStatus'], string> = {
  accepted: 'Going',
  tentative: 'Maybe',
  needsAction: 'Not answered',
  declined: 'Declined',
};

/**
 * One timed event in its day column, placed by `layoutDay` (min 20 px, the time range only over 30
 * minutes, overlapping events side by side). An unanswered invitation (`needsAction`) has a dashed
 * outline. A button: Enter opens the details.
 */
export function EventBlock({ box, accountOrder, onSelect }: EventBlockProps) {
  const { event } = box;
  const tone = eventTone(event.accountId, accountOrder);
  const unanswered = event.myStatus === 'needsAction';
  const range = timeRange(event.startTime, event.endTime);
  const shortRange = compactTimeRange(event.startTime, event.endTime);
  const oneLine = box.height < ONE_LINE_PX;
  return (
    <button
      type="button"
      data-event-id={event.id}
      aria-label={`${event.title}, ${range}${event.myStatus === 'accepted' ? '' : `, ${RESPONSE_LABELS[event.myStatus]}`}`}
      onClick={() => onSelect(event)}
      className={cn(
        'absolute flex cursor-pointer flex-col overflow-hidden rounded-md px-1.5 text-left text-xs leading-tight ring-1 ring-background transition-[filter,box-shadow] outline-none hover:brightness-[0.97] focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:hover:brightness-125',
        oneLine ? 'justify-center py-0' : 'py-1',
        unanswered
          ? cn('border border-dashed bg-background/90 dark:bg-background/70', tone.outline)
          : cn('border-l-[3px]', tone.solid),
        event.myStatus === 'tentative' && 'opacity-85',
      )}
      style={{
        top: box.top,
        height: box.height,
        left: `calc(${box.leftPct}% + 2px)`,
        width: `calc(${box.widthPct}% - 4px)`,
      }}
    >
      <span className={cn('flex min-w-0 items-center gap-1', oneLine && 'whitespace-nowrap')}>
        {event.linkedMeetingId && <Link2 className="size-3 shrink-0" aria-hidden="true" />}
        {/* Lines break only between words, never inside one: a block beside others (too narrow
            for a word of a title) or a short one keeps one line ending in an ellipsis. */}
        <span
          data-slot="event-title"
          className={cn(
            'min-w-0 font-medium [overflow-wrap:normal]',
            oneLine || box.widthPct < 100 ? 'truncate' : 'line-clamp-2',
          )}
        >
          {event.title}
        </span>
        {oneLine && box.showTimeRange && <span className="truncate">{shortRange}</span>}
      </span>
      {!oneLine && box.showTimeRange && <span className="mt-0.5 truncate">{shortRange}</span>}
    </button>
  );
}
