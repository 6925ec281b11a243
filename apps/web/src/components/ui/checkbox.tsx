import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Props of {@link Checkbox}: Radix's, plus the class of the tick inside. */
export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & {
  indicatorClassName?: string;
};

/**
 * The app's 18 px checkbox (a `role="checkbox"` button: Space toggles, it takes a label through
 * `aria-label` or `aria-labelledby`), square and filled with the primary colour when checked;
 * `className` reshapes or recolours it (round ones for Linear issues).
 */
export function Checkbox({ className, indicatorClassName, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        'peer mt-0.5 flex size-[18px] shrink-0 cursor-pointer items-center justify-center rounded-[5px] border border-input bg-background shadow-xs outline-none transition-colors',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check className={cn('size-3.5', indicatorClassName)} strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
