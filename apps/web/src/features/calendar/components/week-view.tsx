import { type CalendarEvent } from '@summy/core';
import {
  addLocalDays,
  CALENDAR_LAYOUT,
  layoutAllDayRow,
  layoutDay,
  localDateKey,
} from '@summy/core/calendar-layout';
import { ChevronDown } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { formatDate } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { hourLabel, weekdayLabel } from '../utils/calendar-format';
import { AllDayRow } from './all-day-row';
import { EventBlock } from './event-block';

/** Which way the week moved: the new week slides in from that side. */
export type WeekDirection = 'left' | 'right' | null;

/** Props of {@link WeekView}. */
export interface WeekViewProps {
  /** Local midnight of the week's Sunday. */
  weekStart: Date;
  /** The week's events; `undefined` while they load draws the skeleton grid. */
  events: CalendarEvent[] | undefined;
  now: Date;
  direction: WeekDirection;
  /** Linked account ids, primary first: each account keeps one colour. */
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}

const { hourHeight, hours, gutter } = CALENDAR_LAYOUT;
const DAY_PX = hourHeight * hours;
/** The grid opens scrolled to about 08:00, a little above it so the 8 AM label shows. */
const OPEN_AT_PX = 8 * hourHeight - 16;
/**
 * Day columns are at least this wide, px; narrower screens show as many whole days as fit (four
 * on a 375 px phone) and scroll the week sideways a day at a time.
 */
const MIN_DAY_PX = 64;

/**
 * The width of a day column when the week does not fit `width` px (the scroller's inner width),
 * chosen so whole days fill the space beside the gutter; `null` when all seven fit.
 */
function dayColumnWidth(width: number): number | null {
  const room = width - gutter;
  const shown = Math.max(1, Math.floor(room / MIN_DAY_PX));
  return shown >= 7 ? null : room / shown;
}

const columns: CSSProperties = { gridTemplateColumns: `${gutter}px minmax(0, 1fr)` };

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

/** The class that slides the new week in from the side it came from, in 300 ms. */
function transitionClass(direction: WeekDirection): string | undefined {
  if (!direction) return undefined;
  return cn(
    'animate-in fade-in-0 motion-reduce:animate-none',
    direction === 'right' ? 'slide-in-from-right-8' : 'slide-in-from-left-8',
  );
}

/** Minutes after local midnight. */
function minutesOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes();
}

/**
 * The week grid: seven day columns from Sunday under a 64 px time gutter, 24 hour rows of 80 px,
 * the all-day row (collapsed to per-day counts when its events overlap, with a toggle), overlapping
 * events side by side, and a red line at the current time on today. It opens scrolled to about
 * 08:00 and, when the screen is narrower than the week, sideways to today.
 */
export function WeekView({
  weekStart,
  events,
  now,
  direction,
  accountOrder,
  onSelect,
}: WeekViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [allDayExpanded, setAllDayExpanded] = useState(false);
  const [dayPx, setDayPx] = useState<number | null>(null);
  const weekKey = localDateKey(weekStart);
  const days = useMemo(
    () => Array.from({ length: 7 }, (_, i) => addLocalDays(weekStart, i)),
    [weekStart],
  );
  const todayKey = localDateKey(now);
  const allDay = useMemo(() => layoutAllDayRow(events ?? [], weekStart), [events, weekStart]);
  const boxesByDay = useMemo(() => days.map((day) => layoutDay(events ?? [], day)), [days, events]);
  const collapsed = allDay.overlaps && !allDayExpanded;
  const animation = transitionClass(direction);
  const animationStyle: CSSProperties = { animationDuration: `${CALENDAR_LAYOUT.transitionMs}ms` };

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    // Only when the view opens: later weeks keep the hour the person scrolled to.
    scroller.scrollTop = OPEN_AT_PX;
    const measure = () => setDayPx(dayColumnWidth(scroller.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // Sideways to today whenever the week starts to overflow (on open on a phone, or after the
  // window narrowed), not on every resize: the person may have scrolled elsewhere.
  const overflowing = dayPx !== null;
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const today = scroller?.querySelector<HTMLElement>('[data-today="true"]');
    if (scroller && today && overflowing) {
      scroller.scrollLeft = Math.max(today.offsetLeft - gutter, 0);
    }
  }, [overflowing]);

  // The scroller has no scroll anchoring: the all-day row growing once events arrive must not
  // move the hours; sideways it always comes to rest on a day's edge at the sticky gutter, so no
  // strip of a scrolled-away day shows beside it.
  return (
    <div
      ref={scrollRef}
      className="relative min-h-0 flex-1 snap-x snap-mandatory overflow-auto overscroll-contain rounded-xl border bg-card [overflow-anchor:none]"
      style={{ scrollPaddingLeft: gutter }}
      aria-busy={events === undefined}
    >
      <div style={dayPx === null ? undefined : { width: gutter + 7 * dayPx }}>
        <div className="sticky top-0 z-20 grid border-b bg-card" style={columns}>
          <div className="sticky left-0 z-10 bg-card" />
          <div
            key={`days-${weekKey}`}
            className={cn('grid grid-cols-7', animation)}
            style={animationStyle}
          >
            {days.map((day) => {
              const isToday = localDateKey(day) === todayKey;
              return (
                <div
                  key={day.getTime()}
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
            })}
          </div>
          <div className="sticky left-0 z-10 flex items-start justify-end border-t bg-card py-1 pr-1">
            {allDay.overlaps ? (
              <button
                type="button"
                onClick={() => setAllDayExpanded((v) => !v)}
                aria-expanded={allDayExpanded}
                aria-label={allDayExpanded ? 'Collapse all-day events' : 'Expand all-day events'}
                className="flex h-6 cursor-pointer items-center gap-0.5 rounded-md pr-0.5 pl-1 text-[11px] whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                All day
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-3 transition-transform', allDayExpanded && 'rotate-180')}
                />
              </button>
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
              <div className="grid min-h-8 grid-cols-7">
                {days.map((day, i) => (
                  <div key={day.getTime()} className="border-l px-1 py-1.5">
                    {i % 3 === 1 && <div className="h-5 animate-pulse rounded-md bg-muted" />}
                  </div>
                ))}
              </div>
            ) : (
              <AllDayRow
                layout={allDay}
                collapsed={collapsed}
                onExpand={() => setAllDayExpanded(true)}
                accountOrder={accountOrder}
                onSelect={onSelect}
              />
            )}
          </div>
        </div>

        <div className="grid" style={columns}>
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
                  {events === undefined
                    ? SKELETON_BLOCKS.filter(([d]) => d === i).map(([, start, length]) => (
                        <div
                          key={start}
                          className="absolute inset-x-1 animate-pulse rounded-md bg-muted"
                          style={{ top: start * hourHeight, height: length * hourHeight - 2 }}
                        />
                      ))
                    : boxesByDay[i]!.map((box) => (
                        <EventBlock
                          key={box.id}
                          box={box}
                          accountOrder={accountOrder}
                          onSelect={onSelect}
                        />
                      ))}
                  {isToday && (
                    <div
                      data-testid="current-time-line"
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 z-[5] border-t-2 border-red-500"
                      style={{ top: (minutesOfDay(now) * hourHeight) / 60 - 1 }}
                    >
                      <span className="absolute -top-[5px] -left-[5px] size-2 rounded-full bg-red-500" />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
