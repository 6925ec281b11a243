/**
 * Web benchmark (initial JavaScript under 250 KB gzip; a 3-hour transcript renders without jank).
 * In Debian's Chromium against a real Summy server serving a fresh production build:
 * 1. Initial JavaScript: every script the browser downloads to show `/` (signed in) and a meeting
 *    page opened directly, summed raw and gzip-compressed (zlib level 9, as `vite build` reports).
 * 2. Transcript render: a meeting holding a 3-hour transcript (real AMI/ICSI turns, 27,000 spoken
 *    words, ~170,000 characters). Time from clicking 'Transcript' until the first turns are
 *    painted, and the long tasks (> 50 ms) meanwhile; then a scroll from top to bottom in 40 steps
 *    with the slowest frame. The reference, measured in the same browser and run: the same turns
 *    as plain HTML (one `<p>` per turn) put into a page with `innerHTML`, laid out and painted,
 *    then scrolled the same way.
 *
 * Run from the repository root: `npx tsx bench/web/run.ts` (builds the web app first).
 * Options: `--runs 5`, `--web-dir DIR` to use an existing build, `--json file`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromiumArgs } from '../../e2e/playwright.config.ts';
import { spawnSummy } from '../../apps/server/test/processes.ts';
import { signUp } from '../api/client.ts';
import { buildTranscript, readTurns } from '../api/dataset.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';

/** Budget of the initial JavaScript, gzip bytes. */
export const BUDGET_INITIAL_JS_GZIP = 250 * 1024;
/** A frame or task longer than this counts as jank, ms (the Long Tasks API threshold). */
export const LONG_TASK_MS = 50;
/** Spoken words of a 3-hour meeting at 150 words a minute. */
export const THREE_HOURS_WORDS = 27_000;

const root = path.resolve(import.meta.dirname, '../..');

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

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A Vite manifest entry (`vite build --manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The scripts a route needs before it can render: the entry and the lazy route modules named,
 * with everything they import statically (Vite's manifest). Imports a component starts at render
 * time (`React.lazy`) are left out: they load while the route is already on screen.
 */
function staticClosure(webDir: string, modules: string[]): ScriptTotals {
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
async function scriptsOf(page: Page, url: string): Promise<ScriptTotals> {
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
const OBSERVE_LONG_TASKS = `(() => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  window.__stopLongTasks = () => { observer.disconnect(); return tasks; };
})()`;

// Runs in the page: scrolls `el` from top to bottom in 40 steps, one per frame, and returns the
// slowest frame in ms.
const SCROLL_THROUGH = `async (el) => {
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
const CLICK_AND_TIME = `(button) => new Promise((resolve) => {
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
const INSERT_AND_TIME = `(list) => new Promise((resolve) => {
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
function pageFunction<T>(source: string): (arg: unknown) => Promise<T> {
  return new Function(`return (${source})`)() as (arg: unknown) => Promise<T>;
}

/** The meeting view: open the meeting, click 'Transcript', time until turns are painted. */
async function measureMeetingView(page: Page, url: string): Promise<RenderSample> {
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
async function measurePlainHtml(
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
async function measureRender(
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

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function summarizeSamples(samples: RenderSample[]) {
  return {
    renderMs: median(samples.map((s) => s.renderMs)),
    longTasks: median(samples.map((s) => s.longTasks)),
    longestTaskMs: median(samples.map((s) => s.longestTaskMs)),
    scrollWorstFrameMs: median(samples.map((s) => s.scrollWorstFrameMs)),
    scrollLongTasks: median(samples.map((s) => s.scrollLongTasks)),
    domTurns: median(samples.map((s) => s.domTurns)),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'web-dir': { type: 'string' },
      json: { type: 'string' },
    },
  });
  const runs = Number(values.runs);

  let webDir = values['web-dir'];
  if (!webDir) {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'summy-bench-web-'));
    const dir = webDir;
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    log(`building the web app into ${webDir}`);
    execFileSync(
      'npx',
      ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'apps/web'),
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }

  log('starting Summy (PGlite, offline providers)');
  const server = await spawnSummy({ WEB_DIR: webDir });
  cleanups.push(() => server.stop());
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }

  const session = await signUp(
    server.url,
    server.origin,
    'Bench',
    `bench-web-${Date.now()}@example.com`,
  );
  const transcript = buildTranscript(readTurns(), THREE_HOURS_WORDS);
  const created = await fetch(`${server.url}/api/meetings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, origin: server.origin },
    body: JSON.stringify({
      title: 'Three-hour meeting',
      duration: 180,
      transcript: transcript.text,
      summary: '## Overview\n\nA long meeting used by the web benchmark.',
    }),
  });
  if (created.status !== 201) throw new Error(`creating the meeting failed: ${created.status}`);
  const meetingId = ((await created.json()) as { id: string }).id;
  const turns = transcript.text.split('\n\n').map((p) => {
    const i = p.indexOf(': ');
    return { speaker: p.slice(0, i), text: p.slice(i + 2) };
  });
  log(
    `3-hour transcript: ${turns.length} turns, ${transcript.text.length} characters, ${transcript.speechWords} words`,
  );

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const url = new URL(server.url);
  await context.addCookies(
    session.cookie.split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        domain: url.hostname,
        path: '/',
      };
    }),
  );

  log('measuring initial JavaScript');
  const app = ['index.html', 'src/app/routes/app/root.tsx'];
  const homeInitial = staticClosure(webDir, [...app, 'src/app/routes/app/home.tsx']);
  const meetingInitial = staticClosure(webDir, [...app, 'src/app/routes/app/meeting.tsx']);
  // /meetings, /calendar and /todos are held to the same budget as /.
  const meetingsInitial = staticClosure(webDir, [...app, 'src/app/routes/app/meetings.tsx']);
  const calendarInitial = staticClosure(webDir, [...app, 'src/app/routes/app/calendar.tsx']);
  const todosInitial = staticClosure(webDir, [...app, 'src/app/routes/app/todos.tsx']);
  const home = await scriptsOf(await context.newPage(), `${server.url}/`);
  const meetingPage = await scriptsOf(
    await context.newPage(),
    `${server.url}/meeting/${meetingId}`,
  );

  log(`measuring the transcript render, ${runs} runs each`);
  const view: RenderSample[] = [];
  const plain: RenderSample[] = [];
  for (let i = 0; i < runs; i++) {
    const a = await context.newPage();
    view.push(await measureMeetingView(a, `${server.url}/meeting/${meetingId}`));
    await a.close();
    const b = await context.newPage();
    plain.push(await measurePlainHtml(b, turns));
    await b.close();
  }
  const v = summarizeSamples(view);
  const p = summarizeSamples(plain);

  console.log(
    'JavaScript of a first visit, gzip level 9 (budget: 250 KB before the route renders)',
  );
  const line = (name: string, t: ScriptTotals, budget: boolean) => {
    const verdict = t.gzipBytes <= BUDGET_INITIAL_JS_GZIP ? 'within budget' : 'OVER BUDGET';
    console.log(
      `  ${name.padEnd(44)} ${String(t.files).padStart(2)} files  raw ${kb(t.rawBytes).padStart(9)}  gzip ${kb(t.gzipBytes).padStart(8)}${budget ? `  ${verdict}` : ''}`,
    );
    console.log(
      `    largest: ${t.each
        .slice(0, 4)
        .map((f) => `${path.basename(f.path)} ${kb(f.gzipBytes)}`)
        .join(', ')}`,
    );
  };
  line('/ before it renders (static imports)', homeInitial, true);
  line('/ all fetched by network idle (Chromium)', home, false);
  line('/meeting/{id} before it renders (static imports)', meetingInitial, true);
  line('/meetings before it renders (static imports)', meetingsInitial, true);
  line('/calendar before it renders (static imports)', calendarInitial, true);
  line('/todos before it renders (static imports)', todosInitial, true);
  line('/meeting/{id} all fetched by network idle (Chromium)', meetingPage, false);
  console.log(
    `\n3-hour transcript (${turns.length} turns, ${transcript.text.length} characters), median of ${runs} runs`,
  );
  console.log('                          meeting view   plain HTML   ratio');
  const row = (label: string, a: number, b: number, unit = 'ms') =>
    console.log(
      `  ${label.padEnd(24)}${`${a.toFixed(1)} ${unit}`.padStart(13)}${`${b.toFixed(1)} ${unit}`.padStart(13)}${(b > 0 ? (a / b).toFixed(2) : '-').padStart(8)}`,
    );
  row('time to paint', v.renderMs, p.renderMs);
  row('long tasks meanwhile', v.longTasks, p.longTasks, '');
  row('longest task', v.longestTaskMs, p.longestTaskMs);
  row('scroll: slowest frame', v.scrollWorstFrameMs, p.scrollWorstFrameMs);
  row('scroll: long tasks', v.scrollLongTasks, p.scrollLongTasks, '');
  row('turns in the DOM', v.domTurns, p.domTurns, '');

  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          homeInitial,
          meetingInitial,
          meetingsInitial,
          calendarInitial,
          todosInitial,
          home,
          meetingPage,
          view,
          plain,
          medians: { view: v, plain: p },
        },
        null,
        2,
      ),
    );
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(runCleanups);
