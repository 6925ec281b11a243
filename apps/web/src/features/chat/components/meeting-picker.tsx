/**
 * The @ meeting picker's popup (at most 5 meetings, 'No meetings found' when none): a listbox owned
 * by the question box, which keeps focus and points at the active option with
 * `aria-activedescendant`.
 */
import type { MeetingListItem } from '@summy/core';
import { FileText, Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { shortDate } from '../utils/short-date';

/** Props of {@link MeetingPicker}. */
export interface MeetingPickerProps {
  /** The listbox's id (the question box's `aria-controls`). */
  id: string;
  /** Id of the option at an index (for `aria-activedescendant`). */
  optionId: (index: number) => string;
  results: readonly MeetingListItem[];
  /** The highlighted option, -1 for none. */
  activeIndex: number;
  /** Nothing to show yet: the first answer is on its way. */
  loading: boolean;
  /** The search answered no meeting. */
  empty: boolean;
  /** The search failed. */
  failed: boolean;
  onHover: (index: number) => void;
  onPick: (meeting: MeetingListItem) => void;
}

/** The popup above the question box. Clicks pick without taking focus from the box. */
export function MeetingPicker({
  id,
  optionId,
  results,
  activeIndex,
  loading,
  empty,
  failed,
  onHover,
  onPick,
}: MeetingPickerProps) {
  return (
    <div className="absolute inset-x-0 bottom-full z-10 mb-2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg">
      <p className="px-3 pt-2.5 pb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
        Meetings
      </p>
      <ul id={id} role="listbox" aria-label="Meetings" className="flex flex-col p-1">
        {results.map((meeting, index) => (
          <li
            key={meeting.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== activeIndex && onHover(index)}
            onClick={() => onPick(meeting)}
            className={cn(
              'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm',
              index === activeIndex && 'bg-accent text-accent-foreground',
            )}
          >
            <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{meeting.title}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {shortDate(meeting.date, new Date(), false)}
            </span>
          </li>
        ))}
      </ul>
      {(loading || empty || failed) && (
        <p
          role="status"
          className="flex items-center gap-2 px-3 pt-0.5 pb-3 text-sm text-muted-foreground"
        >
          {loading && <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />}
          {loading ? 'Searching...' : failed ? 'Could not search meetings' : 'No meetings found'}
        </p>
      )}
    </div>
  );
}
