/**
 * The API bench's sequential series: every measured route, one request at a time, beside its
 * component timings.
 */
import { createAuth } from '../../apps/server/src/auth.ts';
import type { loadEnv } from '../../apps/server/src/env.ts';
import { getMeeting } from '../../apps/server/src/services/meetings/get-meeting.ts';
import { listMeetings } from '../../apps/server/src/services/meetings/list-meetings.ts';
import { searchEverything } from '../../apps/server/src/services/search/search-everything.ts';
import { getText, serveFixedBody, type Session } from './client.ts';
import { DEFAULT_DATASET, seededRandom, type SeededDataset } from './dataset.ts';
import {
  decodeCursor,
  directDetail,
  directList,
  explain,
  listQuery,
  meetingRowQuery,
  meetingTodosQuery,
} from './direct.ts';
import { measure, ms } from './stats.ts';
import type { DatabaseHandle } from '@summy/db';
import { type Backend } from '../lib/backend.ts';
import { cleanups, log } from '../lib/cleanup.ts';
import {
  SEARCH_BUDGET_P95_MS,
  type BackendResult,
  type ComponentResult,
  type RouteResult,
} from './report.ts';

export const PAGE = 100;

export const DEEP_PAGES = 50;

/** A word of the QMSum meetings' talk that the dataset's transcripts repeat. */
export const SEARCH_WORD = 'design';

/**
 * What the Cmd+K palette sends (`GET /api/search?q=`), one of each kind: a word in most meetings
 * (and in a tenth of the titles), the same word half typed, two words with the last half typed,
 * a rare word, and a word no meeting holds (every title read, no passage).
 */
export const PALETTE_QUERIES = [
  ['design', 'common word'],
  ['desi', 'prefix, as typed'],
  ['remote contr', 'two words'],
  ['budget', 'rare word'],
  ['zebracorn', 'no match'],
] as const;

/** The sequential series: every route against the budget, its direct SQL, the breakdown, plans. */
export async function sequentialSeries(
  backend: Backend,
  baseUrl: string,
  env: ReturnType<typeof loadEnv>,
  database: DatabaseHandle,
  dataset: SeededDataset,
  me: Session,
  n: number,
  warmup: number,
): Promise<Pick<BackendResult, 'routes' | 'breakdown' | 'plans'>> {
  const random = seededRandom(7);
  const pick = (ids: readonly string[]) => ids[Math.floor(random() * ids.length)]!;
  const listUrl = `${baseUrl}/api/meetings?limit=${PAGE}`;

  // Walk the list through nextCursor to a page deep in the history, checking the pages on the way.
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const body = JSON.parse(
      await getText(cursor ? `${listUrl}&cursor=${cursor}` : listUrl, me.jar),
    ) as {
      items: unknown[];
      nextCursor: string | null;
    };
    if (body.items.length !== PAGE || !body.nextCursor)
      throw new Error(`page ${page} of the list is short`);
    cursor = body.nextCursor;
  }
  const deepCursor = cursor!;
  const deepAfter = decodeCursor(deepCursor);

  // Check the detail answer once: it must carry the long transcript and its action items.
  const sample = JSON.parse(
    await getText(`${baseUrl}/api/meetings/${dataset.longMeetingIds[0]}`, me.jar),
  ) as {
    transcript: string;
    actionItems: unknown[];
  };
  if (
    sample.transcript.length < 100_000 ||
    sample.actionItems.length !== DEFAULT_DATASET.todosPerLongMeeting
  ) {
    throw new Error('the detail answer lacks the long transcript or its action items');
  }

  const routes: RouteResult[] = [];
  const route = async (
    name: string,
    url: (i: number) => string,
    direct: (i: number) => Promise<unknown>,
    budgetMs?: number,
  ): Promise<void> => {
    let bytes = 0;
    const http = await measure(n, warmup, async (i) => {
      bytes = Buffer.byteLength(await getText(url(i), me.jar, i < 0));
    });
    const ref = await measure(n, warmup, direct);
    routes.push({ route: name, http, direct: ref, bytes, budgetMs });
    log(
      `${backend}: ${name} p50 ${ms(http.p50)} p95 ${ms(http.p95)} (direct ${ms(ref.p50)} / ${ms(ref.p95)})`,
    );
  };

  await route(
    'GET /api/meetings (page 1)',
    () => listUrl,
    () => directList(database, me.userId, PAGE),
  );
  await route(
    `GET /api/meetings (page ${DEEP_PAGES + 1}, cursor)`,
    () => `${listUrl}&cursor=${deepCursor}`,
    () => directList(database, me.userId, PAGE, deepAfter),
  );
  // The /meetings search over every meeting's transcript passages; the reference is the same
  // service in process, so the ratio is what HTTP adds.
  await route(
    `GET /api/meetings?search=${SEARCH_WORD} (transcript word)`,
    () => `${listUrl}&search=${SEARCH_WORD}`,
    async () =>
      (await listMeetings(database.db, me.userId, { limit: PAGE, search: SEARCH_WORD })).items
        .length,
  );
  // Search everywhere (the palette) at its own budget; the reference is the same service in
  // process, so the ratio is what HTTP and the session add.
  for (const [q, kind] of PALETTE_QUERIES) {
    await route(
      `GET /api/search?q=${q} (${kind})`,
      () => `${baseUrl}/api/search?q=${encodeURIComponent(q)}`,
      () => searchEverything(database.db, me.userId, { text: q }),
      SEARCH_BUDGET_P95_MS,
    );
  }
  // Same pseudo-random id sequence for HTTP and direct: each gets its own picker with one seed.
  const picker = (ids: readonly string[]) => {
    const r = seededRandom(11);
    return () => ids[Math.floor(r() * ids.length)]!;
  };
  {
    const httpPick = picker(dataset.longMeetingIds);
    const directPick = picker(dataset.longMeetingIds);
    await route(
      'GET /api/meetings/:id (3 h transcript)',
      () => `${baseUrl}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }
  {
    const httpPick = picker(dataset.shortMeetingIds);
    const directPick = picker(dataset.shortMeetingIds);
    await route(
      'GET /api/meetings/:id (short)',
      () => `${baseUrl}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }

  // Where the time goes: the pieces of a request, each timed alone in this process.
  const auth = createAuth(env, database.db);
  const uncachedAuth = createAuth({ ...env, sessionCacheSeconds: 0 }, database.db);
  const headers = new Headers({ cookie: me.jar.header });
  const longDetail = await getMeeting(database.db, me.userId, dataset.longMeetingIds[0]!);
  const firstPage = await listMeetings(database.db, me.userId, { limit: PAGE });
  const breakdown: ComponentResult[] = [];
  const component = async (name: string, fn: (i: number) => Promise<unknown>) => {
    breakdown.push({ component: name, latency: await measure(n, warmup, fn) });
  };
  await component('HTTP floor: GET /api/config (no session, no database)', (i) =>
    getText(`${baseUrl}/api/config`, undefined, i < 0),
  );
  {
    const longJson = JSON.stringify(longDetail);
    const bare = await serveFixedBody(longJson);
    cleanups.push(() => bare.close());
    await component(
      `HTTP floor: bare node:http, ${Math.round(longJson.length / 1024)} KB body`,
      (i) => getText(bare.url, undefined, i < 0),
    );
  }
  // A cache hit needs a fresh cache cookie: one request renews the jar's copy first.
  await getText(`${baseUrl}/api/meetings?limit=1`, me.jar);
  const cached = new Headers({ cookie: me.jar.header });
  await component(
    `Better Auth getSession, cookie cache hit (SESSION_CACHE_SECONDS=${env.sessionCacheSeconds})`,
    async () => {
      if (!(await auth.api.getSession({ headers: cached }))) throw new Error('session not found');
    },
  );
  await component('Better Auth getSession, database lookup (cache off)', async () => {
    if (!(await uncachedAuth.api.getSession({ headers }))) throw new Error('session not found');
  });
  await component('service listMeetings, page 1 (Drizzle, in process)', () =>
    listMeetings(database.db, me.userId, { limit: PAGE }),
  );
  await component('JSON.stringify of list page 1', async () => JSON.stringify(firstPage));
  await component('direct: list page 1 (ORDER BY date DESC, id DESC)', () =>
    directList(database, me.userId, PAGE),
  );
  await component('service getMeeting, 3 h transcript (Drizzle, in process)', () =>
    getMeeting(database.db, me.userId, pick(dataset.longMeetingIds)),
  );
  await component('JSON.stringify of a 3 h meeting', async () => JSON.stringify(longDetail));
  await component('direct: meeting row only, 3 h transcript', async () => {
    const q = meetingRowQuery(me.userId, pick(dataset.longMeetingIds));
    await database.query(q.text, q.params);
  });

  const longId = dataset.longMeetingIds[0]!;
  const plans = [
    { query: 'list page 1', plan: await explain(database, listQuery(me.userId, PAGE)) },
    {
      query: `list page ${DEEP_PAGES + 1}`,
      plan: await explain(database, listQuery(me.userId, PAGE, deepAfter)),
    },
    {
      query: 'detail: meeting row',
      plan: await explain(database, meetingRowQuery(me.userId, longId)),
    },
    { query: 'detail: todos', plan: await explain(database, meetingTodosQuery(me.userId, longId)) },
  ];

  return { routes, breakdown, plans };
}
