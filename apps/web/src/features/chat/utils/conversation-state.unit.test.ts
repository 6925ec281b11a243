/**
 * The conversation's state machine, fed with the openings the panel state records (history cleared
 * when reopened more than 30 s after closing; a different meeting starts a fresh conversation; a
 * saved chat is reopened with its messages).
 */
import { CHAT_HISTORY_RESET_MS } from '@summy/core';
import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  initialConversation,
  messageMeetingId,
  type ChatUiMessage,
  type ConversationState,
} from './conversation-state';
import {
  initialPanelState,
  panelReducer,
  type OpenChatOptions,
  type PanelState,
} from './panel-state';

const A = 'meeting-a';
const B = 'meeting-b';

/** The provider and the panel together, as the app runs them. */
class Harness {
  panel: PanelState = initialPanelState();
  chat: ConversationState = initialConversation();

  open(options: OpenChatOptions | undefined, now: number) {
    this.panel = panelReducer(this.panel, { type: 'open', options, now });
    return this.apply();
  }

  toggle(now: number) {
    this.panel = panelReducer(this.panel, { type: 'toggle', now });
    return this.apply();
  }

  close(now: number) {
    this.panel = panelReducer(this.panel, { type: 'close', now });
    return this;
  }

  say(id: string, isUser = true) {
    const message: ChatUiMessage = { id, isUser, content: id, citations: [], status: 'done' };
    this.chat = conversationReducer(this.chat, {
      type: 'addMessage',
      session: this.chat.session,
      message,
    });
    return this;
  }

  created(chatId: string) {
    this.chat = conversationReducer(this.chat, {
      type: 'chatCreated',
      session: this.chat.session,
      chatId,
    });
    return this;
  }

  private apply() {
    for (const request of this.panel.requests) {
      this.chat = conversationReducer(this.chat, { type: 'apply', request });
    }
    this.panel = panelReducer(this.panel, { type: 'applied', upTo: this.panel.requestSeq });
    return this;
  }
}

describe('conversation', () => {
  it('keeps the history when reopened within 30 s and clears it after', () => {
    const within = new Harness()
      .open({ meetingIds: [A] }, 0)
      .created('chat-1')
      .say('q1')
      .close(10_000)
      .toggle(10_000 + CHAT_HISTORY_RESET_MS);
    expect(within.chat).toMatchObject({ chatId: 'chat-1', meetingIds: [A] });
    expect(within.chat.messages).toHaveLength(1);

    const after = new Harness()
      .open({ meetingIds: [A] }, 0)
      .created('chat-1')
      .say('q1')
      .close(10_000)
      .toggle(10_001 + CHAT_HISTORY_RESET_MS);
    expect(after.chat).toMatchObject({ chatId: null, meetingIds: [], messages: [] });
    expect(after.panel.mode).toBe('floating');

    // Reopened from a meeting after the reset: a fresh conversation about that meeting.
    const fromMeeting = new Harness()
      .open({ meetingIds: [A] }, 0)
      .say('q1')
      .close(1)
      .open({ meetingIds: [A] }, 2 + CHAT_HISTORY_RESET_MS);
    expect(fromMeeting.chat).toMatchObject({ chatId: null, meetingIds: [A], messages: [] });
  });

  it('starts a fresh conversation when opened from a different meeting', () => {
    const h = new Harness()
      .open({ meetingIds: [A] }, 0)
      .created('chat-1')
      .say('q1');
    const session = h.chat.session;
    h.open({ meetingIds: [A] }, 1);
    expect(h.chat).toMatchObject({ chatId: 'chat-1', session });
    h.open(undefined, 2); // Cmd+J names no meeting: the conversation stays
    expect(h.chat.messages).toHaveLength(1);
    h.open({ meetingIds: [B] }, 3);
    expect(h.chat).toMatchObject({ chatId: null, meetingIds: [B], messages: [] });
    expect(h.chat.session).toBe(session + 1);
  });

  it('changes the context of a conversation without messages instead of starting another', () => {
    const h = new Harness().open({ meetingIds: [A] }, 0).created('chat-1');
    const session = h.chat.session;
    h.open({ meetingIds: [B] }, 1);
    expect(h.chat).toMatchObject({ chatId: 'chat-1', meetingIds: [B], session });
  });

  it('reopens a saved chat and takes its messages', () => {
    const h = new Harness().open({ meetingIds: [A] }, 0).say('q1');
    h.open({ chatId: 'chat-7', meetingIds: [A, B], title: 'Launch' }, 1);
    expect(h.chat).toMatchObject({
      chatId: 'chat-7',
      loadChatId: 'chat-7',
      titled: true,
      meetingIds: [A, B],
      messages: [],
    });
    const message = (id: string): ChatUiMessage => ({
      id,
      isUser: id.endsWith('q'),
      content: id,
      citations: [],
      status: 'done',
    });
    h.chat = conversationReducer(h.chat, {
      type: 'messagesLoaded',
      session: h.chat.session,
      chatId: 'chat-7',
      messages: [message('old-q'), message('old-a')],
    });
    expect(h.chat.loadChatId).toBeNull();
    expect(h.chat.messages.map((m) => m.id)).toEqual(['old-q', 'old-a']);
    // The same chat again keeps what is on screen; an untitled chat can still get its title.
    h.open({ chatId: 'chat-7' }, 2);
    expect(h.chat.messages).toHaveLength(2);
    expect(new Harness().open({ chatId: 'x', title: null }, 0).chat.titled).toBe(false);
  });

  it('ignores updates from an older conversation', () => {
    const h = new Harness().open({ meetingIds: [A] }, 0).say('q1');
    const old = h.chat.session;
    h.open({ meetingIds: [B] }, 1);
    const before = h.chat;
    expect(
      conversationReducer(before, { type: 'updateMessage', session: old, id: 'q1', patch: {} }),
    ).toBe(before);
    expect(
      conversationReducer(before, { type: 'chatCreated', session: old, chatId: 'x' }).chatId,
    ).toBeNull();
  });

  it('holds a question given at opening until it is taken; a blank one is none', () => {
    const h = new Harness().open({ meetingIds: [A], question: '  Who spoke?  ' }, 0);
    expect(h.chat.question).toMatchObject({ text: 'Who spoke?' });
    const taken = conversationReducer(h.chat, { type: 'questionTaken', id: h.chat.question!.id });
    expect(taken.question).toBeNull();
    expect(new Harness().open({ question: '   ' }, 0).chat.question).toBeNull();
  });

  it('starts over on request and removes duplicate meetings', () => {
    const h = new Harness()
      .open({ meetingIds: [A] }, 0)
      .created('c')
      .say('q');
    const next = conversationReducer(h.chat, { type: 'newConversation' });
    expect(next).toMatchObject({ chatId: null, messages: [], meetingIds: [A] });
    expect(
      conversationReducer(next, { type: 'setMeetingIds', meetingIds: [A, A, B] }).meetingIds,
    ).toEqual([A, B]);
  });
});

describe('messageMeetingId', () => {
  it('is the single meeting of the context, else null', () => {
    expect(messageMeetingId([A])).toBe(A);
    expect(messageMeetingId([])).toBeNull();
    expect(messageMeetingId([A, B])).toBeNull();
  });
});
