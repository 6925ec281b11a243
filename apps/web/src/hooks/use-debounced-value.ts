import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs` (the @ picker asks the server ~150 ms after
 * the last key rather than at every key).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
