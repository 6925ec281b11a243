/**
 * The LISTEN side of a PostgreSQL database: one dedicated connection carries every LISTEN of this
 * process. The pool replaces its dead connections by itself, this one is not pooled: when it ends
 * (PostgreSQL restarted, network cut) it is reopened with back-off and listens again on every
 * channel.
 */
import pg from 'pg';
import { dbLog } from './log.ts';

/** Called with the payload text of each notification on a channel. */
export type NotificationListener = (payload: string) => void;

/** First wait before reconnecting a lost LISTEN connection (ms); doubled per failed attempt. */
export const LISTEN_RETRY_MIN_MS = 100;
/** Longest wait between two reconnection attempts of the LISTEN connection (ms). */
export const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * Wait before reconnection attempt `attempt` (0-based) of the LISTEN connection, in ms:
 * {@link LISTEN_RETRY_MIN_MS} doubled per attempt up to {@link LISTEN_RETRY_MAX_MS}, then jittered
 * down to between half and all of it so that several processes do not reconnect in step after a
 * restart. `random` is a source in [0, 1), `Math.random` by default.
 */
export function listenRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The LISTEN connection of one process to the PostgreSQL server at a URL, with the handlers of
 * every channel. It connects on the first `listen()`, and reconnects by itself once it was lost.
 */
export class PgListenConnection {
  readonly #url: string;
  #listener: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #closed = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #handlers = new Map<string, Set<NotificationListener>>();
  readonly #resumed = new Set<() => void>();

  /** @param url the `postgres://…` URL of the server (connects on the first `listen()`) */
  constructor(url: string) {
    this.#url = url;
  }

  /**
   * Calls `handler` with the payload of every notification on `channel`; resolves to the
   * function that unsubscribes it.
   * @throws the connection's error when the first call cannot reach PostgreSQL
   */
  async listen(channel: string, handler: NotificationListener): Promise<() => Promise<void>> {
    let set = this.#handlers.get(channel);
    if (!set) {
      set = new Set();
      this.#handlers.set(channel, set);
      if (this.#listener) await this.#listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      // A connection being (re)made listens on every channel in `handlers`, this one included.
      else if (this.#connecting) await this.#connecting.catch(() => undefined);
      // The first call connects, and throws when PostgreSQL cannot be reached.
      else if (!this.#retryTimer) {
        this.#connecting = this.#connect();
        try {
          await this.#connecting;
        } catch (err) {
          this.#handlers.delete(channel);
          throw err;
        } finally {
          this.#connecting = undefined;
        }
      }
    }
    const handlers = set;
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
    };
  }

  /** Runs `callback` each time the lost connection is back; answers its unregister function. */
  onResumed(callback: () => void): () => void {
    this.#resumed.add(callback);
    return () => {
      this.#resumed.delete(callback);
    };
  }

  /** Stops reconnecting and ends the connection (one being made too); never rejects. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const client = this.#listener ?? (await this.#connecting?.catch(() => undefined));
    this.#listener = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<pg.Client> {
    // keepAlive lets the kernel notice a peer that vanished without closing the connection.
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true });
    client.on('error', (err) => {
      dbLog.warn({ err }, '[db] listen client error');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    client.on('notification', (msg) => {
      for (const h of this.#handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    try {
      await client.connect();
      // Channels may be added while the LISTENs run: loop until none is missing, then hand the
      // client over with no await in between, so a `listen()` either finds its channel listened
      // here or finds `listener` set and listens itself.
      const done = new Set<string>();
      for (;;) {
        const missing = [...this.#handlers.keys()].filter((c) => !done.has(c));
        if (missing.length === 0) break;
        for (const channel of missing) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          done.add(channel);
        }
      }
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      throw new Error('database closed');
    }
    this.#listener = client;
    return client;
  }

  #lost(client: pg.Client): void {
    if (this.#listener !== client) return;
    this.#listener = undefined;
    client.end().catch(() => undefined);
    if (!this.#closed) this.#reconnect(0);
  }

  #reconnect(attempt: number): void {
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (this.#closed) return;
      this.#connecting = this.#connect();
      this.#connecting.then(
        () => {
          this.#connecting = undefined;
          dbLog.info({ attempts: attempt + 1 }, '[db] listen client reconnected');
          for (const callback of this.#resumed) callback();
        },
        (err: Error) => {
          this.#connecting = undefined;
          if (attempt === 0) dbLog.warn({ err }, '[db] listen client reconnecting');
          if (!this.#closed) this.#reconnect(attempt + 1);
        },
      );
    }, listenRetryDelayMs(attempt));
    this.#retryTimer.unref?.();
  }
}
