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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../e2e/playwright.config.ts';
import { spawnSummy } from '../../apps/server/test/processes.ts';
import { signUp } from '../api/client.ts';
import { buildTranscript, readTurns } from '../api/dataset.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import type { RenderSample, ScriptTotals } from './measure.ts';
import {
  kb,
  measureMeetingView,
  measurePlainHtml,
  scriptsOf,
  staticClosure,
  summarizeSamples,
} from './measure.ts';

/** Budget of the initial JavaScript, gzip bytes. */
export const BUDGET_INITIAL_JS_GZIP = 250 * 1024;

/** A frame or task longer than this counts as jank, ms (the Long Tasks API threshold). */
export const LONG_TASK_MS = 50;

/** Spoken words of a 3-hour meeting at 150 words a minute. */
export const THREE_HOURS_WORDS = 27_000;

const root = path.resolve(import.meta.dirname, '../..');

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
