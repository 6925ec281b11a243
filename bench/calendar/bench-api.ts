/** The contract between bench/calendar/render.ts (Node) and render-page.tsx (the browser). */
import type { CalendarEvent } from '@summy/core';

/** What the runner calls through `page.evaluate`, as `globalThis.calendarBench`. */
export interface CalendarBenchApi {
  /** Renders, lays out and paints; resolves with the time it took, ms. */
  render(kind: 'week' | 'list', events: CalendarEvent[], weekStart: string): Promise<number>;
  /** Runs only the pure layout (all-day row and the seven days), ms. */
  layoutOnly(events: CalendarEvent[], weekStart: string): number;
  /** Event elements in the DOM after the last render (the check that everything was drawn). */
  drawn(): number;
}

/** The page's global holding the API. */
export interface CalendarBenchGlobal {
  calendarBench: CalendarBenchApi;
}
