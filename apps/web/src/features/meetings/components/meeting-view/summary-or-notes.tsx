/**
 * Summary mode's 'Show' toggle: the meeting's summary or the person's own notes ('My notes'),
 * editable. It opens on the notes while the meeting records or is processed and has no summary
 * yet, else on the summary (which says 'No summary available' and offers Regenerate when there
 * is none); the person's pick then stays.
 */
import { isNotYetGenerated } from '@summy/core';
import { RadioGroup } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** What Summary mode shows. */
export type SummaryShow = 'summary' | 'notes';

/**
 * The option shown first: 'notes' while the meeting is `busy` (recording or processing) without a
 * summary, else 'summary'.
 */
export function defaultShow(summary: string | null | undefined, busy: boolean): SummaryShow {
  return busy && isNotYetGenerated(summary) ? 'notes' : 'summary';
}

const OPTIONS: { value: SummaryShow; label: string }[] = [
  { value: 'summary', label: 'Summary' },
  { value: 'notes', label: 'My notes' },
];

/** Props of {@link SummaryOrNotes}. */
export interface SummaryOrNotesProps {
  summary: string | null | undefined;
  /** True while the meeting records or is processed. */
  busy: boolean;
  /** The notes editor; without it there is no toggle and the summary shows alone. */
  notes?: ReactNode;
  /** The summary as drawn. */
  children: ReactNode;
}

/** The toggle above the summary or the notes; see the file. */
export function SummaryOrNotes({ summary, busy, notes, children }: SummaryOrNotesProps) {
  const [picked, setPicked] = useState<SummaryShow | null>(null);
  if (!notes) return children;
  const shown = picked ?? defaultShow(summary, busy);
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup.Root
        aria-label="Show"
        orientation="horizontal"
        value={shown}
        onValueChange={(value) => setPicked(value as SummaryShow)}
        className="inline-flex w-fit rounded-lg border bg-muted p-0.5"
      >
        {OPTIONS.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-muted-foreground transition-colors outline-none',
              'focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
            )}
          >
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {shown === 'summary' ? children : notes}
    </div>
  );
}
