import { type CalendarEvent } from '@summy/core';
import {
  CALENDAR_LAYOUT,
  type DayEventBox,
  layoutDay,
  localDateKey,
} from '@summy/core/calendar-layout';
import { useMemo } from 'react';
import { formatDate } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { hourLabel } from '../utils/calendar-format';
import { DAY_PX, WEEK_COLUMNS, type WeekPartProps } from '../utils/week-layout';
import { EventBlock } from './event-block';

const { hourHeight, hours } = CALENDAR_LAYOUT;

/** Placeholder blocks of the skeleton grid: day, start hour, length in hours. */
const SKELETON_BLOCKS: readonly [number, number, number][] = [
  [1, 9, 1],
  [1, 11, 0.5],
  [2, 10, 1.5],
  [3, 8.5, 1],
  [3, 13, 2],
  [4, 9, 0.5],
  [4, 14, 1],
  [5, 10, 1],
  [5, 15, 1.5],
];

/** Minutes after local midnight. */
function minutesOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes();
}

/** Props of {@link WeekGrid}. */
export interface WeekGridProps extends WeekPartProps {
  /** The current time, for the red line on today. */
  now: Date;
}

/**
 * The week's hours: the sticky gutter of hour labels beside seven day columns of 24 hour rows,
 * each with its timed events side by side where they overlap (or skeleton blocks while loading).
 */
export function WeekGrid({
  now,
  days,
  weekKey,
  todayKey,
  animation,
  animationStyle,
  events,
  accountOrder,
  onSelect,
}: WeekGridProps) {
  const boxesByDay = useMemo(() => days.map((day) => layoutDay(events ?? [], day)), [days, events]);

  return (
    <div className="grid" style={WEEK_COLUMNS}>
      <div className="sticky left-0 z-10 bg-card" style={{ height: DAY_PX }} aria-hidden="true">
        {Array.from({ length: hours - 1 }, (_, i) => i + 1).map((hour) => (
          <span
            key={hour}
            className="absolute right-2 -translate-y-1/2 text-[11px] whitespace-nowrap text-muted-foreground tabular-nums"
            style={{ top: hour * hourHeight }}
          >
            {hourLabel(hour)}
          </span>
        ))}
      </div>
      <div
        key={`grid-${weekKey}`}
        className={cn('relative grid grid-cols-7', animation)}
        style={{
          ...animationStyle,
          height: DAY_PX,
          backgroundImage: 'linear-gradient(to bottom, var(--border) 1px, transparent 1px)',
          backgroundSize: `100% ${hourHeight}px`,
        }}
      >
        {days.map((day, i) => {
          const isToday = localDateKey(day) === todayKey;
          return (
            <div
              key={day.getTime()}
              role="group"
              aria-label={formatDate(day, 'EEEE, MMMM d, yyyy')}
              className={cn('relative border-l', isToday && 'bg-brand/[0.04]')}
            >
              {events === undefined ? (
                <SkeletonBlocks day={i} />
              ) : (
                <DayEvents boxes={boxesByDay[i]!} accountOrder={accountOrder} onSelect={onSelect} />
              )}
              {isToday && <CurrentTimeLine now={now} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The skeleton's placeholder blocks in one day column, by its index from Sunday. */
function SkeletonBlocks({ day }: { day: number }) {
  return SKELETON_BLOCKS.filter(([d]) => d === day).map(([, start, length]) => (
    <div
      key={start}
      className="absolute inset-x-1 animate-pulse rounded-md bg-muted"
      style={{ top: start * hourHeight, height: length * hourHeight - 2 }}
    />
  ));
}

/** One day's laid-out timed events. */
function DayEvents({
  boxes,
  accountOrder,
  onSelect,
}: {
  boxes: DayEventBox<CalendarEvent>[];
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}) {
  return boxes.map((box) => (
    <EventBlock key={box.id} box={box} accountOrder={accountOrder} onSelect={onSelect} />
  ));
}

/** The red line across today's column at the current minute. */
function CurrentTimeLine({ now }: { now: Date }) {
  return (
    <div
      data-testid="current-time-line"
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 z-[5] border-t-2 border-red-500"
      style={{ top: (minutesOfDay(now) * hourHeight) / 60 - 1 }}
    >
      <span className="absolute -top-[5px] -left-[5px] size-2 rounded-full bg-red-500" />
    </div>
  );
}
