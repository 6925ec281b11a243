import { type CalendarEvent } from '@summy/core';
import { allDayCountLabel, type AllDayRowLayout } from '@summy/core/calendar-layout';
import { cn } from '@/lib/utils';
import { eventTone } from './event-colors';

/** Props of {@link AllDayRow}. */
export interface AllDayRowProps {
  layout: AllDayRowLayout<CalendarEvent>;
  /** Collapsed rows show per-day counts; only rows whose events overlap can collapse. */
  collapsed: boolean;
  onExpand: () => void;
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}

/** Height of one lane of all-day bars, px. */
const LANE_PX = 24;

/**
 * The week's all-day events over the seven day columns. Expanded, each event is a bar over its
 * days, stacked in lanes; collapsed (only when events overlap), each day shows '{n} event(s)', and
 * a count expands the row.
 */
export function AllDayRow({ layout, collapsed, onExpand, accountOrder, onSelect }: AllDayRowProps) {
  if (collapsed) {
    return (
      <div className="grid grid-cols-7" data-testid="all-day-counts">
        {layout.counts.map((count, day) => (
          <div key={day} className="flex min-h-8 items-center border-l px-1 py-1">
            {count > 0 && (
              <button
                type="button"
                onClick={onExpand}
                className="w-full cursor-pointer truncate rounded-md bg-muted px-1.5 py-0.5 text-left text-xs font-medium text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {allDayCountLabel(count)}
              </button>
            )}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div
      className="relative grid grid-cols-7 py-1"
      style={{
        gridTemplateRows: `repeat(${Math.max(layout.lanes, 1)}, ${LANE_PX}px)`,
        rowGap: 2,
      }}
    >
      {/* Column rules behind the bars. */}
      {Array.from({ length: 7 }, (_, day) => (
        <div
          key={day}
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 border-l"
          style={{ left: `${(day / 7) * 100}%` }}
        />
      ))}
      {layout.bars.map((bar) => {
        const tone = eventTone(bar.event.accountId, accountOrder);
        const unanswered = bar.event.myStatus === 'needsAction';
        return (
          <button
            key={bar.id}
            type="button"
            data-event-id={bar.id}
            onClick={() => onSelect(bar.event)}
            aria-label={`${bar.event.title}, all day`}
            className={cn(
              'relative mx-0.5 min-w-0 cursor-pointer truncate rounded-md px-1.5 text-left text-xs leading-[22px] font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
              unanswered
                ? cn('border border-dashed bg-background', tone.outline)
                : cn('border-l-[3px]', tone.solid),
              bar.continuesBefore && 'rounded-l-none border-l-0',
              bar.continuesAfter && 'rounded-r-none',
            )}
            style={{ gridColumn: `${bar.startCol + 1} / span ${bar.span}`, gridRow: bar.lane + 1 }}
          >
            {bar.event.title}
          </button>
        );
      })}
    </div>
  );
}
