/**
 * Calendar range-fetch benchmark: 5,000 events of one Google account in a 60-day range, fetched
 * through Summy's `GET /api/calendar/events` from the loopback Google fake (two 2,500-event pages,
 * the 401-retry wrapper, mapping, contacts and linked-meeting lookups, JSON to the client), beside
 *   - the service alone (`listCalendarEvents`, no HTTP between client and Summy),
 *   - the fake's two raw pages fetched straight with the account's token (Google's side only),
 *   - Summy's own work on those pages without any network (parse, map, sort, contacts and
 *     linked-meeting lookups, JSON of the answer),
 *   - reading the same JSON from disk: Summy's answer, and Google's two raw pages (read + parse).
 * It prints the median and p95 of each in milliseconds and the ratio of the route to the disk read.
 *
 * Run from the repository root: `npx tsx bench/calendar/fetch.ts`
 * Options: `--rounds 10` timed rounds (after 2 warm-up rounds), `--events 5000`, `--json file`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BULK_EVENT_COUNT, startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { fakeGoogleEnv, signInWithGoogle } from '../../apps/server/test/google.ts';
import { startTestServer } from '../../apps/server/test/harness.ts';
import { listCalendarEvents } from '../../apps/server/src/services/calendar/list-calendar-events.ts';
import {
  byStart,
  calendarAccounts,
  enrichCalendarEvents,
} from '../../apps/server/src/services/calendar/google-events.ts';
import {
  EVENT_FIELDS,
  toCalendarEvent,
  type GoogleEvent,
} from '../../apps/server/src/integrations/google/calendar.ts';
import { getGoogleAccessToken } from '../../apps/server/src/integrations/google/tokens.ts';
import { summarize, type LatencySummary } from '../api/stats.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';

const GRACE = 'grace@globex.test';
const DAY = 86_400_000;
/** The range measured: 60 days, inside the route's 62-day limit. */
const RANGE_DAYS = 60;

/** One measured way of getting the events. */
export interface FetchResult {
  what: string;
  latency: LatencySummary;
  /** Events obtained (the same for every way). */
  events: number;
  /** Bytes read (JSON). */
  bytes: number;
}

// grace@globex.test holds 30 events a day around today; more are added at other minutes of the
// same days so the 60-day range holds exactly `total`.
function addEvents(fake: FakeGoogle, fromMs: number, extra: number): void {
  for (let i = 0; i < extra; i++) {
    const day = i % RANGE_DAYS;
    const start = fromMs + day * DAY + 3_600_000 + Math.floor(i / RANGE_DAYS) * 7 * 60_000;
    fake.addEvent(GRACE, {
      id: `benchextra${i}`,
      summary: `Extra ${i}`,
      description: i % 3 === 0 ? 'Load test of the calendar range fetch.' : undefined,
      start: { dateTime: new Date(start).toISOString() },
      end: { dateTime: new Date(start + 5 * 60_000).toISOString() },
      organizer: { email: GRACE },
      attendees: [
        { email: GRACE, responseStatus: 'accepted' },
        {
          email: `guest${i % 50}@initech.test`,
          displayName: `Guest ${i % 50}`,
          responseStatus: 'needsAction',
        },
      ],
    });
  }
}

async function time(
  rounds: number,
  run: () => Promise<number>,
): Promise<{ latency: LatencySummary; n: number }> {
  let n = 0;
  for (let i = 0; i < 2; i++) n = await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    n = await run();
    samples.push(performance.now() - t0);
  }
  return { latency: summarize(samples), n };
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '10' },
      events: { type: 'string', default: '5000' },
      json: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  const total = Number(values.events);

  const fake = await startFakeGoogle();
  cleanups.push(() => fake.close());
  const server = await startTestServer(fakeGoogleEnv(fake));
  cleanups.push(() => server.close());
  const grace = await signInWithGoogle(server, fake, GRACE);
  const deps = { db: server.database.db, auth: server.auth, google: server.env.google! };

  // Whole days around today: the seed's 30 a day cover days -60..+29, so -30..+30 holds 1,800.
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  const from = today - 30 * DAY;
  const to = from + RANGE_DAYS * DAY;
  const range = { timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString() };
  const seeded = (await listCalendarEvents(deps, grace.userId, range)).length;
  addEvents(fake, from, total - seeded);
  log(
    `range ${range.timeMin} .. ${range.timeMax}: ${seeded} seeded (of ${BULK_EVENT_COUNT}) + ${total - seeded} added`,
  );

  const results: FetchResult[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-bench-calendar-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

  // 1. The route, as the week calendar calls it.
  const url = `/api/calendar/events?${new URLSearchParams(range)}`;
  let answer = '';
  const route = await time(rounds, async () => {
    const res = await fetch(server.url + url, { headers: { cookie: grace.cookie } });
    answer = await res.text();
    if (res.status !== 200)
      throw new Error(`${url} answered ${res.status}: ${answer.slice(0, 200)}`);
    return (JSON.parse(answer) as { events: unknown[] }).events.length;
  });
  results.push({
    what: 'GET /api/calendar/events (Summy + fake)',
    latency: route.latency,
    events: route.n,
    bytes: answer.length,
  });

  // 2. The service alone.
  const service = await time(
    rounds,
    async () => (await listCalendarEvents(deps, grace.userId, range)).length,
  );
  results.push({
    what: 'listCalendarEvents (service, no client HTTP)',
    latency: service.latency,
    events: service.n,
    bytes: 0,
  });

  // 3. Google's side only: the raw pages with the account's token.
  const { accessToken } = await getGoogleAccessToken(deps, grace.userId);
  let rawPages: string[] = [];
  const raw = await time(rounds, async () => {
    rawPages = [];
    let pageToken: string | undefined;
    let n = 0;
    do {
      const q = new URLSearchParams({
        ...range,
        singleEvents: 'true',
        maxResults: '2500',
        fields: EVENT_FIELDS,
      });
      if (pageToken) q.set('pageToken', pageToken);
      const res = await fetch(`${deps.google.calendarApiUrl}/calendars/primary/events?${q}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const text = await res.text();
      rawPages.push(text);
      const body = JSON.parse(text) as { items: unknown[]; nextPageToken?: string };
      n += body.items.length;
      pageToken = body.nextPageToken;
    } while (pageToken);
    return n;
  });
  const rawBytes = rawPages.reduce((s, p) => s + p.length, 0);
  results.push({
    what: 'fake events.list pages, direct (no Summy)',
    latency: raw.latency,
    events: raw.n,
    bytes: rawBytes,
  });

  // 4. Summy's own share: the fetched pages parsed, mapped, ordered, enriched and serialized.
  const [acc] = await calendarAccounts(deps.db, grace.userId);
  let ownBytes = 0;
  const own = await time(rounds, async () => {
    const items = rawPages.flatMap((p) => (JSON.parse(p) as { items: GoogleEvent[] }).items);
    const mapped = items.flatMap((i) => toCalendarEvent(i, acc!, 'UTC') ?? []).sort(byStart);
    const events = await enrichCalendarEvents(deps.db, grace.userId, mapped);
    ownBytes = JSON.stringify({ events }).length;
    return events.length;
  });
  results.push({
    what: "Summy's own work on the pages (no network)",
    latency: own.latency,
    events: own.n,
    bytes: ownBytes,
  });

  // 5. The same JSON from disk.
  const answerFile = path.join(dir, 'answer.json');
  writeFileSync(answerFile, answer);
  const disk = await time(
    rounds,
    async () =>
      (JSON.parse(readFileSync(answerFile, 'utf8')) as { events: unknown[] }).events.length,
  );
  results.push({
    what: "Summy's answer JSON read from disk + parse",
    latency: disk.latency,
    events: disk.n,
    bytes: answer.length,
  });
  const pageFiles = rawPages.map((p, i) => {
    const f = path.join(dir, `page${i}.json`);
    writeFileSync(f, p);
    return f;
  });
  const diskRaw = await time(rounds, async () =>
    pageFiles.reduce(
      (n, f) => n + (JSON.parse(readFileSync(f, 'utf8')) as { items: unknown[] }).items.length,
      0,
    ),
  );
  results.push({
    what: "Google's pages read from disk + parse",
    latency: diskRaw.latency,
    events: diskRaw.n,
    bytes: rawBytes,
  });

  const ms = (v: number) => v.toFixed(1).padStart(8);
  console.log(
    `${'way'.padEnd(48)} ${'events'.padStart(6)} ${'KB'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.what.padEnd(48)} ${String(r.events).padStart(6)} ${String(Math.round(r.bytes / 1024)).padStart(7)} ${ms(r.latency.p50)} ${ms(r.latency.p95)}`,
    );
  }
  const ratio = route.latency.p50 / disk.latency.p50;
  console.log(
    `\nroute / disk (p50): ${ratio.toFixed(1)}x; route / raw fake pages: ${(route.latency.p50 / raw.latency.p50).toFixed(2)}x`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, Node ${process.version}, ${rounds} rounds after 2 warm-ups`,
  );
  if (values.json) writeFileSync(values.json, JSON.stringify({ rounds, results, ratio }, null, 2));
}

try {
  await main();
} finally {
  await runCleanups();
}
