import { cn } from '@/lib/utils';

/**
 * The look of one option of the General tab's radio groups (theme, app icon theme): a bordered
 * tile, brand-tinted when checked, with the focus ring keyboard users need. Layout classes are the
 * caller's.
 */
export const choiceItemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded-lg border bg-background px-3 text-sm font-medium text-muted-foreground transition-colors outline-none',
  'hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=checked]:border-brand data-[state=checked]:bg-brand-soft data-[state=checked]:text-brand-soft-foreground',
);
