import { useEffect } from 'react';

/**
 * Sets `document.title` while the calling screen is mounted and puts the previous title back after,
 * so a dialog that renames the tab (Settings) hands the page's title back when it closes.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
