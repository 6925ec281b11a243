/**
 * Reading a streamed answer into the message on screen: words and their `[n]` citations as they
 * arrive, the final answer saved, Stop keeping the words so far, and the error sentences.
 */
import {
  CHAT_CONNECTION_ERROR,
  chatErrorText,
  type ChatCitation,
  type ChatStreamEvent,
} from '@summy/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatHistory, readAnswer } from './answer-stream';
import type { ChatUiMessage } from './conversation-state';

const source: ChatCitation = { ref: 1, text: 'Launch in May', section: 'summary', meetingId: 'm1' };

/** The events, then `end` (an error to throw, e.g. the abort of Stop) if given. */
async function* stream(events: ChatStreamEvent[], end?: Error): AsyncGenerator<ChatStreamEvent> {
  for (const event of events) yield event;
  if (end) throw end;
}

function sink() {
  const updates: Partial<ChatUiMessage>[] = [];
  const saved: [string, ChatCitation[]][] = [];
  return {
    updates,
    saved,
    update: (patch: Partial<ChatUiMessage>) => updates.push(patch),
    save: (content: string, citations: ChatCitation[]) => saved.push([content, citations]),
  };
}

beforeEach(() => {
  // Frames never come in these tests: the final update shows the words.
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('readAnswer', () => {
  it('shows the sources, then the final answer with its citations, and saves it', async () => {
    const out = sink();
    await readAnswer(
      stream([
        { event: 'citations', data: { citations: [source] } },
        { event: 'delta', data: { text: 'In May [1]' } },
        {
          event: 'done',
          data: { content: 'In May [1].', response: '', citations: [source], model: 'offline' },
        },
      ]),
      out,
    );
    expect(out.updates[0]).toEqual({ sources: [source] });
    expect(out.updates.at(-1)).toEqual({
      content: 'In May [1].',
      citations: [source],
      sources: [source],
      status: 'done',
    });
    expect(out.saved).toEqual([['In May [1].', [source]]]);
  });

  it('keeps the words so far on Stop, with the citations they mention', async () => {
    const out = sink();
    const abort = new DOMException('aborted', 'AbortError');
    await readAnswer(
      stream(
        [
          { event: 'citations', data: { citations: [source] } },
          { event: 'delta', data: { text: 'So far [1]' } },
        ],
        abort,
      ),
      out,
    );
    expect(out.updates.at(-1)).toMatchObject({ content: 'So far [1]', status: 'stopped' });
    expect(out.saved).toEqual([['So far [1]', [source]]]);
  });

  it('answers the error sentences, and saves nothing', async () => {
    const failed = sink();
    await readAnswer(stream([{ event: 'error', data: { error: 'Bad', details: 'Why.' } }]), failed);
    expect(failed.updates.at(-1)).toEqual({
      content: chatErrorText('Bad', 'Why.'),
      citations: [],
      status: 'error',
    });
    const cut = sink();
    await readAnswer(stream([]), cut);
    expect(cut.updates.at(-1)).toMatchObject({ content: CHAT_CONNECTION_ERROR, status: 'error' });
    expect([...failed.saved, ...cut.saved]).toEqual([]);
  });
});

describe('chatHistory', () => {
  it('sends the last 40 turns that are neither errors, streaming nor blank', () => {
    const turn = (content: string, status: ChatUiMessage['status'] = 'done'): ChatUiMessage => ({
      id: content,
      isUser: true,
      content,
      citations: [],
      status,
    });
    const messages = [
      ...Array.from({ length: 41 }, (_, i) => turn(`q${i}`)),
      turn('oops', 'error'),
      turn(' '),
      turn('now', 'streaming'),
    ];
    const history = chatHistory(messages);
    expect(history).toHaveLength(40);
    expect(history[0]).toEqual({ isUser: true, content: 'q1' });
    expect(history.at(-1)).toEqual({ isUser: true, content: 'q40' });
  });
});
