/**
 * `GET /api/events`: Server-Sent Events of the signed-in user: `change` (a JSON `ChangeEvent`:
 * table, op, id, and `meeting_id` for todos), `progress` (`ProgressEvent`: meetingId, label) and
 * `notice` (`NoticeEvent`: meetingId, title, description, variant). Fed by Postgres LISTEN/NOTIFY
 * through the realtime hub, so it sees writes from every process on the same database.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps, AppEnv } from '../../http/context.ts';

/** Keep-alive comment interval; proxies drop idle streams after about a minute. */
export const KEEPALIVE_MS = 25_000;

/** `/api/events` route. */
export function eventRoutes({ realtime }: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const userId = c.var.userId;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let id = 0;
      const queue: { event: string; data: string }[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = realtime.subscribe(userId, (event) => {
        queue.push({ event: event.type, data: JSON.stringify(event.data) });
        wake?.();
      });
      let open = true;
      stream.onAbort(() => {
        open = false;
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (open) {
        while (queue.length > 0 && open) {
          const next = queue.shift()!;
          await stream.writeSSE({ event: next.event, data: next.data, id: String(++id) });
        }
        if (!open) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, KEEPALIVE_MS);
        });
        wake = undefined;
        if (open && queue.length === 0) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
  });
}
