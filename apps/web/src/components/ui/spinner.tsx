import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Props of {@link Spinner}; `label` is what a screen reader announces. */
export type SpinnerProps = ComponentProps<'svg'> & { label?: string };

/** An indeterminate progress indicator, announced as a status so assistive tech hears "Loading". */
export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <Loader2
      role="status"
      aria-label={label}
      className={cn('size-4 animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}

/** Spinner centred in the whole viewport, for the moments before any layout can be drawn. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6" />
    </div>
  );
}
