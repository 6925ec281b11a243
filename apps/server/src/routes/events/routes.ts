/**
 * `GET /api/events`: Server-Sent Events of the signed-in user: `change` (a JSON `ChangeEvent`:
 * table, op, id, and `meeting_id` for todos), `progress` (`ProgressEvent`: meetingId, label),
 * `notice` (`NoticeEvent`: meetingId, title, description, variant) and `contacts-sync`
 * (`ContactsSyncEvent`: a running contacts sync's step and count, then its saved, added and failed
 * counts, or `failed`). Fed by Postgres LISTEN/NOTIFY
 * through the realtime hub, so it sees writes from every process on the same database.
 *
 * Also `resync` (`{}`): the server's database connection was lost and is back, events may have been
 * missed, reload every list. And `evicted` (`{reason}`), after which the server ends the stream:
 * the user opened more than `MAX_STREAMS_PER_USER` (8) streams on this process and this is the
 * oldest. It carries `retry: 60000` so a plain EventSource waits a minute before reconnecting (the
 * web app waits until its tab is shown).
 *
 * `POST /api/chat/stream` needs no such cap: it ends with its answer, and the model call is
 * bounded by the provider's timeout.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';

/** Keep-alive comment interval; proxies drop idle streams after about a minute. */
export const KEEPALIVE_MS = 25_000;

/** SSE `retry` (ms) sent with `evicted`: how long a plain EventSource waits to come back. */
export const EVICTED_RETRY_MS = 60_000;

/** `/api/events` route. */
export function eventRoutes({ realtime }: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const userId = c.var.userId;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let id = 0;
      const queue: { event: string; data: string; retry?: number }[] = [];
      let wake: (() => void) | undefined;
      let open = true;
      // Evicted: the last event says why, then the stream ends (the hub already dropped us).
      let ending = false;
      const unsubscribe = realtime.subscribe(
        userId,
        (event) => {
          if (ending) return;
          queue.push({ event: event.type, data: JSON.stringify(event.data) });
          wake?.();
        },
        () => {
          ending = true;
          queue.push({
            event: 'evicted',
            data: JSON.stringify({ reason: 'Too many open event streams' }),
            retry: EVICTED_RETRY_MS,
          });
          wake?.();
        },
      );
      stream.onAbort(() => {
        open = false;
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (open) {
        while (queue.length > 0 && open) {
          const next = queue.shift()!;
          await stream.writeSSE({ ...next, id: String(++id) });
        }
        if (!open || ending) break;
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, KEEPALIVE_MS);
        });
        clearTimeout(timer);
        wake = undefined;
        if (open && !ending && queue.length === 0) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
  });
}
