/**
 * Saving My notes: each edit, once typing pauses, is written to the browser's store and then sent
 * to the server; when the server cannot be reached the copy stays in the browser ('Saved on this
 * device') and is sent again later. On load, a browser copy the server does not have yet and newer
 * than the server's wins and is sent, so a crash, a reload or a time offline loses nothing.
 */
import type { MeetingNotes, NoteBlock } from '@summy/core';
import type { NotesDraft, NotesStore } from './notes-db';

/** Where the save stands: nothing yet, sending, on the server, or only in this browser. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'local';

/** The words the status line shows for each status (nothing before the first edit). */
export const SAVE_STATUS_WORDS: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  local: 'Saved on this device',
};

/** The server side of a meeting's notes (the notes routes' fetchers). */
export interface NotesServer {
  load(): Promise<MeetingNotes>;
  save(blocks: readonly NoteBlock[]): Promise<MeetingNotes>;
}

/** Options of {@link NotesSync}. */
export interface NotesSyncOptions {
  /** The store key of these notes (see notes-db.ts). */
  key: string;
  store: NotesStore;
  /** The meeting's notes on the server; null for notes with no meeting yet (kept in the browser). */
  server: NotesServer | null;
  /** A store key whose notes are taken in first and then removed: those written before Start. */
  adopt?: string;
  onStatus: (status: SaveStatus) => void;
  /** Quiet time after the last edit before saving, ms. */
  debounceMs?: number;
  /** Wait before sending again after the server could not be reached, ms. */
  retryMs?: number;
  /** The clock, ms since the epoch. */
  now?: () => number;
  /**
   * True for a save the server refused for good (notes too long, meeting gone): it is not sent
   * again until the next edit, and `onRefused` is told. Default: every failure is retried.
   */
  isRefusal?: (error: unknown) => boolean;
  onRefused?: (error: unknown) => void;
}

/**
 * Which copy the editor starts from: the browser's when the server does not have it yet and it is
 * newer than the server's (or the server cannot be reached), then `send` is true; else the server's.
 */
export function pickStart(
  local: NotesDraft | undefined,
  server: MeetingNotes | null,
): { blocks: NoteBlock[]; send: boolean } {
  if (!server) return { blocks: local?.blocks ?? [], send: local?.sent === 0 };
  const serverAt = server.updatedAt === null ? -Infinity : Date.parse(server.updatedAt);
  if (local && local.sent === 0 && local.editedAt > serverAt) {
    return { blocks: local.blocks, send: true };
  }
  return { blocks: server.blocks, send: false };
}

const noop = () => {};

/** Loads one meeting's (or the pre-Start draft's) notes and keeps saving them; see the file. */
export class NotesSync {
  private readonly debounceMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;
  private latest: NoteBlock[] | null = null;
  private unsent: { blocks: NoteBlock[]; editedAt: number } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pushing = false;
  private again = false;
  private disposed = false;

  constructor(private readonly options: NotesSyncOptions) {
    this.debounceMs = options.debounceMs ?? 800;
    this.retryMs = options.retryMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The notes to show: see {@link pickStart}; an adopted draft's blocks come first. */
  async load(): Promise<NoteBlock[]> {
    const { key, store, server, adopt } = this.options;
    // The draft before the meeting's copy: an editor that took the draft in wrote the meeting's
    // copy before removing the draft, so a draft gone means the copy read next holds it.
    const draft = adopt ? await store.get(adopt).catch(() => undefined) : undefined;
    const local = await store.get(key).catch(() => undefined);
    const remote = server ? await server.load().catch(() => null) : null;
    let { blocks, send } = pickStart(local, remote);
    if (draft && draft.blocks.length > 0) {
      const ids = new Set(blocks.map((b) => b.id));
      blocks = [...draft.blocks.filter((b) => !ids.has(b.id)), ...blocks];
      send = true;
    }
    if (send) {
      this.unsent = { blocks, editedAt: local?.editedAt ?? this.now() };
      await store.put({ key, blocks, editedAt: this.unsent.editedAt, sent: 0 }).catch(noop);
      void this.push();
    }
    if (draft && adopt) await store.delete(adopt).catch(noop);
    return blocks;
  }

  /** Takes the editor's blocks after an edit; they are saved once typing pauses. */
  edit(blocks: NoteBlock[]): void {
    if (this.disposed) return;
    this.latest = blocks;
    this.options.onStatus('saving');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.debounceMs);
  }

  /** Saves the last edit now (to the browser, then the server); resolves once both were tried. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const blocks = this.latest;
    if (!blocks) return;
    this.latest = null;
    this.unsent = { blocks, editedAt: this.now() };
    const { key, store } = this.options;
    await store.put({ key, blocks, editedAt: this.unsent.editedAt, sent: 0 }).catch(noop);
    await this.push();
  }

  /** Sends what the server does not have yet, now (the browser came back online). */
  retry(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    return this.push();
  }

  /** Stops the timers; an edit not yet saved is saved first. */
  dispose(): void {
    if (this.timer) void this.flush();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.disposed = true;
  }

  private async push(): Promise<void> {
    if (this.pushing) {
      this.again = true;
      return;
    }
    this.pushing = true;
    try {
      do {
        this.again = false;
        await this.pushOnce();
      } while (this.again);
    } finally {
      this.pushing = false;
    }
  }

  private async pushOnce(): Promise<void> {
    const sending = this.unsent;
    if (!sending) return;
    const { key, store, server, onStatus } = this.options;
    if (!server) return onStatus('local');
    onStatus('saving');
    try {
      await server.save(sending.blocks);
    } catch (error) {
      onStatus('local');
      if (this.options.isRefusal?.(error)) this.options.onRefused?.(error);
      else this.scheduleRetry();
      return;
    }
    // A newer edit came while this one was on its way: it goes next, and the status waits for it.
    if (this.unsent !== sending) return void (this.again = true);
    this.unsent = null;
    await store.put({ key, ...sending, sent: 1 }).catch(noop);
    onStatus(this.timer ? 'saving' : 'saved');
  }

  private scheduleRetry(): void {
    if (this.disposed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.push();
    }, this.retryMs);
  }
}
