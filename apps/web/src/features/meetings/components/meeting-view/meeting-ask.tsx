/**
 * Ask mode of the meeting view: the way into the meeting assistant (titled 'Meeting Assistant',
 * empty state 'Ask a question about the meeting';
 * docs/product.md#meeting-assistant-and-past-chats). The panel itself belongs to the chat feature;
 * the app layer hands this mode `onAsk`, which opens it.
 */
import type { MeetingSeries } from '@summy/core';
import { ArrowUpRight, MessageSquareText, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Questions offered for every meeting, before the topic-based one. */
const GENERAL_QUESTIONS = [
  'What were the key decisions?',
  'What are the action items and who owns them?',
  'Summarize the discussion',
] as const;

/** Questions offered when the scope is the meeting's whole series. */
export const SERIES_QUESTIONS = [
  'What did we decide last time?',
  'What is still open across this series?',
  'What has changed since the first meeting?',
] as const;

/**
 * The suggested questions: three general ones, plus 'What was said about {topic}?' for the
 * meeting's first topic when it has topics (blank topic names are skipped).
 */
export function askSuggestions(topics: readonly { topic: string }[]): string[] {
  const topic = topics.map((t) => t.topic.trim()).find(Boolean);
  return topic ? [...GENERAL_QUESTIONS, `What was said about ${topic}?`] : [...GENERAL_QUESTIONS];
}

/** Props of {@link MeetingAsk}. */
export interface MeetingAskProps {
  /** The meeting's topics; the first one gives a suggested question. */
  topics: readonly { topic: string }[];
  /**
   * Opens the assistant about this meeting, or about `meetingIds` (the series' meetings) when
   * 'This series' is picked; with a question, asks it. Absent where no assistant is composed,
   * which disables the buttons.
   */
  onAsk?: (question?: string, meetingIds?: readonly string[]) => void;
  /** The meeting's series when it has one of two or more meetings: offers the 'This series' scope. */
  series?: MeetingSeries['series'];
}

type Scope = 'meeting' | 'series';

/** 'This meeting' | 'This series (N)': a radio group, arrow keys move between the two. */
function ScopePicker({
  scope,
  onChange,
  count,
}: {
  scope: Scope;
  onChange: (scope: Scope) => void;
  count: number;
}) {
  const options: [Scope, string][] = [
    ['meeting', 'This meeting'],
    ['series', `This series (${count})`],
  ];
  return (
    <div
      role="radiogroup"
      aria-label="Ask about"
      className="inline-flex rounded-full border bg-muted/50 p-0.5 text-sm"
      onKeyDown={(event) => {
        if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        const next = scope === 'meeting' ? 'series' : 'meeting';
        onChange(next);
        event.currentTarget.querySelector<HTMLElement>(`[data-scope="${next}"]`)?.focus();
      }}
    >
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="radio"
          data-scope={value}
          aria-checked={scope === value}
          tabIndex={scope === value ? 0 : -1}
          onClick={() => onChange(value)}
          className={cn(
            'cursor-pointer rounded-full px-3 py-1 font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            scope === value
              ? 'bg-background text-foreground shadow-xs'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The Ask panel: a short intro, 'Open Meeting Assistant' and suggested questions. */
export function MeetingAsk({ topics, onAsk, series }: MeetingAskProps) {
  const [scope, setScope] = useState<Scope>('meeting');
  const inSeries = Boolean(series && series.meetingCount >= 2);
  const aboutSeries = inSeries && scope === 'series';
  const suggestions = aboutSeries ? [...SERIES_QUESTIONS] : askSuggestions(topics);
  const disabled = !onAsk;
  const ask = (question?: string) =>
    aboutSeries ? onAsk?.(question, series!.meetingIds) : onAsk?.(question);
  return (
    <section
      aria-labelledby="meeting-assistant-heading"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 py-4 text-center sm:py-6"
    >
      <div className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground">
        <MessageSquareText className="size-6" aria-hidden="true" />
      </div>
      <div className="flex flex-col items-center gap-2">
        <h2 id="meeting-assistant-heading" className="text-lg font-semibold tracking-tight">
          Meeting Assistant
        </h2>
        <p className="text-sm text-muted-foreground">
          {aboutSeries
            ? `Ask a question about ${series!.name}`
            : 'Ask a question about the meeting'}
        </p>
        <p className="max-w-sm text-xs text-balance text-muted-foreground">
          {aboutSeries
            ? `Answers come from the transcripts, summaries and action items of its ${series!.meetingIds.length} latest meetings, with citations you can follow.`
            : 'Answers come from its transcript, summary and action items, with citations you can follow.'}
        </p>
      </div>
      {inSeries && <ScopePicker scope={scope} onChange={setScope} count={series!.meetingCount} />}
      <Button size="lg" disabled={disabled} onClick={() => ask()}>
        <MessageSquareText />
        Open Meeting Assistant
      </Button>
      <div className="flex w-full flex-col gap-2 pt-1">
        <h3
          id="meeting-ask-suggestions"
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          Suggested questions
        </h3>
        <ul aria-labelledby="meeting-ask-suggestions" className="flex w-full flex-col gap-2">
          {suggestions.map((question) => (
            <li key={question}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => ask(question)}
                className="group flex w-full cursor-pointer items-center gap-2.5 rounded-xl border bg-card px-4 py-2.5 text-left text-sm shadow-xs transition-colors outline-none hover:border-brand/40 hover:bg-brand-soft/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-border disabled:hover:bg-card"
              >
                <Sparkles className="size-4 shrink-0 text-brand" aria-hidden="true" />
                <span className="min-w-0 flex-1 break-words">{question}</span>
                <ArrowUpRight
                  className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-foreground group-disabled:group-hover:text-muted-foreground"
                  aria-hidden="true"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
