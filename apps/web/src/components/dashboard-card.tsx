import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Props of {@link DashboardCard}. */
export interface DashboardCardProps {
  /** The section heading, e.g. 'Recent meetings'. */
  title: string;
  /** Where 'View all' goes, e.g. '/meetings'. */
  viewAllTo: string;
  /** What 'View all' reads as to a screen reader, e.g. 'View all meetings'. */
  viewAllLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * One section of the Home dashboard: a heading with its 'View all' link, then the section's list or
 * empty state. Shared by the meetings, calendar and to-dos features' dashboard pieces so the three
 * look alike; a `section` named by its heading, so screen readers list the three as regions.
 */
export function DashboardCard({
  title,
  viewAllTo,
  viewAllLabel,
  children,
  className,
}: DashboardCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        <Link
          to={viewAllTo}
          aria-label={viewAllLabel}
          className="-mr-1 inline-flex items-center gap-0.5 rounded-md px-1.5 py-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          View all
          <ChevronRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      {children}
    </section>
  );
}

/** A dashboard section's message when it has nothing to show, with an optional action. */
export function DashboardEmpty({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 rounded-lg border border-dashed px-4 py-6 text-center">
      <p className="text-sm font-medium">{title}</p>
      {description && <p className="text-xs text-balance text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** Placeholder rows while a dashboard section loads, under its text (e.g. 'Loading tasks...'). */
export function DashboardLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="text-xs text-muted-foreground">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-11 animate-pulse rounded-lg bg-muted" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A dashboard section's message when its list could not be read, with 'Try again'. */
export function DashboardError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <DashboardEmpty
      title={title}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
