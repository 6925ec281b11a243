/**
 * The conversation in the panel: the empty state 'Ask a question about the meeting', questions, and
 * answers with their citations.
 */
import { MessageSquareText } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { ChatUiMessage } from '../utils/conversation-state';
import { ChatAnswer } from './chat-answer';

/** Props of {@link ChatMessages}. */
export interface ChatMessagesProps {
  messages: readonly ChatUiMessage[];
  /** True while a reopened chat's messages load. */
  loading: boolean;
  /** Whether answers may cite several meetings (then each citation names its meeting). */
  severalMeetings: boolean;
  /** Called when a citation link is followed. */
  onNavigate: () => void;
}

/** Distance from the bottom within which the list follows a streaming answer, px. */
const FOLLOW_MARGIN = 96;

/**
 * The scrolling list of messages (`role="log"`, so screen readers hear new ones). It follows the
 * end of the conversation while the person is at the bottom, and stays put when they scrolled up
 * to read.
 */
export function ChatMessages({
  messages,
  loading,
  severalMeetings,
  onNavigate,
}: ChatMessagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = useRef(messages.length);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const added = messages.length > count.current;
    count.current = messages.length;
    if (added || atBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  if (loading && messages.length === 0) {
    return (
      <div
        role="status"
        aria-label="Loading chat"
        className="flex min-h-0 flex-1 flex-col gap-4 p-4"
      >
        {[60, 85, 40, 75].map((width, index) => (
          <div
            key={index}
            className={`h-10 animate-pulse rounded-2xl bg-muted ${index % 2 === 0 ? 'self-end' : ''}`}
            style={{ width: `${width}%` }}
          />
        ))}
      </div>
    );
  }

  if (messages.length === 0) {
    return (
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
          <MessageSquareText className="size-5" aria-hidden="true" />
        </div>
        <p className="text-sm font-medium">Ask a question about the meeting</p>
        <p className="max-w-xs text-sm text-balance text-muted-foreground">
          Answers cite the summary, action items and transcript. Type @ to add another meeting.
        </p>
      </div>
    );
  }

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Conversation"
      onScroll={(event) => {
        const e = event.currentTarget;
        atBottom.current = e.scrollHeight - e.scrollTop - e.clientHeight < FOLLOW_MARGIN;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
    >
      <ol className="flex flex-col gap-5">
        {messages.map((message) =>
          message.isUser ? (
            <li key={message.id} className="flex justify-end">
              <div className="sr-only">You:</div>
              <p className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-3.5 py-2 text-sm leading-6 whitespace-pre-wrap text-primary-foreground">
                {message.content}
              </p>
            </li>
          ) : (
            <li key={message.id}>
              <ChatAnswer
                message={message}
                severalMeetings={severalMeetings}
                onNavigate={onNavigate}
              />
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
