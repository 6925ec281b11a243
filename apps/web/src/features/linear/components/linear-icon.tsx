import type { ComponentProps } from 'react';

/**
 * A simple mark for Linear beside its sections (a disc crossed by diagonal strokes, in the
 * current colour); decorative, so hidden from screen readers.
 */
export function LinearIcon(props: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.14" />
      <path
        d="M3.4 13.9 10.1 20.6M2.9 10.2l10.9 10.9M4.6 6.6l12.8 12.8M7.4 3.8l12.8 12.8M11.3 2.4l10.3 10.3"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
