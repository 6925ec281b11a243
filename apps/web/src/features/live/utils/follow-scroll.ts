/**
 * Where the live panel's list stays when a segment is added: a reader who scrolled up to read
 * keeps their place; one at the bottom follows the new text.
 */

/** What the scroll logic reads and sets of the list's scrolling element. */
export interface ScrollBox {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/**
 * How near the bottom (px) still counts as at the bottom: a fraction of a pixel from zoom, or a
 * reader who stopped a little short of the end, still follows.
 */
export const BOTTOM_SLACK_PX = 16;

/** Whether the list shows its last line (or has nothing to scroll). */
export function isAtBottom(box: ScrollBox): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= BOTTOM_SLACK_PX;
}

/**
 * After rows were added: to the bottom when the reader was there before, else left where it is
 * (the rows are added under the text shown, so nothing the reader sees moves).
 */
export function followNewRows(box: ScrollBox, wasAtBottom: boolean): void {
  if (wasAtBottom) box.scrollTop = box.scrollHeight - box.clientHeight;
}

/**
 * Scrolls the list (never the page) so that `row` is at its top. The list is positioned
 * (`relative`), so a row's `offsetTop` counts from the list's content top.
 */
export function scrollRowToTop(box: ScrollBox, row: HTMLElement): void {
  box.scrollTop = row.offsetTop;
}
