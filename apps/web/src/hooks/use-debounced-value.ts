import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`: search boxes (the chat's @ picker, the
 * calendar-event link search) ask the server after the last key rather than at every key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
