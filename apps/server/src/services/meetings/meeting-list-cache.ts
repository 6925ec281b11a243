/**
 * The answers of `GET /api/meetings` kept serialized per user in this process, until a change to
 * one of the user's meetings makes them stale. A second instance keeps the answers of
 * `GET /api/meetings/{id}`, which also go stale on a change to the user's to-dos (its action items)
 * and after `maxAgeMs` (its signed audio URL). The list is the most requested route (every page
 * load, every realtime reload, every tab) and answers the same bytes between changes; building
 * them took about 20 times the CPU of a bare request (drizzle, pg's row parsing, dates, JSON,
 * garbage). docs/decisions/064-meeting-list-cache.md.
 *
 * A user's pages go stale:
 * - when the database announces a change to one of their meetings (the row trigger's
 *   notification, whichever process wrote it; realtime/hub.ts `observe`), before any event stream
 *   hears of it;
 * - when a write request of theirs to this process ends, so a client reads its own writes at once
 *   even before the notification arrives;
 * - all at once when the notification connection comes back after a loss (`resync`).
 *
 * An answer computed while a change arrived is not kept: each user has a version, read before the
 * query and checked before storing.
 *
 * Answers are kept as their UTF-8 bytes, encoded once when stored. Kept as a string, each hit was
 * encoded again on the way out, and Node's HTTP joined the string to the header block first: about
 * 24 KB of garbage a list answer, the largest share of the server's allocations under load. At 200
 * clients that garbage filled the old generation every 10 to 20 s, and each full collection
 * stalled the event loop for 0.5 to 1.7 s on a busy machine: the requests waiting through it were
 * the slowest 1% (docs/performance.md, "Tail latency on PGlite").
 */
import type { ChangeObserver } from '../../realtime/hub.ts';

/** Limits of one process's cache. */
export interface MeetingListCacheOptions {
  /** Pages kept in all (default 2,000); past it the least recently read users' pages go. */
  maxPages?: number;
  /** Largest answer kept, in UTF-8 bytes (default 256 KiB); a larger one is answered, not kept. */
  maxPageBytes?: number;
  /** Tables whose announced changes make the user's answers stale (default: `meetings`). */
  tables?: readonly string[];
  /** Longest time an answer is kept, in ms (default: until a change). */
  maxAgeMs?: number;
}

/** A ticket from {@link MeetingListCache.version}, to store an answer computed after taking it. */
export type ListVersion = { readonly userId: string; readonly stamp: string };

/** The cache of one server process. */
export interface MeetingListCache extends ChangeObserver {
  /** The kept answer's bytes for this user and page key, if fresh (the same Buffer each time). */
  get(userId: string, key: string): Buffer<ArrayBuffer> | undefined;
  /** The user's version now: take it before computing an answer to store. */
  version(userId: string): ListVersion;
  /** Keeps `body`, UTF-8 encoded, unless the user's version moved on since `version` was taken. */
  set(version: ListVersion, key: string, body: string): void;
  /**
   * The kept answer's bytes, else `compute`'s, kept for the next: requests that miss together share
   * one computation (a cold start of many tabs, a reload after a change) unless a change came
   * between.
   */
  load(userId: string, key: string, compute: () => Promise<string>): Promise<Buffer<ArrayBuffer>>;
  /** Drops the user's pages (a write of theirs ended). */
  invalidate(userId: string): void;
  /** Pages kept now (tests). */
  size(): number;
}

interface UserPages {
  version: number;
  /** Each answer with the time it was computed (`performance.now()`, ms). */
  pages: Map<string, { body: Buffer<ArrayBuffer>; at: number }>;
}

/**
 * One computation per key at a time: a caller that comes while one runs shares its answer. The
 * answer is handed to `keep` once, and the key is free again when it settles.
 */
function shared(
  inFlight: Map<string, Promise<Buffer<ArrayBuffer>>>,
  flightKey: string,
  compute: () => Promise<string>,
  keep: (body: Buffer<ArrayBuffer>) => void,
): Promise<Buffer<ArrayBuffer>> {
  let flight = inFlight.get(flightKey);
  if (!flight) {
    flight = compute().then(
      (text) => {
        inFlight.delete(flightKey);
        const body = Buffer.from(text);
        keep(body);
        return body;
      },
      (err: unknown) => {
        inFlight.delete(flightKey);
        throw err;
      },
    );
    inFlight.set(flightKey, flight);
  }
  return flight;
}

/** Creates an empty cache; wire its `change` and `resync` to the realtime hub (`observe`). */
export function createMeetingListCache(options: MeetingListCacheOptions = {}): MeetingListCache {
  const maxPages = options.maxPages ?? 2000;
  const maxPageBytes = options.maxPageBytes ?? 256 * 1024;
  const tables = new Set(options.tables ?? ['meetings']);
  const maxAgeMs = options.maxAgeMs ?? Infinity;
  // Map order is recency: a read moves the user to the end, eviction takes from the front.
  const users = new Map<string, UserPages>();
  let epoch = 0;
  let pageCount = 0;
  const inFlight = new Map<string, Promise<Buffer<ArrayBuffer>>>();

  const entry = (userId: string): UserPages => {
    let e = users.get(userId);
    if (!e) users.set(userId, (e = { version: 0, pages: new Map() }));
    return e;
  };
  const drop = (userId: string) => {
    const e = users.get(userId);
    if (!e) return;
    pageCount -= e.pages.size;
    e.pages.clear();
    e.version += 1;
  };

  const cache: MeetingListCache = {
    async load(userId, key, compute) {
      const kept = cache.get(userId, key);
      if (kept !== undefined) return kept;
      const version = cache.version(userId);
      const at = performance.now();
      const flightKey = `${version.stamp}\0${userId}\0${key}`;
      return shared(inFlight, flightKey, compute, (body) => store(version, key, body, at));
    },
    get(userId, key) {
      const e = users.get(userId);
      const page = e?.pages.get(key);
      if (page === undefined) return undefined;
      if (performance.now() - page.at > maxAgeMs) {
        e!.pages.delete(key);
        pageCount -= 1;
        return undefined;
      }
      users.delete(userId);
      users.set(userId, e!);
      return page.body;
    },
    version: (userId) => ({ userId, stamp: `${epoch}:${entry(userId).version}` }),
    set: (version, key, body) => store(version, key, Buffer.from(body), performance.now()),
    invalidate: drop,
    change(userId, change) {
      if (tables.has(change.table)) drop(userId);
    },
    resync() {
      epoch += 1;
      users.clear();
      pageCount = 0;
    },
    size: () => pageCount,
  };

  // Keeps `body`, computed from `at` on, unless the user's version moved on meanwhile.
  function store(version: ListVersion, key: string, body: Buffer<ArrayBuffer>, at: number) {
    const e = entry(version.userId);
    if (version.stamp !== `${epoch}:${e.version}` || body.length > maxPageBytes) return;
    if (!e.pages.has(key)) pageCount += 1;
    e.pages.set(key, { body, at });
    users.delete(version.userId);
    users.set(version.userId, e);
    for (const [userId, old] of users) {
      if (pageCount <= maxPages) break;
      pageCount -= old.pages.size;
      users.delete(userId);
      // The evicted user's version is forgotten: answers still being computed must not be kept.
      epoch += 1;
    }
  }
  return cache;
}
