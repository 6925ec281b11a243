/**
 * Energy-based voice activity detection (VAD) for the offline speech-to-text provider.
 *
 * The signal is cut into 30 ms frames; a frame is loud when its energy (dB relative to full
 * scale) exceeds a noise floor tracked through the file by minimum statistics (falls quickly to
 * quiet frames, creeps up slowly) plus a margin taken from the file's own dynamic range. Speech
 * starts after a few loud frames and ends only after a hangover of quiet frames, so short pauses
 * and weak word endings stay inside a region. Pure: no I/O.
 */

/** A stretch of speech (s from the start of the audio). */
export interface SpeechRegion {
  start: number;
  end: number;
}

/** What {@link detectSpeech} found. */
export interface VadResult {
  /** Speech regions in time order, not overlapping. */
  regions: SpeechRegion[];
  /** Energy of each frame (dB re full scale), frame `i` covering `[i * frameS, (i + 1) * frameS)`. */
  frameEnergyDb: Float32Array;
  /** Frame length and step (s). */
  frameS: number;
}

/** Tuning of {@link detectSpeech}; the defaults suit 16 kHz speech from a headset or a laptop. */
export interface VadOptions {
  /** Frame length (ms); default 30. */
  frameMs?: number;
  /** Frames quieter than this are never speech (dBFS); default -60 (digital silence, hiss). */
  absoluteFloorDb?: number;
  /** Smallest margin above the noise floor that counts as speech (dB); default 6. */
  minMarginDb?: number;
  /** Largest margin above the noise floor (dB); default 15. */
  maxMarginDb?: number;
  /** Loud frames in a row needed to start speech; default 3 (90 ms). */
  onsetFrames?: number;
  /** Quiet frames in a row needed to end speech (hangover); default 10 (300 ms). */
  hangoverFrames?: number;
  /** Gaps shorter than this between regions are closed (s); default 0.3. */
  minGapS?: number;
  /** Regions shorter than this are dropped (s); default 0.25. */
  minRegionS?: number;
  /** Added before each region for soft word onsets (s); default 0.1. */
  paddingS?: number;
}

/** Value at fraction `q` (0..1) of the sorted values. */
export function percentile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;
}

/** Energy (dBFS) of consecutive non-overlapping frames of `frameLength` samples. */
export function frameEnergies(pcm: Float32Array, frameLength: number): Float32Array {
  const n = Math.floor(pcm.length / frameLength);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    const base = f * frameLength;
    for (let i = 0; i < frameLength; i++) {
      const v = pcm[base + i]!;
      sum += v * v;
    }
    // +1e-10 keeps digital silence finite (-100 dB).
    out[f] = 10 * Math.log10(sum / frameLength + 1e-10);
  }
  return out;
}

/**
 * Marks the speech frames: speech starts after `onset` frames louder than the tracked noise floor
 * by `margin` dB, and ends `hangover` quiet frames later (the region ends where the quiet began).
 * The floor follows quieter frames quickly and rises by `risePerFrame` dB a frame.
 */
function speechFrames(
  energy: Float32Array,
  p: {
    floor: number;
    margin: number;
    absoluteFloor: number;
    onset: number;
    hangover: number;
    risePerFrame: number;
  },
): Uint8Array {
  const { margin, absoluteFloor, onset, hangover, risePerFrame } = p;
  const n = energy.length;
  const speech = new Uint8Array(n);
  let floor = p.floor;
  let inSpeech = false;
  let loudRun = 0;
  let quietRun = 0;
  let startFrame = 0;
  for (let f = 0; f < n; f++) {
    const e = energy[f]!;
    if (e > absoluteFloor) floor = e < floor ? 0.7 * floor + 0.3 * e : floor + risePerFrame;
    const loud = e > floor + margin && e > absoluteFloor;
    if (!inSpeech) {
      loudRun = loud ? loudRun + 1 : 0;
      if (loudRun >= onset) {
        inSpeech = true;
        quietRun = 0;
        startFrame = f - onset + 1;
      }
    } else {
      quietRun = loud ? 0 : quietRun + 1;
      if (quietRun >= hangover) {
        inSpeech = false;
        loudRun = 0;
        // The hangover frames were quiet: the region ends where the quiet began.
        speech.fill(1, startFrame, f - hangover + 1);
      }
    }
  }
  if (inSpeech) speech.fill(1, startFrame, n);
  return speech;
}

/**
 * Regions less than `minGapS` apart joined, those shorter than `minRegionS` dropped, the rest
 * padded by `paddingS` before (half of it after) within the recording's `durationS`.
 */
function tidyRegions(raw: SpeechRegion[], durationS: number, options: VadOptions): SpeechRegion[] {
  const minGap = options.minGapS ?? 0.3;
  const minRegion = options.minRegionS ?? 0.25;
  const padding = options.paddingS ?? 0.1;
  const merged: SpeechRegion[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start - last.end < minGap) last.end = r.end;
    else merged.push({ ...r });
  }
  const regions: SpeechRegion[] = [];
  for (const r of merged) {
    if (r.end - r.start < minRegion) continue;
    const start = Math.max(0, r.start - padding);
    const end = Math.min(durationS, r.end + padding / 2);
    const last = regions[regions.length - 1];
    if (last && start <= last.end) last.end = end;
    else regions.push({ start, end });
  }
  return regions;
}

/**
 * Finds the speech regions of mono PCM.
 * @param pcm samples in [-1, 1]
 * @param sampleRate of `pcm` (Hz)
 * @returns regions (empty for silence or steady noise) and the frame energies
 */
export function detectSpeech(
  pcm: Float32Array,
  sampleRate: number,
  options: VadOptions = {},
): VadResult {
  const frameMs = options.frameMs ?? 30;
  const frameLength = Math.round((sampleRate * frameMs) / 1000);
  const frameS = frameLength / sampleRate;
  const energy = frameEnergies(pcm, frameLength);
  const n = energy.length;
  if (n === 0) return { regions: [], frameEnergyDb: energy, frameS };

  const absoluteFloor = options.absoluteFloorDb ?? -60;
  const onset = options.onsetFrames ?? 3;
  const hangover = options.hangoverFrames ?? 10;
  // Digital silence (e.g. a recording's first milliseconds) would drag the floor far below the
  // real background noise, so the statistics and the floor tracking skip it.
  const audible = energy.filter((e) => e > absoluteFloor);
  if (audible.length === 0) return { regions: [], frameEnergyDb: energy, frameS };
  const low = percentile(audible, 0.1);
  const high = percentile(audible, 0.95);
  // A quarter of the dynamic range: a steady noise (range ~1 dB) never clears the 6 dB minimum,
  // while in a clean recording (range 40-60 dB) breaths and hum stay below speech.
  const margin = Math.min(
    options.maxMarginDb ?? 15,
    Math.max(options.minMarginDb ?? 6, 0.25 * (high - low)),
  );
  // Rise of the tracked floor: 1 dB per second, so ~10 s of speech without a pause are needed
  // before the floor reaches speech level, while a real change of background noise (a fan
  // starting) is followed within seconds.
  const risePerFrame = 1 * frameS;

  const speech = speechFrames(energy, {
    floor: low,
    margin,
    absoluteFloor,
    onset,
    hangover,
    risePerFrame,
  });

  const raw: SpeechRegion[] = [];
  for (let f = 0; f < n;) {
    if (!speech[f]) {
      f++;
      continue;
    }
    let g = f;
    while (g < n && speech[g]) g++;
    raw.push({ start: f * frameS, end: g * frameS });
    f = g;
  }

  const regions = tidyRegions(raw, pcm.length / sampleRate, options);
  return { regions, frameEnergyDb: energy, frameS };
}
