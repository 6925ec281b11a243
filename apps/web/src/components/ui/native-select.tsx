import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The browser's own `<select>` in the app's input look, with a chevron: the platform's picker on
 * phones, full keyboard support, and disabled `<option>`s that stay listed (AI model choices a
 * server cannot run). `className` styles the wrapper (width); the select fills it.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="native-select" className={cn('relative min-w-0', className)}>
      <select
        className={cn(
          'h-9 w-full min-w-0 cursor-pointer appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-base shadow-xs outline-none md:text-sm dark:bg-input/20',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
          '[&>option]:bg-popover [&>option]:text-popover-foreground [&>option:disabled]:text-muted-foreground',
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
