/**
 * The body states the integration sections of /todos (Apple Reminders, Linear) share, so both
 * read and look alike: everything done, and a first load that failed.
 */
import { CircleCheckBig, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Props of {@link AllDoneState}. */
export interface AllDoneStateProps {
  /** The short line: nothing left to do here. */
  title: string;
  /** Where new items come from and when they show. */
  children: ReactNode;
}

/** An empty section because everything in it is done: a tick, the title and when more arrive. */
export function AllDoneState({ title, children }: AllDoneStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <div className="mb-1 flex size-10 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <CircleCheckBig className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">{children}</p>
    </div>
  );
}

/** Props of {@link LoadFailedState}. */
export interface LoadFailedStateProps {
  /** What failed, e.g. 'Failed to load Linear issues'. */
  title: string;
  /** The error's own words, under the title. */
  detail: string | undefined;
  /** Drawn above the title in the destructive colour, when given. */
  icon?: LucideIcon;
  /** 'Try again'. */
  onRetry: () => void;
  /** Try again waits while a read is already under way. */
  retryDisabled: boolean;
}

/** A section whose first load failed and has nothing cached: an alert with 'Try again'. */
export function LoadFailedState({
  title,
  detail,
  icon: Icon,
  onRetry,
  retryDisabled,
}: LoadFailedStateProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      {Icon && <Icon className="size-5 text-destructive" aria-hidden="true" />}
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{detail}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retryDisabled}>
        Try again
      </Button>
    </div>
  );
}
