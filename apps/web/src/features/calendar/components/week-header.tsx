import { layoutAllDayRow, localDateKey } from '@summy/core/calendar-layout';
import { ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { weekdayLabel } from '../utils/calendar-format';
import { WEEK_COLUMNS, type WeekPartProps } from '../utils/week-layout';
import { AllDayRow } from './all-day-row';

/** Props of {@link WeekHeader}. */
export interface WeekHeaderProps extends WeekPartProps {
  /** Local midnight of the week's Sunday, where the all-day row's bars are measured from. */
  weekStart: Date;
}

/**
 * The week grid's sticky header: each day's weekday and date (today in a filled circle), and under
 * them the all-day row, collapsed to per-day counts when its events overlap, with a toggle.
 */
export function WeekHeader(props: WeekHeaderProps) {
  const { weekStart, events, weekKey, animation, animationStyle } = props;
  const [allDayExpanded, setAllDayExpanded] = useState(false);
  const allDay = useMemo(() => layoutAllDayRow(events ?? [], weekStart), [events, weekStart]);

  return (
    <div className="sticky top-0 z-20 grid border-b bg-card" style={WEEK_COLUMNS}>
      <div className="sticky left-0 z-10 bg-card" />
      <div
        key={`days-${weekKey}`}
        className={cn('grid grid-cols-7', animation)}
        style={animationStyle}
      >
        {props.days.map((day) => (
          <DayHeading
            key={day.getTime()}
            day={day}
            isToday={localDateKey(day) === props.todayKey}
          />
        ))}
      </div>
      <div className="sticky left-0 z-10 flex items-start justify-end border-t bg-card py-1 pr-1">
        {allDay.overlaps ? (
          <AllDayToggle expanded={allDayExpanded} onToggle={() => setAllDayExpanded((v) => !v)} />
        ) : (
          <span className="flex h-6 items-center pr-1 text-[11px] whitespace-nowrap text-muted-foreground">
            All day
          </span>
        )}
      </div>
      <div
        key={`all-day-${weekKey}`}
        className={cn('border-t', animation)}
        style={animationStyle}
        role="region"
        aria-label="All-day events"
      >
        {events === undefined ? (
          <AllDaySkeleton days={props.days} />
        ) : (
          <AllDayRow
            layout={allDay}
            collapsed={allDay.overlaps && !allDayExpanded}
            onExpand={() => setAllDayExpanded(true)}
            accountOrder={props.accountOrder}
            onSelect={props.onSelect}
          />
        )}
      </div>
    </div>
  );
}

/** One day's heading: the full date for screen readers, weekday and day of month on screen. */
function DayHeading({ day, isToday }: { day: Date; isToday: boolean }) {
  return (
    <div
      data-today={isToday}
      className="flex snap-start flex-col items-center gap-0.5 border-l py-2"
      aria-current={isToday ? 'date' : undefined}
    >
      <span className="sr-only">{formatDate(day, 'EEEE, MMMM d, yyyy')}</span>
      <span
        aria-hidden="true"
        className={cn(
          'text-[11px] font-medium tracking-wide text-muted-foreground uppercase',
          isToday && 'text-brand-soft-foreground',
        )}
      >
        {weekdayLabel(day)}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 items-center justify-center rounded-full text-lg leading-none font-semibold tabular-nums',
          isToday && 'bg-primary text-primary-foreground',
        )}
      >
        {day.getDate()}
      </span>
    </div>
  );
}

/** The gutter's 'All day' button that expands or collapses an overlapping all-day row. */
function AllDayToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-label={expanded ? 'Collapse all-day events' : 'Expand all-day events'}
      className="flex h-6 cursor-pointer items-center gap-0.5 rounded-md pr-0.5 pl-1 text-[11px] whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      All day
      <ChevronDown
        aria-hidden="true"
        className={cn('size-3 transition-transform', expanded && 'rotate-180')}
      />
    </button>
  );
}

/** Placeholder bars in the all-day row while the week's events load. */
function AllDaySkeleton({ days }: { days: readonly Date[] }) {
  return (
    <div className="grid min-h-8 grid-cols-7">
      {days.map((day, i) => (
        <div key={day.getTime()} className="border-l px-1 py-1.5">
          {i % 3 === 1 && <div className="h-5 animate-pulse rounded-md bg-muted" />}
        </div>
      ))}
    </div>
  );
}
