/**
 * Model download metrics: the model manager hands each download it starts to
 * {@link observeModelDownload}. docs/decisions/060-metrics.md.
 */
import { ModelDownloadCancelledError } from '../models/errors.ts';
import { modelDownloads } from './definitions.ts';

/** What is observed of a download (models/manager.ts's `ModelDownload`). */
export interface ObservedDownload {
  readonly id: string;
  readonly done: Promise<unknown>;
  onProgress(listener: (progress: { receivedBytes: number }) => void): () => unknown;
}

/**
 * Counts a download that just started (`summy_model_downloads_started_total`), the bytes it
 * receives (`summy_model_download_bytes_total`: growth of `receivedBytes` after its first report,
 * which is what a resume or a hand-copied file already had; a restart from 0 counts anew), and how
 * it ends: installed (`..._completed_total`) or failed (`..._failed_total`). A pause or a cancel
 * (ModelDownloadCancelledError) counts as neither.
 */
export function observeModelDownload(download: ObservedDownload): void {
  const labels = { model: download.id };
  modelDownloads.started.inc(labels);
  let last: number | undefined;
  const stop = download.onProgress(({ receivedBytes }) => {
    if (last !== undefined) {
      const added = receivedBytes >= last ? receivedBytes - last : receivedBytes;
      if (added > 0) modelDownloads.bytes.inc(labels, added);
    }
    last = receivedBytes;
  });
  download.done.then(
    () => {
      stop();
      modelDownloads.completed.inc(labels);
    },
    (err: unknown) => {
      stop();
      if (!(err instanceof ModelDownloadCancelledError)) modelDownloads.failed.inc(labels);
    },
  );
}
