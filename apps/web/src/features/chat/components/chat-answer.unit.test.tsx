/** The answer while it waits for a busy local model: the thinking dots and what it waits for. */
import { chatWaitingText } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ChatUiMessage } from '../utils/conversation-state';
import { ChatAnswer } from './chat-answer';

const render = (message: ChatUiMessage) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ChatAnswer message={message} severalMeetings={false} onNavigate={() => {}} />
    </MemoryRouter>,
  );

const waiting: ChatUiMessage = {
  id: 'a',
  isUser: false,
  content: '',
  citations: [],
  status: 'streaming',
};

describe('ChatAnswer', () => {
  it('says what the answer waits for, as a status, beside the thinking dots', () => {
    const text = chatWaitingText({ position: 2, notes: true });
    const html = render({ ...waiting, waiting: text });
    expect(html).toContain('aria-label="Thinking"');
    expect(html).toContain(
      `<p role="status" class="text-xs text-muted-foreground">${text.replace("'", '&#x27;')}</p>`,
    );
  });

  it('shows no waiting line once the model writes, nor when nothing is waited for', () => {
    expect(render({ ...waiting, waiting: '' })).not.toContain('Waiting for');
    expect(
      render({ ...waiting, content: 'We ship on Friday.', waiting: 'Waiting for x' }),
    ).not.toContain('Waiting for');
  });
});
