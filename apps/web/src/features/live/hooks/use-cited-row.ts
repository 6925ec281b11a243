/**
 * Brings the live row an assistant's citation points to into view: a live citation links to
 * `/meeting/{id}?view=transcript#live-{seq}` (citationHref of @summy/core). The row may arrive
 * after the page opened (its segment is read or pushed later), so this runs again as rows come,
 * once per cited seq.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { scrollRowToTop } from '../utils/follow-scroll';
import { citedLiveSeq } from '../utils/live-segments';

/**
 * Call with the list's scrolling element, the URL's hash ('#live-3', or '' for none) and how many
 * rows are drawn. Scrolls the list (only the list, never the page) so the cited row shows.
 * @returns the cited seq, for the row's highlight, or null
 */
export function useCitedRow(
  box: RefObject<HTMLElement | null>,
  hash: string,
  rows: number,
): number | null {
  const cited = citedLiveSeq(hash);
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (cited === null || done.current === cited) return;
    const element = box.current;
    const row = element?.querySelector<HTMLElement>(`[data-seq="${cited}"]`);
    if (!row || !element) return;
    scrollRowToTop(element, row);
    done.current = cited;
  }, [box, cited, rows]);
  return cited;
}
