/** Keeps a growing list at its bottom while the reader is there (utils/follow-scroll.ts). */
import { useEffect, useLayoutEffect, useRef, type RefObject, type UIEvent } from 'react';
import { followNewRows, isAtBottom } from '../utils/follow-scroll';

/**
 * Call with the list's scrolling element and how many rows it has; put the returned `onScroll`
 * on the element. Whether the reader is at the bottom is taken from their own scrolling, before
 * new rows change the heights; rows added then follow or not. Rows that grow after they were
 * drawn (a web font loaded, a narrower screen wrapping their text) are followed the same way,
 * as the element's content resizes.
 */
export function useFollowBottom(box: RefObject<HTMLElement | null>, rows: number) {
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    if (box.current) followNewRows(box.current, atBottom.current);
  }, [box, rows]);
  useEffect(() => {
    const element = box.current;
    const content = element?.firstElementChild;
    if (!element || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => followNewRows(element, atBottom.current));
    observer.observe(content);
    return () => observer.disconnect();
  }, [box]);
  return (event: UIEvent<HTMLElement>) => {
    atBottom.current = isAtBottom(event.currentTarget);
  };
}
