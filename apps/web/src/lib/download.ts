/**
 * Starts the download of a same-origin URL whose answer is an attachment, as a link with
 * `download` would: the page stays, and a failure shows the browser's own download error.
 */
export function startDownload(href: string): void {
  clickLink(href, '');
}

/** Saves `blob` as a download named `fileName`, then lets the browser free it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickLink(url, fileName);
  // The click has handed the Blob to the download; revoking at once can cancel it in Firefox.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The file name of a `Content-Disposition: attachment` header (RFC 6266): the UTF-8
 * `filename*=UTF-8''…` when present, else the quoted or bare `filename=`; null without either.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || null;
}

function clickLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
