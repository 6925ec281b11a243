/**
 * One answer of the assistant: its markdown with `[n]` markers linked to the cited places, and the
 * citations listed below it (section, speaker and time, meeting, quoted text), each a link into
 * the meeting view (`citationHref`: `/meeting/{id}?view=transcript&turn=N` and so on).
 */
import { citationHref, type ChatCitation } from '@summy/core';
import { CircleAlert, FileText, ListTodo, Quote } from 'lucide-react';
import { lazy, Suspense, useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChatUiMessage } from '../utils/conversation-state';
import { citationLabel, linkCitationMarkers } from '../utils/citations';

// The markdown toolchain loads on the first answer, not with the panel's frame.
const MarkdownText = lazy(() =>
  import('@/components/markdown-text').then((m) => ({ default: m.MarkdownText })),
);

// Icons the sidebar already loads where possible: sharing the meeting view's own would split
// them into a chunk of their own, one more file in the meeting page's first download.
const SECTION_ICONS = {
  transcript: Quote,
  summary: FileText,
  actionItems: ListTodo,
  todos: ListTodo,
} as const;

/** Props of {@link ChatAnswer}. */
export interface ChatAnswerProps {
  message: ChatUiMessage;
  /** Name each citation's meeting (the conversation is about several, or all, meetings). */
  severalMeetings: boolean;
  /** Called when a citation link is followed. */
  onNavigate: () => void;
}

function Thinking() {
  return (
    <div role="status" className="flex items-center gap-1.5 py-2" aria-label="Thinking">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}

/** The answer, its state (thinking, streaming, stopped, failed) and its citations. */
export function ChatAnswer({ message, severalMeetings, onNavigate }: ChatAnswerProps) {
  const navigate = useNavigate();
  const { content, citations, sources } = message;
  const markdown = useMemo(
    // While streaming, markers link through the passages given to the model; then the answer's own.
    () => linkCitationMarkers(content, citations.length > 0 ? citations : (sources ?? [])),
    [content, citations, sources],
  );

  // Links in the answer are markdown anchors: the internal ones (citations) are followed inside
  // the app instead of in a new tab, unless a modifier asks for a new tab.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onNavigate();
    void navigate(href);
  };

  const streaming = message.status === 'streaming';
  return (
    <article
      aria-label="Answer"
      aria-busy={streaming || undefined}
      data-status={message.status}
      className="flex flex-col gap-3"
    >
      {message.status === 'error' ? (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-destructive/30 bg-destructive/5 px-3.5 py-2.5 text-sm text-foreground"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <p className="leading-6">{message.content}</p>
        </div>
      ) : message.content ? (
        // Delegation: the anchors inside are focusable, and Enter on one clicks it.
        <div onClick={followInternalLink}>
          <Suspense
            fallback={
              <p className="text-[15px] leading-7 whitespace-pre-wrap">{message.content}</p>
            }
          >
            <MarkdownText
              markdown={markdown}
              className="text-sm [&_a[title]]:align-super [&_a[title]]:text-[0.75em] [&_a[title]]:no-underline [&_p]:leading-6"
            />
          </Suspense>
        </div>
      ) : streaming ? (
        <>
          <Thinking />
          {message.waiting && (
            <p role="status" className="text-xs text-muted-foreground">
              {message.waiting}
            </p>
          )}
        </>
      ) : null}
      {message.status === 'stopped' && (
        <p className="text-xs text-muted-foreground">
          {message.content ? 'Stopped' : 'Stopped before answering'}
        </p>
      )}
      {message.citations.length > 0 && (
        <CitationList
          citations={message.citations}
          severalMeetings={severalMeetings}
          onNavigate={onNavigate}
        />
      )}
    </article>
  );
}

function CitationList({
  citations,
  severalMeetings,
  onNavigate,
}: {
  citations: readonly ChatCitation[];
  severalMeetings: boolean;
  onNavigate: () => void;
}) {
  // Name meetings when the conversation spans several, or when the citations do.
  const meetings = new Set(citations.map((c) => c.meetingId ?? ''));
  const showMeeting = severalMeetings || meetings.size > 1;
  return (
    <ol aria-label="Citations" className="flex flex-col gap-1.5">
      {citations.map((citation) => {
        const Icon = SECTION_ICONS[citation.section] ?? FileText;
        const label = citationLabel(citation);
        return (
          <li key={`${citation.ref}-${citation.meetingId}-${citation.turnIndex}`}>
            <Link
              to={citationHref(citation)}
              onClick={onNavigate}
              className="group flex gap-2.5 rounded-lg border bg-card px-3 py-2 text-left transition-colors outline-none hover:border-brand/40 hover:bg-brand-soft/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="mt-px flex h-5 min-w-5 shrink-0 items-center justify-center rounded-md bg-muted px-1 text-[11px] font-semibold text-muted-foreground tabular-nums group-hover:bg-brand-soft group-hover:text-brand-soft-foreground">
                {citation.ref}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">
                    {label}
                    {showMeeting && citation.meetingTitle ? (
                      <span className="text-foreground/80"> · {citation.meetingTitle}</span>
                    ) : null}
                  </span>
                </span>
                <span className="line-clamp-2 text-[13px] leading-5 text-foreground/85">
                  {citation.text}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
