/**
 * The meetings a question is about, above the question box: one removable chip per meeting, or
 * 'All meetings' when none is named (the server then answers from all of the user's meetings).
 */
import { FileText, Layers, X } from 'lucide-react';
import { useMeetingTitles } from '../api/get-meeting-title';

/** Props of {@link ContextChips}. */
export interface ContextChipsProps {
  meetingIds: readonly string[];
  /** Titles known without asking the server, by id. */
  knownTitles: Readonly<Record<string, string>>;
  onRemove: (id: string) => void;
}

/** The chips (`list` named 'Meetings in this chat'). */
export function ContextChips({ meetingIds, knownTitles, onRemove }: ContextChipsProps) {
  const unknown = meetingIds.filter((id) => !knownTitles[id]);
  const fetched = useMeetingTitles(unknown);
  return (
    <ul
      aria-label="Meetings in this chat"
      className="flex max-h-16 flex-wrap gap-1.5 overflow-y-auto"
    >
      {meetingIds.length === 0 ? (
        <li className="flex h-6 items-center gap-1.5 rounded-full border bg-muted/50 px-2.5 text-xs font-medium text-muted-foreground">
          <Layers className="size-3.5" aria-hidden="true" />
          All meetings
        </li>
      ) : (
        meetingIds.map((id) => {
          const title = knownTitles[id] ?? fetched[id];
          const name = title === undefined ? 'Meeting' : title === null ? 'Deleted meeting' : title;
          return (
            <li
              key={id}
              className="flex h-6 max-w-full items-center gap-1 rounded-full border border-brand/20 bg-brand-soft pr-0.5 pl-2 text-xs font-medium text-brand-soft-foreground"
            >
              <FileText className="size-3.5 shrink-0" aria-hidden="true" />
              {title === undefined ? (
                <span
                  className="h-3 w-20 animate-pulse rounded bg-brand/15"
                  aria-label="Loading meeting"
                />
              ) : (
                <span className="max-w-52 truncate" title={name}>
                  {name}
                </span>
              )}
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onRemove(id)}
                className="flex size-5 cursor-pointer items-center justify-center rounded-full outline-none hover:bg-brand/15 focus-visible:ring-2 focus-visible:ring-ring/60"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          );
        })
      )}
    </ul>
  );
}
