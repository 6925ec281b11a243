/**
 * What the web bench measures in Chromium: the scripts a page loads, and the meeting view's
 * render, scroll, click and insert timings beside plain HTML's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Locator, type Page } from '@playwright/test';

/** Scripts downloaded while a page loads, raw and gzip bytes. */
export interface ScriptTotals {
  files: number;
  /** Each script's path and gzip bytes, largest first. */
  each: { path: string; gzipBytes: number }[];
  rawBytes: number;
  gzipBytes: number;
}

/** One render measurement: time to paint, long tasks, and the scroll that followed. */
export interface RenderSample {
  renderMs: number;
  longTasks: number;
  longestTaskMs: number;
  scrollWorstFrameMs: number;
  scrollLongTasks: number;
  /** Turn elements in the DOM after the scroll (virtualization keeps this small). */
  domTurns: number;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A Vite manifest entry (`vite build --manifest`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The scripts a route needs before it can render: the entry and the lazy route modules named,
 * with everything they import statically (Vite's manifest). Imports a component starts at render
 * time (`React.lazy`) are left out: they load while the route is already on screen.
 */
export function staticClosure(webDir: string, modules: string[]): ScriptTotals {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bodies = files.map((f) => ({ path: f, body: readFileSync(path.join(webDir, f)) }));
  return {
    files: bodies.length,
    each: bodies
      .map((b) => ({ path: b.path, gzipBytes: gzipSync(b.body, { level: 9 }).length }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
    rawBytes: bodies.reduce((n, b) => n + b.body.length, 0),
    gzipBytes: bodies.reduce((n, b) => n + gzipSync(b.body, { level: 9 }).length, 0),
  };
}

/** Loads `url` in a fresh page and sums the scripts it fetched until the network went quiet. */
export async function scriptsOf(page: Page, url: string): Promise<ScriptTotals> {
  const bodies: Promise<{ path: string; body: Buffer } | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const path = new URL(res.url()).pathname;
    bodies.push(
      res.body().then(
        (body) => ({ path, body }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(bodies)).filter((b) => b !== null);
  const all = scripts.map((s) => s.body);
  return {
    files: all.length,
    each: scripts
      .map((s) => ({ path: s.path, gzipBytes: gzipSync(s.body, { level: 9 }).length }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
    rawBytes: all.reduce((n, b) => n + b.length, 0),
    gzipBytes: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  };
}

// Runs in the page: installs a long-task observer and returns a function that stops it.
export const OBSERVE_LONG_TASKS = `(() => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  window.__stopLongTasks = () => { observer.disconnect(); return tasks; };
})()`;

// Runs in the page: scrolls `el` from top to bottom in 40 steps, one per frame, and returns the
// slowest frame in ms.
export const SCROLL_THROUGH = `async (el) => {
  const frames = [];
  let last = performance.now();
  const steps = 40;
  for (let i = 1; i <= steps; i++) {
    el.scrollTop = (el.scrollHeight - el.clientHeight) * (i / steps);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const now = performance.now();
    frames.push(now - last);
    last = now;
  }
  // Let the last rows mount and paint.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  return Math.max(...frames);
}`;

// Runs in the page: clicks the 'Transcript' tab and resolves when the first turns are painted
// (two frames: the one that mounts the rows and the one that paints them).
export const CLICK_AND_TIME = `(button) => new Promise((resolve) => {
  const t0 = performance.now();
  // Radix tabs switch on mousedown, as a real click starts.
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    button.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0 }));
  }
  const check = () => {
    if (document.querySelector('[aria-label="Transcript turns"] article')) {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
    } else requestAnimationFrame(check);
  };
  check();
})`;

// Runs in the page: the reference, every turn as plain HTML put in at once, laid out and painted.
export const INSERT_AND_TIME = `(list) => new Promise((resolve) => {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const t0 = performance.now();
  document.getElementById('s').innerHTML = list
    .map((t) => '<div data-transcript-turn style="padding:12px 16px"><b>' + esc(t.speaker) +
      '</b><p style="margin:4px 0 0">' + esc(t.text) + '</p></div>')
    .join('');
  void document.body.offsetHeight;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
})`;

/**
 * Page scripts are kept as source text: the benchmark runs under tsx, whose transform wraps
 * nested functions in a `__name` helper that does not exist in the page.
 */
export function pageFunction<T>(source: string): (arg: unknown) => Promise<T> {
  return new Function(`return (${source})`)() as (arg: unknown) => Promise<T>;
}

/** The meeting view: open the meeting, click 'Transcript', time until turns are painted. */
export async function measureMeetingView(page: Page, url: string): Promise<RenderSample> {
  await page.goto(url, { waitUntil: 'networkidle' });
  const tab = page.getByRole('tab', { name: 'Transcript' });
  await tab.waitFor();
  return measureRender(
    page,
    async () => (await tab.evaluate(pageFunction<number>(CLICK_AND_TIME))) as number,
    page.locator('[data-slot="meeting-scroll"]'),
    page.locator('[aria-label="Transcript turns"] article'),
  );
}

/** The reference: the same turns as plain HTML, put into the page at once. */
export async function measurePlainHtml(
  page: Page,
  turns: { speaker: string; text: string }[],
): Promise<RenderSample> {
  await page.setContent(
    '<!doctype html><html><body style="margin:0;font:16px system-ui"><div id="s" style="height:100vh;overflow:auto"></div></body></html>',
  );
  return measureRender(
    page,
    async () => (await page.evaluate(pageFunction<number>(INSERT_AND_TIME), turns)) as number,
    page.locator('#s'),
    page.locator('[data-transcript-turn]'),
  );
}

/**
 * Times `render` (it resolves with its own time to paint, ms) with the long tasks meanwhile, then
 * scrolls `scroller` through and counts the `turns` left in the DOM.
 */
export async function measureRender(
  page: Page,
  render: () => Promise<number>,
  scroller: Locator,
  turns: Locator,
): Promise<RenderSample> {
  await page.evaluate(OBSERVE_LONG_TASKS);
  const renderMs = await render();
  const tasks = (await page.evaluate('window.__stopLongTasks()')) as number[];
  await page.evaluate(OBSERVE_LONG_TASKS);
  const scrollWorstFrameMs = (await scroller.evaluate(
    pageFunction<number>(SCROLL_THROUGH),
  )) as number;
  const scrollTasks = (await page.evaluate('window.__stopLongTasks()')) as number[];
  return {
    renderMs,
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks),
    scrollWorstFrameMs,
    scrollLongTasks: scrollTasks.length,
    domTurns: await turns.count(),
  };
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function summarizeSamples(samples: RenderSample[]) {
  return {
    renderMs: median(samples.map((s) => s.renderMs)),
    longTasks: median(samples.map((s) => s.longTasks)),
    longestTaskMs: median(samples.map((s) => s.longestTaskMs)),
    scrollWorstFrameMs: median(samples.map((s) => s.scrollWorstFrameMs)),
    scrollLongTasks: median(samples.map((s) => s.scrollLongTasks)),
    domTurns: median(samples.map((s) => s.domTurns)),
  };
}
