/**
 * Keeps the app's toasts above a bar fixed to the bottom of a screen (the meeting view's mode bar
 * and player): toasts sit bottom-right, where they would cover the bar's right end (its Ask
 * button). While mounted, the element's distance from the viewport's bottom edge is written to
 * the `--toast-clearance` custom property (px) on <html>, which the toast outlet adds to its
 * bottom offset (app/provider.tsx); it is removed on unmount.
 */
import { useCallback, useEffect, useRef } from 'react';

/** The custom property the toast outlet reads. */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

/** Returns a ref callback for the bar whose top toasts must stay above. */
export function useToastClearance(): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useRef<() => void>(() => {});

  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const root = document.documentElement.style;
    if (!element) {
      root.removeProperty(TOAST_CLEARANCE_VAR);
      measure.current = () => {};
      return;
    }
    measure.current = () => {
      const clearance = Math.max(window.innerHeight - element.getBoundingClientRect().top, 0);
      root.setProperty(TOAST_CLEARANCE_VAR, `${Math.round(clearance)}px`);
    };
    measure.current();
    observer.current = new ResizeObserver(() => measure.current());
    observer.current.observe(element);
  }, []);

  useEffect(() => {
    const onResize = () => measure.current();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return ref;
}
