/**
 * Sessions this process verified a moment ago, by the exact credentials that proved them (the
 * Cookie and Authorization headers): a client repeating a request within the memo's time is not
 * checked again. Checking a Better Auth cookie cache costs a signature (Web Crypto), a base64 and
 * JSON decode and better-call's request context: about a quarter of the CPU of a cached list
 * answer under load. The memo's time is at most 5 s and never more than SESSION_CACHE_SECONDS,
 * the window in which a signed cookie already vouches for a session without a database lookup, so
 * a session ended elsewhere stays usable at most that much longer
 * (docs/decisions/064-meeting-list-cache.md).
 */
import type { Context } from 'hono';

/** What a verified session gave the request. */
export interface MemoizedSession {
  userId: string;
  userEmail: string;
  /**
   * Better Auth's answer to `GET /api/auth/get-session` for these credentials, as JSON text
   * (`{session, user}`): what the web app asks on every page load and tab focus.
   */
  answer: string;
}

/** The memo of one server process. */
export interface SessionMemo {
  get(key: string): MemoizedSession | undefined;
  set(key: string, session: MemoizedSession): void;
  /** Forgets the session these credentials proved (a sign-out, any write to /api/auth). */
  forget(key: string): void;
  /**
   * Runs `check` for these credentials, or joins the check of them already under way: when a
   * remembered session lapses, every tab and request holding it misses at once, and 200 such
   * checks together stalled the server for a quarter of a second.
   */
  shared<T>(key: string, check: () => Promise<T>): Promise<T>;
}

/** Longest time a verified session is remembered, in ms. */
export const SESSION_MEMO_MAX_MS = 5000;

/** The memo key of a request: its Cookie and Authorization headers, as sent. */
export function sessionMemoKey(c: Context): string {
  return `${c.req.header('cookie') ?? ''}\n${c.req.header('authorization') ?? ''}`;
}

/**
 * A memo remembering each session for `min(5 s, sessionCacheSeconds)`; none (undefined) when
 * SESSION_CACHE_SECONDS is 0, where every request is to be checked against the database.
 * @param maxEntries credentials remembered at once (default 10,000); the oldest go first
 */
export function createSessionMemo(
  sessionCacheSeconds: number,
  maxEntries = 10_000,
): SessionMemo | undefined {
  const ttlMs = Math.min(SESSION_MEMO_MAX_MS, sessionCacheSeconds * 1000);
  if (ttlMs <= 0) return undefined;
  const entries = new Map<string, MemoizedSession & { until: number }>();
  const checks = new Map<string, Promise<unknown>>();
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until > performance.now()) return e;
      entries.delete(key);
      return undefined;
    },
    set(key, session) {
      entries.delete(key);
      entries.set(key, { ...session, until: performance.now() + ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    forget: (key) => void entries.delete(key),
    shared<T>(key: string, check: () => Promise<T>): Promise<T> {
      const running = checks.get(key) as Promise<T> | undefined;
      if (running) return running;
      const started = check().finally(() => checks.delete(key));
      checks.set(key, started);
      return started;
    },
  };
}
