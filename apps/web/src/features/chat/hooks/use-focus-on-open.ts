/** Focus for the chat panel's question box each time the panel opens. */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focuses `target` once per opening: when `open` and `openCount` (the panel's count of openings)
 * has not been focused for yet, on the next animation frame.
 */
export function useFocusOnOpen(
  open: boolean,
  openCount: number,
  target: RefObject<{ focus(): void } | null>,
): void {
  const focusedFor = useRef(0);
  useEffect(() => {
    if (!open || focusedFor.current === openCount) return;
    focusedFor.current = openCount;
    // After the opening event is over: a mousedown that opened the panel (a Radix tab) would
    // otherwise take focus back to its own element as its default action.
    const frame = requestAnimationFrame(() => target.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, openCount, target]);
}
