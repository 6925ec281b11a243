/** What a key does in the question box while the @ meeting picker is open. */

/**
 * The picker's answer to a key: move the highlight (`to` absent when there is nothing to move
 * over), pick the highlighted meeting, or dismiss the picker; `null` when the key is not the
 * picker's and the box handles it as usual.
 */
export type PickerKeyAction =
  { kind: 'move'; to?: number } | { kind: 'pick' } | { kind: 'dismiss' };

/**
 * The picker's action for `key` (with Shift held or not) over `count` results with the
 * `activeIndex` highlighted (-1 for none): ArrowDown/ArrowUp move round the list, Enter (without
 * Shift) or Tab pick when one is highlighted, Escape dismisses.
 */
export function pickerKeyAction(
  key: string,
  shiftKey: boolean,
  count: number,
  activeIndex: number,
): PickerKeyAction | null {
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    if (count === 0) return { kind: 'move' };
    const step = key === 'ArrowDown' ? 1 : -1;
    return { kind: 'move', to: (activeIndex + step + count) % count };
  }
  if (((key === 'Enter' && !shiftKey) || key === 'Tab') && activeIndex >= 0)
    return { kind: 'pick' };
  if (key === 'Escape') return { kind: 'dismiss' };
  return null;
}
