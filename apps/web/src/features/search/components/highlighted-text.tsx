import { highlightParts, type HighlightedText } from '@summy/core';

/**
 * Text with its matched parts in `<mark>`: the server's ranges over plain text, rendered as React
 * text nodes, so nothing in a transcript can ever become markup.
 */
export function Highlighted({ value, className }: { value: HighlightedText; className?: string }) {
  return (
    <span className={className}>
      {highlightParts(value).map((part, i) =>
        part.match ? (
          <mark
            key={i}
            className="rounded-[3px] bg-amber-200/80 px-px text-inherit dark:bg-amber-400/30 dark:text-amber-50"
          >
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
