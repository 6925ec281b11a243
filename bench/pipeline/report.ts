/**
 * The pipeline bench's Markdown report: tables of each series beside its reference, and the
 * verdicts.
 */
import { type Recording, type Recordings } from './audio.ts';
import type { MemoryResult, PipelineRun, PipelineSeries, ReferenceSeries } from './series.ts';
import {
  MEMORY_UPLOADS,
  PIPELINE_BUDGET_MS,
  POLL_MS,
  RSS_BUDGET_BYTES,
  RSS_GROWTH_BUDGET_BYTES,
  RSS_INTERVAL_MS,
  mb,
  median,
  min,
  msText,
} from './series.ts';

/** Peak RSS over all uploads, and its growth over the resting RSS before the first. */
export function memoryPeak(m: MemoryResult): { peak: number; growth: number } {
  const peak = Math.max(...m.uploads.map((u) => u.peakBytes));
  return { peak, growth: peak - m.uploads[0]!.beforeBytes };
}

export function pad(cells: string[], widths: number[], textColumns: number): string {
  return `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
}

/** A Markdown table whose first `textColumns` columns are text (left), the rest figures (right). */
export function table(head: string[], rows: string[][], textColumns = 2): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [
    pad(head, widths, textColumns),
    `|${widths.map((w, i) => (i < textColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map((r) => pad(r, widths, textColumns)),
  ];
}

export const pipelinePass = (s: PipelineSeries) =>
  median(s.runs.map((r) => r.totalMs)) < PIPELINE_BUDGET_MS;

export const memoryPass = (m: MemoryResult) => {
  const { peak, growth } = memoryPeak(m);
  return peak < RSS_BUDGET_BYTES && growth < RSS_GROWTH_BUDGET_BYTES;
};

export function fileLine(f: Recording): string {
  return `${f.label}: ${f.fileName}, ${f.bytes} bytes (${mb(f.bytes)} MB), ${(f.durationS / 60).toFixed(1)} min`;
}

/** Renders the figures as Markdown tables (printed, and pasted into docs/performance.md). */
export function renderReport(
  recordings: Recordings,
  refs: readonly ReferenceSeries[],
  pipeline: readonly PipelineSeries[],
  memory: readonly MemoryResult[],
  n: number,
): string {
  const out: string[] = [];
  const refOf = (f: Recording) => refs.find((r) => r.file === f)!;
  out.push(
    `Pipeline: upload start → GET /api/meetings/:id shows isProcessing false (poll ${POLL_MS} ms); n=${n} per row after 1 warm-up; medians unless "min", ms; bare HTTP and copyFile: the references below`,
  );
  out.push('');
  out.push(
    ...table(
      [
        'backend',
        'upload',
        'total min',
        'total median',
        'upload (→201)',
        'job (201→done)',
        'queue wait',
        'total − queue wait',
        'bare HTTP',
        'copyFile',
        'upload / bare',
        'total / bare',
        `budget <${PIPELINE_BUDGET_MS / 1000}s`,
      ],
      pipeline.map((s) => {
        const ref = refOf(s.file);
        const med = (f: (r: PipelineRun) => number) => median(s.runs.map(f));
        const total = med((r) => r.totalMs);
        const bare = median(ref.bareMs);
        return [
          s.backend,
          s.file.label,
          msText(min(s.runs.map((r) => r.totalMs))),
          msText(total),
          msText(med((r) => r.uploadMs)),
          msText(med((r) => r.jobMs)),
          msText(med((r) => r.queueMs)),
          msText(med((r) => r.totalMs - r.queueMs)),
          msText(bare),
          msText(median(ref.copyFileMs)),
          `${(med((r) => r.uploadMs) / bare).toFixed(1)}x`,
          `${(total / bare).toFixed(1)}x`,
          pipelinePass(s) ? 'PASS' : 'FAIL',
        ];
      }),
    ),
  );
  out.push('');
  out.push('Where the job time goes (medians, ms):');
  out.push('');
  out.push(
    ...table(
      [
        'backend',
        'upload',
        'upload request (→201)',
        'queue wait (201→job picked)',
        'picked→STT called',
        'STT answer→transcript built',
        'text-model steps',
        'save + seen by poll',
      ],
      pipeline.map((s) => {
        const med = (k: keyof PipelineRun) => msText(median(s.runs.map((r) => r[k])));
        return [
          s.backend,
          s.file.label,
          med('uploadMs'),
          med('queueMs'),
          med('toSttMs'),
          med('transcriptMs'),
          med('textMs'),
          med('saveMs'),
        ];
      }),
    ),
  );
  out.push('');
  out.push(`References (same files, same run; n=${n} after 1 warm-up; ms):`);
  out.push('');
  out.push(
    ...table(
      [
        'file',
        'bytes',
        'fs.copyFile median',
        'bare node:http → disk median',
        'bare node:http → disk + fsync median',
      ],
      refs.map((r) => [
        r.file.label,
        String(r.file.bytes),
        msText(median(r.copyFileMs)),
        msText(median(r.bareMs)),
        msText(median(r.bareFsyncMs)),
      ]),
      1,
    ),
  );
  out.push('');
  out.push(
    `Upload memory: VmRSS of the server process sampled every ${RSS_INTERVAL_MS} ms during ${MEMORY_UPLOADS} consecutive uploads of the ${mb(recordings.wav95.bytes)} MB WAV (MB = 10^6 bytes):`,
  );
  out.push('');
  out.push(
    ...table(
      [
        'server',
        'database',
        'upload',
        'RSS idle after start',
        'RSS before',
        'peak during',
        'growth over 1st before',
        'RSS at 201',
        'VmHWM since start',
        'upload ms',
        'samples',
      ],
      memory.flatMap((m) =>
        m.uploads.map((u, i) => [
          m.server,
          m.database,
          `#${i + 1}`,
          mb(m.idleBytes),
          mb(u.beforeBytes),
          mb(u.peakBytes),
          mb(u.peakBytes - m.uploads[0]!.beforeBytes),
          mb(u.afterBytes),
          mb(u.hwmBytes),
          msText(u.uploadMs),
          String(u.samples),
        ]),
      ),
      3,
    ),
  );
  out.push('');
  for (const s of pipeline) {
    out.push(
      `pipeline ${s.backend} ${s.file.label}: ${pipelinePass(s) ? 'PASS' : 'FAIL'} (median ${msText(median(s.runs.map((r) => r.totalMs)))} ms; budget < ${PIPELINE_BUDGET_MS} ms)`,
    );
  }
  for (const m of memory) {
    const { peak, growth } = memoryPeak(m);
    const verdict = (ok: boolean) => (m.budgeted ? (ok ? 'PASS' : 'FAIL') : 'reference');
    out.push(
      `memory ${m.server}, ${m.database}: ${m.budgeted ? (memoryPass(m) ? 'PASS' : 'FAIL') : 'reference'} (peak ${mb(peak)} MB: ${verdict(peak < RSS_BUDGET_BYTES)} against < ${mb(RSS_BUDGET_BYTES)} MB; growth ${mb(growth)} MB: ${verdict(growth < RSS_GROWTH_BUDGET_BYTES)} against < ${mb(RSS_GROWTH_BUDGET_BYTES)} MB, "flat")`,
    );
    const before = m.uploads[0]!.beforeBytes;
    if (m.budgeted && before >= RSS_BUDGET_BYTES) {
      out.push(
        `  note: the baseline alone (${mb(before)} MB before any upload byte; ${mb(m.idleBytes)} MB idle after start) exceeds the ${mb(RSS_BUDGET_BYTES)} MB budget: the budget cannot be met with ${m.database} whatever the upload does`,
      );
    }
  }
  return out.join('\n');
}
