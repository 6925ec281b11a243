/**
 * The browser side of bench/calendar/render.ts: renders 300 events as the real week view
 * (`WeekView` with the app's CSS) or as a plain list, and times each render to the next paint.
 * Bundled by esbuild with the web app's `@/` alias; type-checked by bench/calendar/tsconfig.json.
 */
import { type CalendarEvent } from '@summy/core';
import { addLocalDays, layoutAllDayRow, layoutDay } from '@summy/core/calendar-layout';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { WeekView } from '@/features/calendar/components/week-view';
import { timeRange } from '@/features/calendar/utils/calendar-format';
import type { CalendarBenchApi, CalendarBenchGlobal } from './bench-api';

let root: Root | null = null;

/** The reference: one row per event, title and time, as a plain unstyled-ish list. */
function PlainList({ events }: { events: CalendarEvent[] }) {
  return (
    <ul className="flex flex-col gap-1 p-4 text-sm">
      {events.map((e) => (
        <li key={e.id} data-event-id={e.id} className="flex gap-2">
          <span className="font-medium">{e.title}</span>
          <span className="text-muted-foreground">
            {e.isAllDay ? 'All day' : timeRange(e.startTime, e.endTime)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const api: CalendarBenchApi = {
  async render(kind, events, weekStartIso) {
    const host = document.getElementById('root')!;
    root?.unmount();
    await nextPaint();
    root = createRoot(host);
    const weekStart = new Date(weekStartIso);
    const now = addLocalDays(weekStart, 3);
    const t0 = performance.now();
    flushSync(() =>
      root!.render(
        kind === 'week' ? (
          <div className="flex h-[760px] flex-col">
            <WeekView
              weekStart={weekStart}
              events={events}
              now={now}
              direction={null}
              accountOrder={[]}
              onSelect={() => undefined}
            />
          </div>
        ) : (
          <PlainList events={events} />
        ),
      ),
    );
    // Style and layout now, then wait for the frame that paints it.
    void host.getBoundingClientRect().height;
    await nextPaint();
    return performance.now() - t0;
  },
  layoutOnly(events, weekStartIso) {
    const weekStart = new Date(weekStartIso);
    const t0 = performance.now();
    layoutAllDayRow(events, weekStart);
    for (let d = 0; d < 7; d++) layoutDay(events, addLocalDays(weekStart, d));
    return performance.now() - t0;
  },
  drawn() {
    return document.querySelectorAll('[data-event-id]').length;
  },
};

(globalThis as unknown as CalendarBenchGlobal).calendarBench = api;
