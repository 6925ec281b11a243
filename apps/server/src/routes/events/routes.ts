/**
 * `GET /api/events`: Server-Sent Events of the signed-in user's changes (event `change`, data a
 * JSON `ChangeEvent`: table, op, id, and `meeting_id` for todos). Fed by Postgres LISTEN/NOTIFY
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
      const queue: string[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = realtime.subscribe(userId, (event) => {
        queue.push(JSON.stringify(event));
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
          await stream.writeSSE({ event: 'change', data: queue.shift()!, id: String(++id) });
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
