/**
 * Saves a Blob to the person's downloads folder under a chosen name (the recorder's Save and
 * backup), through a temporary object URL.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; a late revoke only frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
