/**
 * Mel-frequency cepstral coefficients (MFCC) for speaker embeddings: pre-emphasis, 25 ms Hann
 * windows every 10 ms, power spectrum by FFT (fft.js), triangular mel filters, log, DCT-II, then
 * first-order deltas. Pure: no I/O.
 */
import FFT from 'fft.js';

/** Parameters of {@link MfccExtractor}. */
export interface MfccOptions {
  /** Sample rate of the input (Hz); default 16,000. */
  sampleRate?: number;
  /** Window length (ms); default 25. */
  windowMs?: number;
  /** Step between windows (ms); default 10. */
  hopMs?: number;
  /** Number of mel filters; default 40. */
  melFilters?: number;
  /** Cepstral coefficients kept, c1..cN (c0, the loudness, is dropped); default 19. */
  coefficients?: number;
  /** Lowest and highest filter edge (Hz); default 60 and 7,600. */
  lowHz?: number;
  highHz?: number;
  /** Pre-emphasis factor; default 0.97. */
  preEmphasis?: number;
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Computes MFCC frames; one instance reuses its FFT tables and buffers. */
export class MfccExtractor {
  /** Samples per window and per step. */
  readonly windowLength: number;
  readonly hopLength: number;
  /** Values per frame: `coefficients` MFCC followed by as many deltas. */
  readonly dimension: number;
  private readonly fftSize: number;
  private readonly fft: FFT;
  private readonly window: Float64Array;
  private readonly filters: { first: number; weights: Float64Array }[];
  private readonly dct: Float64Array[];
  private readonly coefficients: number;
  private readonly preEmphasis: number;
  private readonly frameBuf: number[];
  private readonly spectrum: number[];
  private readonly logMel: Float64Array;

  constructor(options: MfccOptions = {}) {
    const sampleRate = options.sampleRate ?? 16_000;
    this.windowLength = Math.round((sampleRate * (options.windowMs ?? 25)) / 1000);
    this.hopLength = Math.round((sampleRate * (options.hopMs ?? 10)) / 1000);
    this.fftSize = 2 ** Math.ceil(Math.log2(this.windowLength));
    this.fft = new FFT(this.fftSize);
    this.frameBuf = new Array<number>(this.fftSize).fill(0);
    this.spectrum = this.fft.createComplexArray() as number[];
    this.preEmphasis = options.preEmphasis ?? 0.97;
    this.coefficients = options.coefficients ?? 19;
    this.dimension = this.coefficients * 2;

    this.window = new Float64Array(this.windowLength);
    for (let i = 0; i < this.windowLength; i++) {
      this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (this.windowLength - 1));
    }

    const nFilters = options.melFilters ?? 40;
    const bins = this.fftSize / 2 + 1;
    const lowMel = hzToMel(options.lowHz ?? 60);
    const highMel = hzToMel(Math.min(options.highHz ?? 7600, sampleRate / 2));
    const edges: number[] = [];
    for (let i = 0; i < nFilters + 2; i++) {
      edges.push(
        (melToHz(lowMel + ((highMel - lowMel) * i) / (nFilters + 1)) * this.fftSize) / sampleRate,
      );
    }
    this.filters = [];
    for (let m = 0; m < nFilters; m++) {
      const [left, centre, right] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
      const first = Math.max(0, Math.ceil(left));
      const last = Math.min(bins - 1, Math.floor(right));
      const weights = new Float64Array(Math.max(0, last - first + 1));
      for (let k = first; k <= last; k++) {
        weights[k - first] =
          k <= centre ? (k - left) / (centre - left) : (right - k) / (right - centre);
      }
      this.filters.push({ first, weights });
    }
    this.logMel = new Float64Array(nFilters);
    this.dct = [];
    for (let c = 1; c <= this.coefficients; c++) {
      const row = new Float64Array(nFilters);
      for (let m = 0; m < nFilters; m++) {
        row[m] = Math.sqrt(2 / nFilters) * Math.cos((Math.PI * c * (m + 0.5)) / nFilters);
      }
      this.dct.push(row);
    }
  }

  /** Number of frames {@link compute} returns for `samples` samples. */
  frameCount(samples: number): number {
    return samples < this.windowLength
      ? 0
      : 1 + Math.floor((samples - this.windowLength) / this.hopLength);
  }

  /**
   * MFCC plus deltas of `pcm[start, end)`, frame `i` starting at sample `start + i * hopLength`.
   * @returns `frameCount(end - start) * dimension` values, frame-major
   */
  compute(pcm: Float32Array, start = 0, end = pcm.length): Float32Array {
    const frames = this.frameCount(end - start);
    const c = this.coefficients;
    const dim = this.dimension;
    const out = new Float32Array(frames * dim);
    const bins = this.fftSize / 2 + 1;
    for (let f = 0; f < frames; f++) {
      const base = start + f * this.hopLength;
      for (let i = 0; i < this.windowLength; i++) {
        const prev = base + i > 0 ? pcm[base + i - 1]! : 0;
        this.frameBuf[i] = (pcm[base + i]! - this.preEmphasis * prev) * this.window[i]!;
      }
      this.fft.realTransform(this.spectrum, this.frameBuf);
      for (let m = 0; m < this.filters.length; m++) {
        const { first, weights } = this.filters[m]!;
        let sum = 0;
        for (let j = 0; j < weights.length; j++) {
          const k = first + j;
          if (k >= bins) break;
          const re = this.spectrum[2 * k]!;
          const im = this.spectrum[2 * k + 1]!;
          sum += weights[j]! * (re * re + im * im);
        }
        this.logMel[m] = Math.log(sum + 1e-10);
      }
      for (let k = 0; k < c; k++) {
        const row = this.dct[k]!;
        let sum = 0;
        for (let m = 0; m < row.length; m++) sum += row[m]! * this.logMel[m]!;
        out[f * dim + k] = sum;
      }
    }
    // Deltas by the usual regression over +-2 frames, clamped at the edges.
    const denominator = 2 * (1 + 4);
    for (let f = 0; f < frames; f++) {
      for (let k = 0; k < c; k++) {
        let num = 0;
        for (let d = 1; d <= 2; d++) {
          const ahead = out[Math.min(frames - 1, f + d) * dim + k]!;
          const behind = out[Math.max(0, f - d) * dim + k]!;
          num += d * (ahead - behind);
        }
        out[f * dim + c + k] = num / denominator;
      }
    }
    return out;
  }
}
