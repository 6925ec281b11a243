/** A line of the microphone hidden as an echo of the call, shown in the transcript on request. */
import { formatPlaybackTime } from '@summy/core';
import type { EchoedLine } from './transcript-rows';

/**
 * An echo line's card: muted (the app's muted-foreground, which keeps the contrast axe asks for,
 * rather than an opacity that would lose it), dashed, marked 'Echo', with when it was said. The
 * speaker is the account holder (channel 0, the microphone), shown as 'You'.
 */
export function EchoCard({ line }: { line: EchoedLine }) {
  const time = formatPlaybackTime(line.start);
  return (
    <article
      aria-label={`Echo at ${time}`}
      data-testid="echo-line"
      className="rounded-xl border border-dashed bg-card px-4 py-3 text-muted-foreground"
    >
      <header className="flex items-center gap-3 text-xs">
        <span className="rounded-full border px-2 py-0.5 font-medium">Echo</span>
        <span className="flex-1">You</span>
        <span className="tabular-nums">{time}</span>
      </header>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line sm:pl-11">{line.text}</p>
    </article>
  );
}
