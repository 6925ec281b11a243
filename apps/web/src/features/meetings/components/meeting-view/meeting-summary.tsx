/**
 * Summary mode of the meeting view (the default): the summary as markdown, or the notes written
 * around My notes when the meeting had notes (written-notes.tsx), 'No summary available' when absent, with the meeting's topics as chips, rows from another feature above it (the app
 * layer's 'Regenerate summary' and its status), and while the summary is written again the
 * previous one (docs/decisions/030-summary-templates-and-regenerate.md).
 */
import type { WrittenNotes } from '@summy/core';
import { NotebookText } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { TurnStart } from './meeting-time';
import { GeneratingState, PanelEmpty, type BusyLabel } from './panel-states';
import { WrittenNotesView } from './written-notes';

// The markdown toolchain (react-markdown, remark-gfm, micromark) is about 45 KB gzip: loaded after
// the meeting's header and tabs are on screen, so it stays out of the initial JavaScript.
const SummaryMarkdown = lazy(() =>
  import('@/components/markdown-text').then((m) => ({ default: m.MarkdownText })),
);

/** Grey lines standing in for the summary while its renderer loads (a few ms from cache). */
function SummarySkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {[92, 78, 85, 60].map((width) => (
        <div
          key={width}
          className="h-4 animate-pulse rounded bg-muted"
          style={{ width: `${width}%` }}
        />
      ))}
    </div>
  );
}

/** Props of {@link MeetingSummary}. */
export interface MeetingSummaryProps {
  /** The summary markdown; null or blank when there is none. */
  summary: string | null;
  topics: readonly { topic: string; confidence: number }[];
  /** True while the pipeline still has to write the summary (shows the spinner). */
  generating: boolean;
  /** The pipeline's current step, for the spinner. */
  progress: BusyLabel | null;
  /**
   * True while the summary is written again (`meeting.summaryRegenerating`): the current one
   * stays (marked busy), and the action row says so instead of the empty message.
   */
  regenerating?: boolean;
  /**
   * Drawn above the summary, from the app layer: which model and template wrote it, 'Regenerate
   * summary', and the regeneration's status or failure (the ai-preferences feature, loaded
   * lazily so none of it weighs on the meeting page's first JavaScript).
   */
  action?: ReactNode;
  /**
   * The notes written around My notes (`meeting.writtenNotes`): shown instead of the Markdown
   * `summary` (which holds the same notes, without origins or citations). Null or absent when the
   * meeting had no notes.
   */
  writtenNotes?: WrittenNotes | null;
  /** Where each transcript turn starts (the written notes' citation times). */
  starts?: readonly (TurnStart | null)[];
  /** A written-notes citation was clicked: play from turn `index` and show it. */
  onCite?: (index: number) => void;
  /** True when the meeting has a recording to play from. */
  canPlay?: boolean;
}

const noCite = () => undefined;

/**
 * The summary panel: the action rows, topics, then the written notes when there are some, else
 * the markdown; a spinner while the pipeline generates; else the empty message. While regenerating, the current summary stays.
 */
export function MeetingSummary({
  summary,
  topics,
  generating,
  progress,
  regenerating = false,
  action,
  writtenNotes = null,
  starts = [],
  onCite = noCite,
  canPlay = false,
}: MeetingSummaryProps) {
  if (generating) return <GeneratingState label={progress} subject="The summary" />;
  const text = summary?.trim();
  const shown = Boolean(text) || writtenNotes !== null;
  return (
    <div className="flex flex-col gap-5">
      {action}
      {shown ? (
        <article
          aria-label="Summary"
          aria-busy={regenerating || undefined}
          className="flex flex-col gap-6"
        >
          {topics.length > 0 && (
            <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
              {topics.map(({ topic }) => (
                <li
                  key={topic}
                  className="rounded-full border border-brand/20 bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand-soft-foreground"
                >
                  {topic}
                </li>
              ))}
            </ul>
          )}
          <Suspense fallback={<SummarySkeleton />}>
            {writtenNotes ? (
              <WrittenNotesView
                notes={writtenNotes}
                starts={starts}
                onCite={onCite}
                canPlay={canPlay}
              />
            ) : (
              <SummaryMarkdown markdown={text ?? ''} />
            )}
          </Suspense>
        </article>
      ) : (
        !regenerating && <PanelEmpty icon={NotebookText} title="No summary available" />
      )}
    </div>
  );
}
