/**
 * Calendar render benchmark: the time to render a week holding 300 events, overlaps included, in
 * Chromium with the app's CSS, beside the same 300 events rendered as a plain list in the same
 * page; the ratio says what the week's geometry costs over merely listing them.
 *
 * The week is the real `WeekView` (features/calendar) bundled by esbuild with React's production
 * build; each render starts from an empty root and is timed from `root.render` (flushed) through
 * style, layout and the next painted frame. Also reported: the pure layout (`layoutDay` for seven
 * days plus `layoutAllDayRow`) on its own.
 *
 * Run from the repository root: `npx tsx bench/calendar/render.ts` (uses apps/web/dist for the CSS
 * and builds it when missing). Options: `--runs 15`, `--events 300`, `--json file`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { type CalendarEvent } from '@summy/core';
import { addLocalDays, layoutDay } from '@summy/core/calendar-layout';
import { build } from 'esbuild';
import { chromiumArgs } from '../../e2e/playwright.config.ts';
import { summarize } from '../api/stats.ts';
import type { CalendarBenchGlobal } from './bench-api.ts';

// The week is built in UTC and the page runs in UTC; Node reads the same days when it checks them.
process.env.TZ = 'UTC';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'apps/web');

/** A small deterministic generator (mulberry32), so every run draws the same week. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `count` events in the week of Sunday 2026-11-22 (UTC, the page's zone): one in 15 all-day over
 * one to three days, the rest timed between 07:00 and 19:00 in 15-minute steps lasting 15 minutes
 * to 2 hours, so about 40 a day and many overlapping (up to 10 side by side). Some unanswered.
 */
export function benchWeek(count: number): CalendarEvent[] {
  const rnd = random(13);
  const events: CalendarEvent[] = [];
  for (let i = 0; i < count; i++) {
    const day = i % 7;
    const base = {
      id: `bench-${i}`,
      title: `Event ${i} ${['sync', 'review', 'planning', '1:1', 'interview'][i % 5]}`,
      isRecurring: i % 9 === 0,
      recurringEventId: null,
      myStatus: i % 6 === 0 ? ('needsAction' as const) : ('accepted' as const),
      accountId: 'acc',
      accountEmail: 'ada@acme.test',
      location: null,
      description: null,
      attendees: [],
      linkedMeetingId: null,
      htmlLink: null,
    };
    if (i % 15 === 0) {
      const span = 1 + Math.floor(rnd() * 3);
      const start = `2026-11-${pad(22 + day)}`;
      const endDay = 22 + Math.min(day + span, 7);
      const end = endDay > 30 ? `2026-12-${pad(endDay - 30)}` : `2026-11-${pad(endDay)}`;
      events.push({
        ...base,
        isAllDay: true,
        startDate: start,
        endDate: end,
        startTime: `${start}T00:00:00Z`,
        endTime: `${end}T00:00:00Z`,
      });
      continue;
    }
    const startMin = 7 * 60 + Math.floor(rnd() * 48) * 15;
    const minutes = [15, 30, 45, 60, 90, 120][Math.floor(rnd() * 6)]!;
    const at = (m: number) => new Date(Date.UTC(2026, 10, 22 + day, 0, m)).toISOString();
    events.push({
      ...base,
      isAllDay: false,
      startDate: null,
      endDate: null,
      startTime: at(startMin),
      endTime: at(startMin + minutes),
    });
  }
  return events;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '15' },
      events: { type: 'string', default: '300' },
      json: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const count = Number(values.events);

  const assets = path.join(webDir, 'dist/assets');
  if (!existsSync(assets)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const cssFile = readdirSync(assets).find((f) => f.endsWith('.css'));
  if (!cssFile) throw new Error(`no CSS in ${assets}`);
  const css = readFileSync(path.join(assets, cssFile), 'utf8');

  const bundled = await build({
    entryPoints: [path.join(import.meta.dirname, 'render-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    alias: { '@': path.join(webDir, 'src') },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const script = bundled.outputFiles[0]!.text;

  const events = benchWeek(count);
  const weekStart = '2026-11-22T00:00:00.000Z';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head>` +
        `<body><div id="root"></div><script>${script}</script></body></html>`,
    );
    const render = (kind: 'week' | 'list') =>
      page.evaluate(
        ([k, e, w]) => (globalThis as unknown as CalendarBenchGlobal).calendarBench.render(k, e, w),
        [kind, events, weekStart] as const,
      );

    // Warm-up: the first render of each compiles and caches code paths.
    await render('week');
    const drawnWeek = await page.evaluate(() =>
      (globalThis as unknown as CalendarBenchGlobal).calendarBench.drawn(),
    );
    await render('list');
    const week: number[] = [];
    const list: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternated, so a slow moment of the machine lands on both.
      week.push(await render('week'));
      list.push(await render('list'));
    }
    const layout: number[] = [];
    for (let i = 0; i < runs; i++) {
      layout.push(
        await page.evaluate(
          ([e, w]) => (globalThis as unknown as CalendarBenchGlobal).calendarBench.layoutOnly(e, w),
          [events, weekStart] as const,
        ),
      );
    }

    const allDay = events.filter((e) => e.isAllDay).length;
    // The overlap the week holds: the most events side by side in one cluster.
    const maxColumns = Math.max(
      ...Array.from({ length: 7 }, (_, d) =>
        layoutDay(events, addLocalDays(new Date(weekStart), d)).map((b) => b.columns),
      ).flat(),
    );
    const result = {
      events: count,
      timed: count - allDay,
      allDay,
      drawnInWeek: drawnWeek,
      maxColumns,
      runs,
      week: summarize(week),
      list: summarize(list),
      layoutOnly: summarize(layout),
      ratio: summarize(week).p50 / summarize(list).p50,
    };
    console.log(
      `Week of ${count} events (${allDay} all-day, collapsed row): ` +
        `median ${result.week.p50.toFixed(1)} ms ` +
        `(min ${result.week.min.toFixed(1)}, max ${result.week.max.toFixed(1)}), ` +
        `${drawnWeek} event elements drawn, up to ${maxColumns} side by side`,
    );
    console.log(
      `Plain list of the same events: median ${result.list.p50.toFixed(1)} ms ` +
        `(min ${result.list.min.toFixed(1)}, max ${result.list.max.toFixed(1)})`,
    );
    console.log(`Ratio week / list: ${result.ratio.toFixed(2)}`);
    console.log(
      `Pure layout (7 days + all-day row): median ${result.layoutOnly.p50.toFixed(2)} ms`,
    );
    if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
  }
}

await main();
