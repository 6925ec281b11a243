/**
 * `npm run summy -- models list|pull <id>|remove <id>`: the model manager from the command line,
 * with a progress bar, through the same manager as the server's routes. Reads the same settings
 * (SUMMY_MODELS_DIR, MODELS_BASE_URL, MODELS_CATALOG); needs no database, so it runs beside a
 * running server (but do not pull the model the server is downloading at the same moment: each
 * process resumes the same partial file).
 */
import cliProgress from 'cli-progress';
import type { ModelStatus } from '@summy/core';
import type { Env } from '../env.ts';
import { AppError } from '../errors/app-errors.ts';
import { ModelDownloadCancelledError } from '../models/errors.ts';
import { ModelManager } from '../models/manager.ts';
import type { ModelsEnv } from '../models/settings.ts';

/** Usage lines of the `models` commands. */
export const MODELS_USAGE = [
  'npm run summy -- models list',
  'npm run summy -- models pull <id>',
  'npm run summy -- models remove <id>',
];

/** Where the command writes: stdout for results, stderr for the progress bar and errors. */
export interface ModelsCliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Runs a `models` command and resolves with the exit code: 0 done, 1 failed (the `{error}:
 * {details}` line on stderr), 2 usage, 130 interrupted (Ctrl-C; the part received is kept).
 */
export async function runModelsCommand(
  env: ModelsEnv & Pick<Env, 'modelsDir'>,
  args: string[],
  io: ModelsCliIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const [command, id, ...rest] = args;
  const manager = new ModelManager(env);
  const usage = () => {
    io.err.write(`Usage:\n${MODELS_USAGE.map((l) => `  ${l}`).join('\n')}\n`);
    return 2;
  };
  try {
    if (command === 'list' && !id) {
      io.out.write(formatList(await manager.listStatuses(), env.modelsDir));
      return 0;
    }
    if (command === 'pull' && id && rest.length === 0) return await pull(manager, id, io);
    if (command === 'remove' && id && rest.length === 0) {
      await manager.remove(id);
      io.out.write(`Removed ${id}\n`);
      return 0;
    }
    return usage();
  } catch (err) {
    if (err instanceof AppError) {
      io.err.write(`${err.message}: ${String(err.details ?? '')}\n`);
      return 1;
    }
    throw err;
  }
}

async function pull(manager: ModelManager, id: string, io: ModelsCliIo): Promise<number> {
  const status = await manager.status(id);
  if (status.state === 'installed') {
    io.out.write(`${id} is already installed\n`);
    return 0;
  }
  const download = manager.start(id);
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {percentage}% | {received} / {size} | {id}',
      hideCursor: true,
      stream: io.err,
      // Logs and CI (no terminal) get a line every half second instead of a redrawn bar.
      noTTYOutput: true,
      notTTYSchedule: 500,
    },
    cliProgress.Presets.shades_classic,
  );
  const total = download.progress.totalBytes;
  bar.start(total, download.progress.receivedBytes, {
    id,
    received: formatBytes(download.progress.receivedBytes),
    size: formatBytes(total),
  });
  const stopProgress = download.onProgress((p) => {
    if (p.totalBytes !== bar.getTotal()) bar.setTotal(p.totalBytes);
    bar.update(p.receivedBytes, {
      received: formatBytes(p.receivedBytes),
      size: formatBytes(p.totalBytes),
    });
  });
  const onSignal = () => void manager.pause(id);
  process.once('SIGINT', onSignal);
  try {
    const installed = await download.done;
    bar.stop();
    io.out.write(`Installed ${id} in ${installed.dir}\n`);
    return 0;
  } catch (err) {
    bar.stop();
    if (err instanceof ModelDownloadCancelledError) {
      io.err.write(`Paused: the part received is kept; run pull again to resume.\n`);
      return 130;
    }
    throw err;
  } finally {
    stopProgress();
    process.off('SIGINT', onSignal);
  }
}

/** The `list` table: id, state, size, languages, kind, and the default mark. */
function formatList(models: ModelStatus[], modelsDir: string): string {
  if (models.length === 0) return `No models in the catalog.\n`;
  const rows = models.map((m) => [
    m.id,
    m.state === 'absent' && m.receivedBytes > 0
      ? `partial ${Math.floor((100 * m.receivedBytes) / m.totalBytes)}%`
      : m.state,
    formatBytes(m.sizeBytes),
    m.languages.length > 4 ? `${m.languages.length} languages` : m.languages.join(','),
    `${m.kind}${m.default ? ' (default)' : ''}`,
    m.name,
  ]);
  const header = ['ID', 'STATE', 'SIZE', 'LANGUAGES', 'KIND', 'NAME'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\nModels folder: ${modelsDir}\n`;
}

/** Bytes as KB, MB or GB (decimal units, as download sizes are usually given). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e3).toFixed(1)} KB`;
}
