/**
 * Speech recognition with CMU PocketSphinx 0.8 (Debian's `pocketsphinx` and
 * `pocketsphinx-en-us`): planning the parts of a recording that run as parallel
 * `pocketsphinx_continuous` processes, running one, and reading its word timings.
 *
 * PocketSphinx decodes on one core at about 0.2 to 0.5 x real time, so the speech is cut into
 * parts at pauses (or, inside long stretches of speech, at the quietest 30 ms frame) and the
 * parts run side by side on every core. Only speech goes in: each part is its speech regions
 * spliced together, which skips silence and keeps the recogniser from inventing words in
 * background noise; a time map turns part times back into recording times.
 */
import type { Word } from '@summy/core';
import { runProcess } from '../../../audio/process.ts';
import type { SpeechRegion } from './vad.ts';

/** A stretch of the recording copied into a part (s). */
export interface SourceSpan {
  start: number;
  end: number;
}

/** One recognition job: spans of the recording spliced in order. */
export interface RecognitionPart {
  spans: SourceSpan[];
  /** Total length of the spans (s). */
  durationS: number;
  /**
   * Words of this part count from this recording time on (s); what comes before is lead-in,
   * the end of the previous part, recognised again only as context for the first words.
   */
  keepFromS: number;
}

/** Tuning of {@link planParts}. */
export interface PartPlanOptions {
  /** Processes that will run at once (usually `os.cpus().length`). */
  concurrency: number;
  /** Longest part (s); default 60, so a long recording reports progress often. */
  maxPartS?: number;
  /** Shortest part worth its own process (s); default 2 (a process starts in ~0.3 s). */
  minPartS?: number;
  /** Context kept around each speech region (s); default 0.25. */
  paddingS?: number;
  /** Regions closer than this are kept together with the pause between them (s); default 1. */
  joinGapS?: number;
  /**
   * Speech of the previous part repeated at the start of each part (s); default 3. A part
   * cut in mid-sentence otherwise starts without language-model context and with an
   * unadapted recogniser, and its first words come out worse (measured on testdata).
   */
  leadInS?: number;
  /** Frame energies (dB) of the VAD, used to cut long stretches of speech at a quiet frame. */
  frameEnergyDb?: Float32Array;
  /** Frame step of `frameEnergyDb` (s). */
  frameS?: number;
}

/**
 * Cuts the speech of a recording into parts of about equal length for parallel recognition:
 * at least `concurrency` parts when there is enough speech (each ≥ `minPartS`), none longer
 * than `maxPartS`, and a multiple of `concurrency` so that the last round keeps every core
 * busy.
 * @param regions speech regions (s) in time order
 * @param durationS length of the recording (s), which bounds the padding
 */
export function planParts(
  regions: SpeechRegion[],
  durationS: number,
  options: PartPlanOptions,
): RecognitionPart[] {
  const padding = options.paddingS ?? 0.25;
  const joinGap = options.joinGapS ?? 1;
  const maxPart = options.maxPartS ?? 60;
  const minPart = options.minPartS ?? 2;
  const concurrency = Math.max(1, options.concurrency);

  const spans = joinRegions(regions, durationS, padding, joinGap);
  const total = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (total === 0) return [];

  let count = Math.max(1, Math.min(concurrency, Math.floor(total / minPart)));
  count = Math.max(count, Math.ceil(total / maxPart));
  if (count > concurrency) count = Math.ceil(count / concurrency) * concurrency;
  // Every part but the first also decodes its lead-in, so the first takes that much more
  // speech of its own and all parts cost about the same time.
  const leadIn = count > 1 ? Math.min(options.leadInS ?? 3, total / count / 2) : 0;
  const target = (total + (count - 1) * leadIn) / count;
  // Where each part should begin, in seconds of speech: part 0 takes `target`, the others
  // `target - leadIn` of their own. A cut goes to the middle of the nearest pause between two
  // speech regions when one is close enough, else to the quietest frame near the ideal point.
  const speechBefore = (t: number) =>
    spans.reduce((sum, span) => sum + Math.max(0, Math.min(t, span.end) - span.start), 0);
  const toSource = (at: number) => {
    let before = 0;
    for (const span of spans) {
      const length = span.end - span.start;
      if (at <= before + length) return span.start + (at - before);
      before += length;
    }
    return spans[spans.length - 1]!.end;
  };
  const pauses = regions.slice(1).map((r, i) => {
    const middle = (regions[i]!.end + r.start) / 2;
    // A pause that falls between spans starts the next span.
    const next = spans.find((span) => span.end > middle);
    const source = next && next.start > middle ? next.start : middle;
    return { at: speechBefore(source), source };
  });
  const tolerance = 0.35 * (target - leadIn);
  const cuts: number[] = [];
  for (let k = 1; k < count; k++) {
    const ideal = target + (k - 1) * (target - leadIn);
    let nearest: { at: number; source: number } | null = null;
    for (const pause of pauses) {
      if (!nearest || Math.abs(pause.at - ideal) < Math.abs(nearest.at - ideal)) nearest = pause;
    }
    const cut =
      nearest && Math.abs(nearest.at - ideal) <= tolerance
        ? nearest.source
        : quietestPoint(toSource(ideal), Math.min(2, tolerance), options);
    if (cut > (cuts[cuts.length - 1] ?? spans[0]!.start) + minPart / 2) cuts.push(cut);
  }

  const parts = partsBetween(spans, cuts);

  addLeadIns(parts, leadIn);
  return parts;
}

/** Speech regions padded by `padding` (s), joined where less than `joinGap` (s) apart. */
function joinRegions(
  regions: SpeechRegion[],
  durationS: number,
  padding: number,
  joinGap: number,
): SourceSpan[] {
  const spans: SourceSpan[] = [];
  for (const r of regions) {
    const start = Math.max(0, r.start - padding);
    const end = Math.min(durationS, r.end + padding);
    const last = spans[spans.length - 1];
    if (last && start - last.end < joinGap) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

/** The parts between the cuts (s), each with the spans of speech it owns. */
function partsBetween(spans: SourceSpan[], cuts: number[]): RecognitionPart[] {
  const parts: RecognitionPart[] = [];
  const bounds = [spans[0]!.start, ...cuts, spans[spans.length - 1]!.end];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    const own = spans
      .filter((span) => span.end > from && span.start < to)
      .map((span) => ({ start: Math.max(span.start, from), end: Math.min(span.end, to) }));
    if (own.length === 0) continue;
    parts.push({
      spans: own,
      durationS: own.reduce((sum, span) => sum + (span.end - span.start), 0),
      keepFromS: from,
    });
  }
  return parts;
}

/**
 * Gives every part but the first the last `leadIn` seconds of speech of the part before, so the
 * recogniser has context at its start; changes `parts` in place.
 */
function addLeadIns(parts: RecognitionPart[], leadIn: number): void {
  for (let i = parts.length - 1; i > 0 && leadIn > 0; i--) {
    const lead: SourceSpan[] = [];
    let need = leadIn;
    for (let j = parts[i - 1]!.spans.length - 1; j >= 0 && need > 0; j--) {
      const span = parts[i - 1]!.spans[j]!;
      const start = Math.max(span.start, span.end - need);
      lead.unshift({ start, end: span.end });
      need -= span.end - start;
    }
    const part = parts[i]!;
    const first = part.spans[0]!;
    const last = lead[lead.length - 1];
    if (last && Math.abs(last.end - first.start) < 1e-9) {
      first.start = last.start;
      lead.pop();
    }
    part.spans = [...lead, ...part.spans];
    part.durationS += leadIn - Math.max(0, need);
  }
}

/** The time (s) of the quietest VAD frame within `radius` of `around`, or `around` itself. */
function quietestPoint(around: number, radius: number, options: PartPlanOptions): number {
  const energy = options.frameEnergyDb;
  const frameS = options.frameS;
  if (!energy || !frameS) return around;
  const first = Math.max(0, Math.floor((around - radius) / frameS));
  const last = Math.min(energy.length - 1, Math.ceil((around + radius) / frameS));
  let best = -1;
  for (let f = first; f <= last; f++) if (best < 0 || energy[f]! < energy[best]!) best = f;
  return best < 0 ? around : (best + 0.5) * frameS;
}

/**
 * Copies a part's spans out of the recording into one buffer.
 * @param pcm the recording, mono
 * @param sampleRate of `pcm` (Hz)
 */
export function spliceSpans(
  pcm: Float32Array,
  sampleRate: number,
  spans: SourceSpan[],
): Float32Array {
  const ranges = spans.map(
    (s) =>
      [
        Math.max(0, Math.round(s.start * sampleRate)),
        Math.min(pcm.length, Math.round(s.end * sampleRate)),
      ] as const,
  );
  const out = new Float32Array(ranges.reduce((sum, [a, b]) => sum + Math.max(0, b - a), 0));
  let offset = 0;
  for (const [a, b] of ranges) {
    if (b <= a) continue;
    out.set(pcm.subarray(a, b), offset);
    offset += b - a;
  }
  return out;
}

/**
 * Maps a time in a spliced part back to the recording. Times past the end stay in the last
 * span.
 * @param t seconds from the start of the part
 */
export function partTimeToSource(spans: SourceSpan[], t: number): number {
  let offset = 0;
  for (const span of spans) {
    const length = span.end - span.start;
    if (t < offset + length) return span.start + Math.max(0, t - offset);
    offset += length;
  }
  const last = spans[spans.length - 1];
  return last ? last.end : t;
}

/** Filler and marker tokens of the en-us model that are not words. */
const NON_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+|<sil>)$/i;

/**
 * Reads the word lines that `pocketsphinx_continuous -time yes` prints
 * (`word start end posterior`, times in s from the start of the input) and drops sentence
 * markers, silences and fillers (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UM++`); alternate
 * pronunciations lose their index (`our(3)` becomes `our`). The posterior becomes the word's
 * confidence, clipped to 0..1.
 */
export function parsePocketsphinxWords(stdout: string): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(
      line.trim(),
    );
    if (!match) continue;
    const [, token, start, end, posterior] = match;
    if (NON_WORD.test(token!)) continue;
    const word = token!.replace(/\(\d+\)$/, '');
    if (!word) continue;
    words.push({
      word,
      start: Number(start),
      end: Number(end),
      confidence: Math.min(1, Math.max(0, Number(posterior))),
    });
  }
  return words;
}

/** How to call PocketSphinx. */
export interface PocketsphinxOptions {
  /** Program; default 'pocketsphinx_continuous'. */
  command?: string;
  /** Extra arguments, e.g. `['-hmm', dir, '-lm', file, '-dict', file]` for another model. */
  extraArgs?: string[];
  signal?: AbortSignal;
}

/**
 * Recognises a 16 kHz 16-bit mono WAV file with one `pocketsphinx_continuous` process.
 * @returns words with times (s) from the start of the file
 * @throws ProcessError when PocketSphinx is missing or fails (with its stderr tail)
 * @throws DOMException 'AbortError' when the signal aborts (the process has been killed)
 */
export async function recognizeWav(
  path: string,
  options: PocketsphinxOptions = {},
): Promise<Word[]> {
  const { stdout } = await runProcess(
    options.command ?? 'pocketsphinx_continuous',
    ['-infile', path, '-time', 'yes', ...(options.extraArgs ?? [])],
    { signal: options.signal },
  );
  return parsePocketsphinxWords(stdout);
}
