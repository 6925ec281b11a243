/**
 * PGlite on a worker thread (docs/decisions/041-pglite-on-a-worker-thread.md). PGlite is
 * PostgreSQL compiled to WebAssembly: in the server's own thread every statement's CPU (a
 * `to_tsvector` over a long transcript, a GIN insert) held the event loop, so one user's import
 * slowed every other user's requests. Here the instance lives on its own thread
 * (pglite-worker.ts) and the main thread keeps a proxy with PGlite's interface: a subclass of
 * PGlite's own `BasePGlite`, as PGlite's `PGliteWorker` is (that one needs a browser's
 * `navigator.locks` and `BroadcastChannel` leader election, which Node lacks). `BasePGlite` keeps
 * doing query, parameter serialisation, result parsing and transactions here, so Drizzle, its
 * migrator, pg-boss's `fromPglite` and fair-queue.ts see a PGlite; only the wire-protocol bytes
 * cross to the thread, and the answer bytes come back to be parsed here (errors, notices and
 * NOTIFY deliveries included).
 */
import { Worker } from 'node:worker_threads';
import { Mutex, PGlite, messages, protocol } from '@electric-sql/pglite';
import type { ThreadOp, ThreadReady, ThreadReply, ThreadStart } from './pglite-protocol.ts';
import type {
  DebugLevel,
  ExecProtocolOptions,
  ExecProtocolOptionsStream,
  ExecProtocolResult,
  Transaction,
} from '@electric-sql/pglite';

/** The methods `BasePGlite` gives its subclasses (PGlite 0.5.14 exports only the type's users). */
type BaseMethods = Pick<
  PGlite,
  | 'query'
  | 'sql'
  | 'exec'
  | 'transaction'
  | 'describeQuery'
  | 'runExclusive'
  | 'refreshArrayTypes'
  | '_initArrayTypes'
  | 'serializers'
  | 'parsers'
>;

// PGlite's package exports PGlite and PGliteWorker but not their parent class: reached through
// the prototype chain (PGlite 0.5.14 is pinned; checked here so an upgrade fails loudly).
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => BaseMethods;
if (typeof BasePGlite.prototype?._initArrayTypes !== 'function')
  throw new Error("PGlite's BasePGlite changed: check pglite-thread.ts after an upgrade");

/** The thread's entry: the TypeScript source under tsx, or the bundle's dist/pglite-worker.js. */
function startThread(start: ThreadStart): Worker {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? // tsx registers its loader per thread: the thread registers it, then imports the source.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          new URL('./pglite-worker.ts', here).href,
        )}); })`,
        { eval: true, workerData: start },
      )
    : new Worker(new URL('./pglite-worker.js', here), { workerData: start });
}

/** PostgreSQL's name for a channel as written in LISTEN: quoted as is, else lower-cased. */
function toPostgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"')
    ? channel.slice(1, -1)
    : channel.toLowerCase();
}

type ChannelListener = (payload: string) => void;
type GlobalListener = (channel: string, payload: string) => void;

/**
 * A PGlite whose database runs on a worker thread. Create it with {@link PGliteThread.create};
 * it answers `query`, `sql`, `exec`, `transaction`, `describeQuery`, `listen`/`unlisten`,
 * `onNotification`, `execProtocol*`, `syncToFs` and `close` like PGlite (0.5.14), and
 * `dumpDataDir` with the tar's bytes (PGlite's gives a Blob).
 * When the thread dies, every pending and later call rejects with an Error that says so.
 */
export class PGliteThread extends BasePGlite {
  /** PGlite's debug level; 0 here (the thread's own PGlite logs nothing either). */
  debug: DebugLevel = 0;
  /** The worker thread (tests end it to check that a dead thread fails calls). */
  readonly thread: Worker;
  /** Resolves once the thread's PGlite is open. */
  readonly waitReady: Promise<void>;
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listenMutex = new Mutex();
  readonly #pending = new Map<
    number,
    { resolve: (r: ThreadReply) => void; reject: (e: Error) => void }
  >();
  readonly #channels = new Map<string, Set<ChannelListener>>();
  readonly #notificationListeners = new Set<GlobalListener>();
  #nextId = 1;
  #ready = false;
  #closing = false;
  #closed = false;
  #dead: Error | undefined;
  #writtenBlob: Blob | undefined;
  #blobSent = false;

  private constructor(start: ThreadStart) {
    super();
    this.thread = startThread(start);
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.thread.once('message', (msg: ThreadReady) => {
        if (msg.ready) resolve();
        else reject(new Error(`PGlite could not open on its thread: ${msg.error.message}`));
      });
      this.thread.once('error', reject);
      this.thread.once('exit', (code) =>
        reject(new Error(`PGlite's thread exited with code ${code} before opening`)),
      );
    });
    this.thread.on('message', (reply: ThreadReply | ThreadReady) => {
      if ('id' in reply) this.#settle(reply);
    });
    this.thread.on('error', (err) => this.#die(`it threw ${err.message}`));
    this.thread.on('exit', (code) => this.#die(`it exited with code ${code}`));
  }

  /**
   * Starts the thread, opens PGlite there and loads the array types' parsers.
   * @throws Error when PGlite cannot open (the thread is then ended)
   */
  static async create(start: ThreadStart): Promise<PGliteThread> {
    const pg = new PGliteThread(start);
    try {
      await pg.waitReady;
      pg.#ready = true;
      pg.thread.unref();
      await pg._initArrayTypes();
    } catch (err) {
      pg.#closed = true;
      await pg.thread.terminate();
      throw err;
    }
    return pg;
  }

  /** True once open and until `close()` starts or the thread dies. */
  get ready(): boolean {
    return this.#ready && !this.#closing && !this.#closed && !this.#dead;
  }

  /** True once `close()` finished. */
  get closed(): boolean {
    return this.#closed;
  }

  #die(reason: string): void {
    if (this.#closed || this.#dead) return;
    this.#dead = new Error(`The database thread stopped (${reason}); restart Summy`);
    for (const p of this.#pending.values()) p.reject(this.#dead);
    this.#pending.clear();
  }

  #settle(reply: ThreadReply): void {
    const p = this.#pending.get(reply.id);
    if (!p) return;
    this.#pending.delete(reply.id);
    // Idle, the thread does not keep the process alive; a call in flight does.
    if (this.#pending.size === 0) this.thread.unref();
    if (reply.error) {
      const err = new Error(reply.error.message);
      if (reply.error.stack) err.stack = reply.error.stack;
      p.reject(err);
    } else p.resolve(reply);
  }

  async #call(req: ThreadOp): Promise<ThreadReply> {
    if (this.#dead) throw this.#dead;
    if (this.#closed) throw new Error('PGlite is closed');
    const id = this.#nextId++;
    return new Promise<ThreadReply>((resolve, reject) => {
      if (this.#pending.size === 0) this.thread.ref();
      this.#pending.set(id, { resolve, reject });
      this.thread.postMessage({ ...req, id });
    });
  }

  /** Runs protocol `message` on the thread; resolves to PostgreSQL's answer bytes, unparsed. */
  async execProtocolRaw(
    message: Uint8Array,
    { syncToFs = true }: ExecProtocolOptions = {},
  ): Promise<Uint8Array> {
    const reply = await this.#call({ op: 'exec', message, syncToFs });
    if (reply.blob) this.#writtenBlob = new Blob([reply.blob]);
    return reply.data ?? new Uint8Array(0);
  }

  /** As {@link execProtocolRaw}, handing the answer to `onRawData` in one piece. */
  async execProtocolRawStream(
    message: Uint8Array,
    { syncToFs = true, onRawData }: ExecProtocolOptionsStream,
  ): Promise<void> {
    onRawData(await this.execProtocolRaw(message, { syncToFs }));
  }

  /**
   * Runs protocol `message` and parses the answer as PGlite does: notices go to `onNotice`,
   * notifications to the listeners, and the first error is thrown (unless `throwOnError` is
   * false), the messages after it dropped.
   * @throws DatabaseError (PGlite's, with PostgreSQL's code and fields) for an ErrorResponse
   */
  async execProtocol(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ExecProtocolOptions = {},
  ): Promise<ExecProtocolResult> {
    const data = await this.execProtocolRaw(message, { syncToFs });
    const results: messages.BackendMessage[] = [];
    let databaseError: messages.DatabaseError | undefined;
    new protocol.Parser().parse(data, (msg) => {
      if (databaseError) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) databaseError = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.NotificationResponseMessage) {
        this.#notify(msg.channel, msg.payload);
      }
      results.push(msg);
    });
    if (databaseError) throw databaseError;
    return { messages: results, data };
  }

  /** {@link execProtocol}'s messages only (what `BasePGlite` calls for every step). */
  async execProtocolStream(
    message: Uint8Array,
    options: ExecProtocolOptions = {},
  ): Promise<messages.BackendMessage[]> {
    return (await this.execProtocol(message, options)).messages;
  }

  #notify(channel: string, payload: string): void {
    for (const listener of this.#channels.get(channel) ?? [])
      queueMicrotask(() => listener(payload));
    for (const listener of this.#notificationListeners)
      queueMicrotask(() => listener(channel, payload));
  }

  /**
   * Resolves at once: the thread's PGlite writes through Node's file system (or keeps memory),
   * whose `syncToFs` does nothing in PGlite 0.5.14, so `BasePGlite`'s call after every statement
   * costs no trip to the thread. An 'exec' with `syncToFs` still syncs there.
   */
  async syncToFs(): Promise<void> {}

  /**
   * The whole data folder as an uncompressed tar, for {@link ThreadStart.loadDataDir}: the test
   * runs migrate one database and start each test file's from its dump, which skips initdb (about
   * 6 s of CPU) and the migrations. Waits for the running statement and transaction.
   * @throws Error when closed or the thread died
   */
  async dumpDataDir(): Promise<Uint8Array> {
    await this._checkReady();
    return this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        const reply = await this.#call({ op: 'dump' });
        return new Uint8Array(reply.blob!);
      }),
    );
  }

  /** Hands a query's `blob` option to the thread (`COPY … FROM '/dev/blob'`). */
  async _handleBlob(blob?: File | Blob): Promise<void> {
    if (!blob) return;
    this.#blobSent = true;
    await this.#call({ op: 'blob', data: await blob.arrayBuffer() });
  }

  /** What the last statement wrote to `/dev/blob`, once. */
  async _getWrittenBlob(): Promise<Blob | undefined> {
    const blob = this.#writtenBlob;
    this.#writtenBlob = undefined;
    return blob;
  }

  /** Forgets the blob handed over by {@link _handleBlob}. */
  async _cleanupBlob(): Promise<void> {
    if (!this.#blobSent) return;
    this.#blobSent = false;
    await this.#call({ op: 'blob' });
  }

  /**
   * Waits until open.
   * @throws Error when closing, closed or the thread died
   */
  async _checkReady(): Promise<void> {
    if (this.#dead) throw this.#dead;
    if (this.#closing) throw new Error('PGlite is closing');
    if (this.#closed) throw new Error('PGlite is closed');
    if (!this.#ready) await this.waitReady;
  }

  /** PGlite's lock around one statement's protocol exchanges. */
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  /** PGlite's lock around a public call or a transaction (fair-queue.ts wraps it). */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  /**
   * Runs `LISTEN channel` and calls `callback` with each notification's payload on it, as PGlite.
   * @returns the function that unlistens (within transaction `tx` when given)
   */
  async listen(
    channel: string,
    callback: ChannelListener,
    tx?: Transaction,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    return this.#listenMutex.runExclusive(async () => {
      const name = toPostgresName(channel);
      let set = this.#channels.get(name);
      if (!set) this.#channels.set(name, (set = new Set()));
      set.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (err) {
        set.delete(callback);
        if (set.size === 0) this.#channels.delete(name);
        throw err;
      }
      return async (tx2?: Transaction) => this.unlisten(name, callback, tx2);
    });
  }

  /** Removes `callback` (every listener when absent); UNLISTENs once none is left. */
  async unlisten(channel: string, callback?: ChannelListener, tx?: Transaction): Promise<void> {
    await this.#listenMutex.runExclusive(async () => {
      const name = toPostgresName(channel);
      const set = this.#channels.get(name);
      if (callback) {
        set?.delete(callback);
        if (set && set.size > 0) return;
      }
      await (tx ?? this).exec(`UNLISTEN ${channel}`);
      this.#channels.delete(name);
    });
  }

  /** Calls `callback` with every notification on any channel; returns the unsubscribe function. */
  onNotification(callback: GlobalListener): () => void {
    this.#notificationListeners.add(callback);
    return () => this.#notificationListeners.delete(callback);
  }

  /** Stops calling `callback` (see {@link onNotification}). */
  offNotification(callback: GlobalListener): void {
    this.#notificationListeners.delete(callback);
  }

  /**
   * Waits for the running statement and transaction, closes PGlite on its thread (a checkpoint
   * to the folder) and ends the thread. Later calls reject with 'PGlite is closed'.
   */
  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    await this._checkReady().catch(() => undefined);
    this.#closing = true;
    try {
      await this.#transactionMutex.runExclusive(() =>
        this.#queryMutex.runExclusive(async () => {
          if (!this.#dead) await this.#call({ op: 'close' });
        }),
      );
    } finally {
      this.#closed = true;
      this.#closing = false;
      await this.thread.terminate();
    }
  }

  /** Same as {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
