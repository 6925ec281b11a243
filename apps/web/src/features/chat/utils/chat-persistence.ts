/**
 * How a conversation in the panel is saved ("A chat session is created when the panel opens or at
 * the first message"; titles; chats and chat_messages; "A chat message insert that fails on the
 * chat_id column is retried without it when a meeting id exists", "Chat creation and title failures
 * are swallowed"). Nothing here ever throws at the panel: chatting works even when saving does not.
 */
import { chatAutoTitle, type ChatCitation } from '@summy/core';
import type { ChatContextStore } from './context-store';

/** The calls the rules need; the panel passes the real fetchers, tests pass fakes. */
export interface ChatPersistenceApi {
  /** `POST /api/chats` */
  createChat(input: { contextMeetingIds: string[] }): Promise<{ id: string }>;
  /** `PATCH /api/chats/:id` */
  updateChat(id: string, input: { title?: string; contextMeetingIds?: string[] }): Promise<unknown>;
  /** `POST /api/chats/:id/messages` */
  createChatMessage(chatId: string, message: SavedMessage): Promise<unknown>;
  /** `POST /api/chat-messages` with `chatId: null` */
  createLooseChatMessage(message: SavedMessage & { chatId: null }): Promise<unknown>;
}

/** A message as saved: the single context meeting (or null) and, for answers, the citations. */
export interface SavedMessage {
  content: string;
  isUser: boolean;
  meetingId: string | null;
  citations?: ChatCitation[];
}

/** Options of {@link createChatPersistence}. */
export interface ChatPersistenceOptions {
  api: ChatPersistenceApi;
  /** The per-chat context kept in this browser. */
  store: ChatContextStore;
  /** The saved chat being continued (Past chats), else null: one is created when needed. */
  chatId?: string | null;
  /** True when that chat already has a title (no auto-title then). */
  titled?: boolean;
  /** The conversation's meetings at the start; empty = all meetings. */
  meetingIds?: readonly string[];
  /** Called once a chat was created, with its id. */
  onChatCreated?: (chatId: string) => void;
  /** Called once the auto-title was saved. */
  onTitled?: () => void;
  /** Called after anything was written (a chat, a message, a title), to refresh the chat list. */
  onSaved?: () => void;
  /** Where swallowed failures go (default `console.warn`). */
  log?: (message: string, error: unknown) => void;
}

/** What the panel calls; every method resolves, failures are logged and swallowed. */
export interface ChatPersistence {
  /** The saved chat's id once known. */
  readonly chatId: string | null;
  /**
   * Creates the chat unless it exists or is being created (one request at a time); answers its id,
   * or null when creation failed (a later call tries again).
   */
  ensureChat(): Promise<string | null>;
  /**
   * Saves a question or an answer, after the messages saved before it (so timestamps keep the
   * conversation's order). After the first answer of an untitled chat, sets its auto-title.
   */
  saveMessage(message: SavedMessage): Promise<void>;
  /** Records a change of the conversation's meetings: in this browser and on the chat. */
  setMeetingIds(meetingIds: readonly string[]): Promise<void>;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

type Log = (message: string, error: unknown) => void;

/** Calls `callback`, logging rather than throwing what it throws. */
function callSafely(callback: (() => void) | undefined, log: Log): void {
  try {
    callback?.();
  } catch (error) {
    log('Refreshing after a save failed', error);
  }
}

/**
 * Writes `message` into chat `chatId`; when that fails, or there is no chat, and the message has
 * a meeting, once without its chat. Answers whether it was saved; failures are logged.
 */
async function writeMessage(
  api: ChatPersistenceApi,
  log: Log,
  chatId: string | null,
  message: SavedMessage,
): Promise<boolean> {
  if (chatId) {
    try {
      await api.createChatMessage(chatId, message);
      return true;
    } catch (error) {
      log('Saving the chat message failed', error);
    }
  }
  if (!message.meetingId) return false;
  try {
    await api.createLooseChatMessage({ ...message, chatId: null });
    return true;
  } catch (error) {
    log('Saving the chat message without its chat failed', error);
    return false;
  }
}

/**
 * The saving rules of one conversation:
 * - the chat is created (with the context meetings) by {@link ChatPersistence.ensureChat}, which
 *   saving the first message calls: never on opening the panel, so no empty chat is left in Past
 *   chats; a failed creation is swallowed and tried again at the next message;
 * - a message goes to `POST /api/chats/:id/messages`; when that fails, or there is no chat, and
 *   the message has a meeting, it goes to `POST /api/chat-messages` with `chatId: null`, once;
 *   otherwise it is not saved (logged);
 * - after the first saved answer of an untitled chat, its title becomes `chatAutoTitle(answer)`;
 * - a change of meetings is kept in the browser's per-chat store and sent as `contextMeetingIds`.
 */
export function createChatPersistence(options: ChatPersistenceOptions): ChatPersistence {
  const { api, store } = options;
  const log: Log = options.log ?? ((message, error) => console.warn(message, error));
  let chatId = options.chatId ?? null;
  let titled = options.titled ?? false;
  let meetingIds = [...(options.meetingIds ?? [])];
  // The context the server's chat row holds, to send a PATCH only for a real change.
  let savedIds: string[] | null = chatId ? null : [];
  let creating: Promise<string | null> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const saved = () => callSafely(options.onSaved, log);

  const pushContext = async () => {
    if (!chatId || (savedIds && sameIds(savedIds, meetingIds))) return;
    const ids = [...meetingIds];
    try {
      await api.updateChat(chatId, { contextMeetingIds: ids });
      savedIds = ids;
      saved();
    } catch (error) {
      log('Saving the chat context failed', error);
    }
  };

  const ensureChat = (): Promise<string | null> => {
    if (chatId) return Promise.resolve(chatId);
    creating ??= (async () => {
      const ids = [...meetingIds];
      try {
        const chat = await api.createChat({ contextMeetingIds: ids });
        chatId = chat.id;
        savedIds = ids;
        store.set(chat.id, meetingIds);
        options.onChatCreated?.(chat.id);
        saved();
        // The meetings changed while the chat was being created.
        await pushContext();
        return chat.id;
      } catch (error) {
        log('Creating the chat failed', error);
        return null;
      } finally {
        creating = null;
      }
    })();
    return creating;
  };

  const autoTitle = async (id: string, answer: string) => {
    const title = chatAutoTitle(answer);
    if (!title) return;
    titled = true;
    try {
      await api.updateChat(id, { title });
      options.onTitled?.();
      saved();
    } catch (error) {
      log('Saving the chat title failed', error);
    }
  };

  const save = async (message: SavedMessage) => {
    const id = await ensureChat();
    if (await writeMessage(api, log, id, message)) saved();
    if (!message.isUser && id && !titled) await autoTitle(id, message.content);
  };

  return {
    get chatId() {
      return chatId;
    },
    ensureChat,
    saveMessage(message) {
      const run = queue.then(() => save(message));
      queue = run.catch(() => undefined);
      return run.catch((error: unknown) => log('Saving the chat message failed', error));
    },
    async setMeetingIds(ids) {
      if (sameIds(ids, meetingIds)) return;
      meetingIds = [...ids];
      if (!chatId) return; // the creation in flight (or to come) sends the latest list
      store.set(chatId, meetingIds);
      await pushContext();
    },
  };
}
