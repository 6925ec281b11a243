import type { ModelStatus } from '@summy/core';
import { cn } from '@/lib/utils';
import { downloadPercent, progressText } from '../utils/model-list';

/**
 * A model download's progress: a bar (role progressbar, `aria-valuenow` in whole percent, named
 * after the model) and the bytes and percent as text ("a progress bar (bytes and percent)").
 */
export function DownloadProgress({
  model,
  named = false,
  className,
}: {
  model: Pick<ModelStatus, 'name' | 'receivedBytes' | 'totalBytes'>;
  /** Writes the model's name beside the bytes (where the bar is not inside the model's row). */
  named?: boolean;
  className?: string;
}) {
  const percent = downloadPercent(model);
  const text = progressText(model);
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <div
        role="progressbar"
        aria-label={`Downloading ${model.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-300 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground tabular-nums">
        {named && <span className="min-w-0 truncate">{model.name}</span>}
        <span>{text}</span>
      </p>
    </div>
  );
}
