import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Summy's mark: a sound wave in a rounded square, since a recording is where every note starts.
 * Decorative by default (the product name is always written next to it).
 */
export function Logo({ className, ...props }: ComponentProps<'svg'>) {
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <defs>
        <linearGradient
          id={gradientId}
          x1="0"
          y1="0"
          x2="32"
          y2="32"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#818cf8" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <g fill="#fff">
        <rect x="7" y="13" width="3" height="6" rx="1.5" opacity="0.85" />
        <rect x="12" y="8.5" width="3" height="15" rx="1.5" />
        <rect x="17" y="11" width="3" height="10" rx="1.5" />
        <rect x="22" y="14" width="3" height="4" rx="1.5" opacity="0.85" />
      </g>
    </svg>
  );
}

/** Logo followed by the product name, as the sidebar and the sign-in screen show it. */
export function Brand({
  className,
  logoClassName,
}: {
  className?: string;
  logoClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <Logo className={logoClassName} />
      <span className="text-[15px] font-semibold tracking-tight">Summy</span>
    </span>
  );
}
