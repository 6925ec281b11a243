/**
 * The messages between the server's thread and the PGlite thread (pglite-thread.ts on the server's
 * side, pglite-worker.ts on the database's): wire-protocol bytes and blobs out, answers back.
 */
/** What the thread is started with (its `workerData`). */
export interface ThreadStart {
  /** PGlite data folder; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** postgresql.conf lines (pglite-setup.ts). */
  postgresqlconf: string[];
  /**
   * A data folder dumped by `PGliteThread.dumpDataDir` (an uncompressed tar, bytes) to start
   * from instead of running initdb; only for a database in memory (the test runs' template).
   */
  loadDataDir?: Uint8Array | undefined;
}

/** What the main thread asks of the database thread. */
export type ThreadOp =
  | { op: 'exec'; message: Uint8Array; syncToFs: boolean }
  | { op: 'blob'; data?: ArrayBuffer }
  | { op: 'dump' }
  | { op: 'close' };

/** A request to the thread; `id` pairs it with its {@link ThreadReply}. */
export type ThreadRequest = { id: number } & ThreadOp;

/** The thread's answer: the raw protocol bytes of an 'exec', or the error it threw as data. */
export interface ThreadReply {
  id: number;
  data?: Uint8Array;
  /** What a `COPY … TO '/dev/blob'` wrote, or the tar of a 'dump'. */
  blob?: ArrayBuffer;
  error?: { message: string; stack?: string };
}

/** The thread's first message: open, or why not. */
export type ThreadReady = { ready: true } | { ready: false; error: { message: string } };
