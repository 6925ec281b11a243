/**
 * Starts the download of a same-origin URL whose answer is an attachment, as a link with
 * `download` would: the page stays, and a failure shows the browser's own download error.
 */
export function startDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
