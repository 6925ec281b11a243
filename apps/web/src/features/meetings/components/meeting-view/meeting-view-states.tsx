/**
 * What the meeting view shows before it has a meeting to draw: a skeleton while loading, an error
 * with a retry when loading failed, and a not-found state for a missing or deleted meeting.
 */
import { CircleAlert, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The page's outline while the meeting loads, announced as 'Loading meeting'. */
export function MeetingSkeleton() {
  return (
    <div role="status" aria-label="Loading meeting" className="flex h-full flex-col">
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-5 px-5 pt-6 md:px-10 md:pt-10">
        <div className="h-4 w-64 animate-pulse rounded bg-muted" />
        <div className="h-8 w-3/4 animate-pulse rounded bg-muted" />
        <div className="flex gap-2">
          {[80, 96, 72].map((width) => (
            <div
              key={width}
              className="h-5 animate-pulse rounded-full bg-muted"
              style={{ width }}
            />
          ))}
        </div>
        <div className="my-2 h-px bg-border" />
        {[100, 94, 97, 60].map((width, index) => (
          <div
            key={index}
            className="h-4 animate-pulse rounded bg-muted"
            style={{ width: `${width}%` }}
          />
        ))}
      </div>
      <div className="shrink-0 border-t px-3 py-2">
        <div className="mx-auto h-11 w-full max-w-3xl animate-pulse rounded-xl bg-muted md:px-10" />
      </div>
    </div>
  );
}

/** Props of {@link MeetingLoadError}. */
export interface MeetingLoadErrorProps {
  /** Loads the meeting again. */
  onRetry: () => void;
  /** True while that retry runs (the button is disabled meanwhile). */
  retrying: boolean;
}

/** 'Failed to load meeting details', as an alert with 'Try again'. */
export function MeetingLoadError({ onRetry, retrying }: MeetingLoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <div className="flex size-11 items-center justify-center rounded-xl border bg-destructive/10 text-destructive">
        <CircleAlert className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium">Failed to load meeting details</p>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">
        Check your connection and try again.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="mt-1">
        Try again
      </Button>
    </div>
  );
}

/** 'Meeting not found' (the server answered 404), with a way back to Home. */
export function MeetingNotFound() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <SearchX className="size-5" aria-hidden="true" />
      </div>
      <h1 className="text-base font-semibold">Meeting not found</h1>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">
        This meeting does not exist or has been deleted.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-1">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
