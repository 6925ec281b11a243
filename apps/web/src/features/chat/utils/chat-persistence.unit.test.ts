/**
 * The saving rules of the panel (titles included), against an in-memory API that keeps chats and
 * messages the way the server does and can be told to fail a call.
 */
import { describe, expect, it } from 'vitest';
import {
  createChatPersistence,
  type ChatPersistenceApi,
  type SavedMessage,
} from './chat-persistence';
import { CHAT_CONTEXT_STORAGE_KEY, createChatContextStore } from './context-store';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

type Call = keyof ChatPersistenceApi;

/** Chats and messages in memory; `failing` names the calls that throw. */
function fakeServer() {
  const chats = new Map<string, { title: string | null; contextMeetingIds: string[] }>();
  const messages: (SavedMessage & { chatId: string | null })[] = [];
  const calls: Call[] = [];
  const failing = new Set<Call>();
  let next = 0;
  const fail = (call: Call) => {
    calls.push(call);
    if (failing.has(call)) throw new Error(`${call} failed`);
  };
  const api: ChatPersistenceApi = {
    async createChat({ contextMeetingIds }) {
      fail('createChat');
      const id = `chat-${++next}`;
      chats.set(id, { title: null, contextMeetingIds });
      return { id };
    },
    async updateChat(id, input) {
      fail('updateChat');
      const chat = chats.get(id);
      if (!chat) throw new Error('404');
      Object.assign(chat, input);
      return chat;
    },
    async createChatMessage(chatId, message) {
      fail('createChatMessage');
      if (!chats.has(chatId)) throw new Error('404');
      messages.push({ ...message, chatId });
    },
    async createLooseChatMessage(message) {
      fail('createLooseChatMessage');
      messages.push(message);
    },
  };
  return { api, chats, messages, calls, failing };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

function setup(options: Partial<Parameters<typeof createChatPersistence>[0]> = {}) {
  const server = fakeServer();
  const storage = memoryStorage();
  const logged: string[] = [];
  let savedCount = 0;
  const persistence = createChatPersistence({
    api: server.api,
    store: createChatContextStore(storage),
    log: (message) => logged.push(message),
    onSaved: () => savedCount++,
    ...options,
  });
  return { server, storage, logged, persistence, saved: () => savedCount };
}

const question = (content: string, meetingId: string | null = A): SavedMessage => ({
  content,
  isUser: true,
  meetingId,
});
const answer = (content: string, meetingId: string | null = A): SavedMessage => ({
  content,
  isUser: false,
  meetingId,
  citations: [
    { ref: 1, text: 'We ship in May.', section: 'transcript', meetingId: A, turnIndex: 3 },
  ],
});

describe('chat persistence', () => {
  it('creates no chat until the first message, then one with the meetings chosen by then', async () => {
    // Regression: opening the panel left empty 'Chat' rows in Past chats.
    const { server, persistence, storage } = setup({ meetingIds: [] });
    await persistence.setMeetingIds([A]);
    await persistence.setMeetingIds([A, B]);
    expect(server.calls).toEqual([]);
    expect(server.chats.size).toBe(0);
    expect(storage.map.size).toBe(0);
    await persistence.saveMessage(question('What did we decide?', null));
    expect(server.calls.slice(0, 2)).toEqual(['createChat', 'createChatMessage']);
    expect([...server.chats.values()]).toEqual([{ title: null, contextMeetingIds: [A, B] }]);
    expect(JSON.parse(storage.map.get(CHAT_CONTEXT_STORAGE_KEY)!)).toEqual({ 'chat-1': [A, B] });
  });

  it('creates one chat with the context, saves question and answer in order, then titles it', async () => {
    const { server, persistence, storage, saved } = setup({ meetingIds: [A] });
    // Two callers race: still one chat.
    const [first, second] = await Promise.all([persistence.ensureChat(), persistence.ensureChat()]);
    expect(first).toBe('chat-1');
    expect(second).toBe('chat-1');
    expect(server.chats.get('chat-1')?.contextMeetingIds).toEqual([A]);

    void persistence.saveMessage(question('When do we ship?'));
    await persistence.saveMessage(answer('## We ship in **May** [1]\n\nDetails follow.'));
    expect(server.messages.map((m) => [m.isUser, m.chatId, m.meetingId])).toEqual([
      [true, 'chat-1', A],
      [false, 'chat-1', A],
    ]);
    expect(server.messages[1]?.citations?.[0]).toMatchObject({ ref: 1, turnIndex: 3 });
    expect(server.chats.get('chat-1')?.title).toBe('We ship in May');
    expect(JSON.parse(storage.map.get(CHAT_CONTEXT_STORAGE_KEY)!)).toEqual({ 'chat-1': [A] });
    expect(saved()).toBeGreaterThanOrEqual(4);

    // Only the first answer titles the chat.
    await persistence.saveMessage(answer('Something else entirely'));
    expect(server.chats.get('chat-1')?.title).toBe('We ship in May');
  });

  it('creates the chat at the first message when the panel did not', async () => {
    const { server, persistence } = setup({ meetingIds: [] });
    await persistence.saveMessage(question('Across all meetings?', null));
    expect(server.calls.slice(0, 2)).toEqual(['createChat', 'createChatMessage']);
    expect(server.messages[0]).toMatchObject({ chatId: 'chat-1', meetingId: null });
  });

  it('keeps a saved title of a reopened chat', async () => {
    const { server, persistence } = setup({ chatId: 'chat-9', titled: true });
    server.chats.set('chat-9', { title: 'Launch plan', contextMeetingIds: [A] });
    await persistence.saveMessage(answer('A new first line'));
    expect(server.calls).not.toContain('createChat');
    expect(server.chats.get('chat-9')?.title).toBe('Launch plan');
  });

  it('titles a reopened chat that has no title yet', async () => {
    const { server, persistence } = setup({ chatId: 'chat-9', titled: false });
    server.chats.set('chat-9', { title: null, contextMeetingIds: [] });
    await persistence.saveMessage(answer('First line\nsecond line', null));
    expect(server.chats.get('chat-9')?.title).toBe('First line');
  });

  it('swallows a failed creation; messages with a meeting are saved without a chat', async () => {
    const { server, persistence, logged } = setup({ meetingIds: [A] });
    server.failing.add('createChat');
    expect(await persistence.ensureChat()).toBeNull();
    await persistence.saveMessage(question('Still works?'));
    // Creation is tried again at the message, fails again, and the message goes without a chat.
    expect(server.calls).toEqual(['createChat', 'createChat', 'createLooseChatMessage']);
    expect(server.messages).toEqual([{ ...question('Still works?'), chatId: null }]);
    // No chat, no title.
    await persistence.saveMessage(answer('Yes.'));
    expect(server.calls).not.toContain('updateChat');
    expect(logged.filter((m) => m === 'Creating the chat failed')).toHaveLength(3);
  });

  it('does not save a message without a chat or a meeting', async () => {
    const { server, persistence, logged } = setup({ meetingIds: [A, B] });
    server.failing.add('createChat');
    await persistence.saveMessage(question('About both?', null));
    expect(server.messages).toEqual([]);
    expect(server.calls).not.toContain('createLooseChatMessage');
    expect(logged).toContain('Creating the chat failed');
  });

  it('retries a failed insert once without the chat when a meeting id exists', async () => {
    const { server, persistence } = setup({ meetingIds: [A] });
    server.failing.add('createChatMessage');
    await persistence.saveMessage(question('Saved anyway?'));
    expect(server.calls).toEqual(['createChat', 'createChatMessage', 'createLooseChatMessage']);
    expect(server.messages).toEqual([{ ...question('Saved anyway?'), chatId: null }]);
  });

  it('swallows a failed insert without a meeting, and a failed retry', async () => {
    const { server, persistence, logged } = setup({ meetingIds: [] });
    server.failing.add('createChatMessage');
    await expect(persistence.saveMessage(question('Lost?', null))).resolves.toBeUndefined();
    expect(server.calls).toEqual(['createChat', 'createChatMessage']);

    server.failing.add('createLooseChatMessage');
    await expect(persistence.saveMessage(question('Lost too?', A))).resolves.toBeUndefined();
    expect(server.calls.slice(-2)).toEqual(['createChatMessage', 'createLooseChatMessage']);
    expect(server.messages).toEqual([]);
    expect(logged).toContain('Saving the chat message without its chat failed');
  });

  it('swallows a failed title', async () => {
    const { server, persistence, logged } = setup({ meetingIds: [A] });
    server.failing.add('updateChat');
    await persistence.saveMessage(answer('Title me'));
    expect(server.messages).toHaveLength(1);
    expect(server.chats.get('chat-1')?.title).toBeNull();
    expect(logged).toContain('Saving the chat title failed');
  });

  it('sends a change of meetings to the chat and keeps it in the browser', async () => {
    const { server, persistence, storage } = setup({ meetingIds: [A] });
    await persistence.ensureChat();
    await persistence.setMeetingIds([A, B]);
    expect(server.chats.get('chat-1')?.contextMeetingIds).toEqual([A, B]);
    expect(JSON.parse(storage.map.get(CHAT_CONTEXT_STORAGE_KEY)!)['chat-1']).toEqual([A, B]);
    // No change, no request.
    const before = server.calls.length;
    await persistence.setMeetingIds([A, B]);
    expect(server.calls.length).toBe(before);
  });

  it('creates the chat with the latest meetings, or updates it when they changed meanwhile', async () => {
    const { server, persistence } = setup({ meetingIds: [A] });
    await persistence.setMeetingIds([B]);
    await persistence.ensureChat();
    expect(server.chats.get('chat-1')?.contextMeetingIds).toEqual([B]);

    const second = setup({ meetingIds: [A] });
    const creating = second.persistence.ensureChat();
    await second.persistence.setMeetingIds([A, B]);
    await creating;
    expect(second.server.chats.get('chat-1')?.contextMeetingIds).toEqual([A, B]);
    expect(second.server.calls).toEqual(['createChat', 'updateChat']);
  });

  it('swallows a failed context update', async () => {
    const { server, persistence, storage, logged } = setup({ chatId: 'chat-3' });
    server.chats.set('chat-3', { title: null, contextMeetingIds: [] });
    server.failing.add('updateChat');
    await persistence.setMeetingIds([A]);
    expect(logged).toContain('Saving the chat context failed');
    // The browser's copy still has it (spec: "meeting context ids also kept locally per chat").
    expect(JSON.parse(storage.map.get(CHAT_CONTEXT_STORAGE_KEY)!)['chat-3']).toEqual([A]);
  });
});

describe('per-chat context store', () => {
  it('keeps the newest 200 chats and ignores broken data', () => {
    const storage = memoryStorage();
    const store = createChatContextStore(storage);
    storage.setItem(CHAT_CONTEXT_STORAGE_KEY, 'not json');
    expect(store.get('x')).toBeUndefined();
    for (let i = 0; i < 205; i++) store.set(`chat-${i}`, [A]);
    store.set('chat-0', [B]);
    const kept = JSON.parse(storage.map.get(CHAT_CONTEXT_STORAGE_KEY)!) as Record<string, string[]>;
    expect(Object.keys(kept)).toHaveLength(200);
    expect(kept['chat-5']).toBeUndefined();
    expect(kept['chat-0']).toEqual([B]);
    expect(store.get('chat-204')).toEqual([A]);
  });
});
