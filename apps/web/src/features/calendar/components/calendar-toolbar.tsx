import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Props of {@link CalendarToolbar}. */
export interface CalendarToolbarProps {
  /** Month and year of the week ('November 2026'); null while nothing is shown yet. */
  title: string | null;
  /** ISO week number; null while nothing is shown yet. */
  weekNumber: number | null;
  /** The spinner while any fetch of the visible week runs. */
  isFetching: boolean;
  /** False while there is no week to move (not connected, not configured). */
  canNavigate: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}

/**
 * The calendar's header: month and year, 'Week {n}', a spinner while fetching, then Today and the
 * previous/next week buttons.
 */
export function CalendarToolbar({
  title,
  weekNumber,
  isFetching,
  canNavigate,
  onPrevious,
  onNext,
  onToday,
}: CalendarToolbarProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <div className="flex min-w-0 items-center gap-3">
        <h1 className="sr-only">Calendar</h1>
        <h2 className="text-xl font-semibold tracking-tight sm:text-2xl" aria-live="polite">
          {title ?? 'Calendar'}
        </h2>
        {weekNumber !== null && (
          <span className="rounded-full border bg-muted/50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground tabular-nums">
            Week {weekNumber}
          </span>
        )}
        {isFetching && <Spinner label="Loading events" />}
      </div>
      {canNavigate && (
        <div className="flex items-center gap-1.5">
          <Button variant="outline" size="sm" onClick={onToday} aria-keyshortcuts="T">
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onPrevious}
            aria-label="Previous week"
            aria-keyshortcuts="ArrowLeft"
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onNext}
            aria-label="Next week"
            aria-keyshortcuts="ArrowRight"
          >
            <ChevronRight />
          </Button>
        </div>
      )}
    </header>
  );
}
