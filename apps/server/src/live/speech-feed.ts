/**
 * What a streaming recognizer of one channel hears: the speech of the recording as it is spoken,
 * and a moment of digital silence after each stretch, so the recognizer's own endpointer closes
 * the utterance at once and prints its words. Silence between stretches is never written: the
 * recognizer spends no time on it and cannot invent words in background noise.
 *
 * The stream written is therefore shorter than the recording; a time map turns the recognizer's
 * times back into recording times.
 */
import type { DetectedSpeech } from '../audio/speech-detector.ts';

/** Sample rate of the stream and of the recording (Hz). */
const RATE = 16_000;

/** Options of {@link SpeechFeed}. */
export interface SpeechFeedOptions {
  /**
   * Silence written after each stretch (s). PocketSphinx ends an utterance after 0.5 s without
   * speech (its `-vad_postspeech` default of 50 frames), so a little more closes it.
   */
  silenceS?: number;
  /**
   * The recognizer reads its input in blocks of this many samples (pocketsphinx_continuous:
   * 2,048) and waits for a whole one: the silence is lengthened to end on a block edge, so the
   * end of an utterance is never left waiting in a partial block.
   */
  blockSamples?: number;
  /** Audio kept to write from where open speech began (s); speech is declared after ~0.3 s. */
  historyS?: number;
}

/** A piece of the written stream taken from the recording. */
interface Piece {
  /** Samples from the stream's start. */
  stream: number;
  /** Samples from the recording's start. */
  recording: number;
  length: number;
  /** Where the detector's stretch written in this piece ended (recording samples), once known. */
  speechEnd?: number;
}

/**
 * The feed of one channel: {@link SpeechFeed.hear} is called with each decoded piece of audio in
 * order, with what the speech detector found in it, and answers the audio to write.
 */
export class SpeechFeed {
  private readonly silence: number;
  private readonly block: number;
  private readonly keep: number;
  /** The recording's last samples, `history[0]` being sample `historyFrom`. */
  private history = new Float32Array(0);
  private historyFrom = 0;
  /** Samples written to the stream so far. */
  private written = 0;
  /** The recording was written up to this sample (exclusive). */
  private fedTo = 0;
  /** Speech was written since the last silence: an utterance is open. */
  private speaking = false;
  private readonly pieces: Piece[] = [];

  constructor(options: SpeechFeedOptions = {}) {
    this.silence = Math.round((options.silenceS ?? 0.6) * RATE);
    this.block = options.blockSamples ?? 2048;
    this.keep = Math.round((options.historyS ?? 5) * RATE);
  }

  /**
   * One decoded piece of the channel (the samples following the previous piece), the stretches
   * of speech that ended in it, and where the speech still open began (samples), if any.
   * @returns the audio to write, in order (16 kHz mono, [-1, 1]); empty while nobody speaks
   */
  hear(
    samples: Float32Array,
    ended: DetectedSpeech[],
    openSince: number | undefined,
  ): Float32Array[] {
    this.remember(samples);
    const out: Float32Array[] = [];
    for (const s of ended) {
      const end = s.start + s.samples.length;
      const from = Math.max(this.fedTo, s.start);
      if (end > from) this.write(s.samples.subarray(from - s.start), from, out);
      const last = this.pieces[this.pieces.length - 1];
      if (last && this.speaking) last.speechEnd = end;
      this.close(out);
    }
    if (openSince !== undefined) {
      const from = Math.max(this.fedTo, openSince, this.historyFrom);
      const to = this.historyFrom + this.history.length;
      if (to > from) this.write(this.history.slice(from - this.historyFrom), from, out);
    } else this.close(out);
    return out;
  }

  /** End of the recording: the last stretches, then silence. */
  end(ended: DetectedSpeech[]): Float32Array[] {
    return this.hear(new Float32Array(0), ended, undefined);
  }

  /**
   * The recording time (s) of a time of the written stream (s). A time in the silence between
   * two stretches is the end of the one before as an `'end'`, the start of the one after as a
   * `'start'` (a recognizer may let a word begin in the silence before it).
   */
  toRecording(streamS: number, side: 'start' | 'end'): number {
    const t = streamS * RATE;
    const first = this.pieces[0];
    if (!first) return streamS;
    let i = 0;
    while (i + 1 < this.pieces.length && this.pieces[i + 1]!.stream <= t) i++;
    const piece = this.pieces[i]!;
    const next = this.pieces[i + 1];
    if (t < piece.stream) return piece.recording / RATE;
    if (t > piece.stream + piece.length && side === 'start' && next) return next.recording / RATE;
    return (piece.recording + Math.min(t - piece.stream, piece.length)) / RATE;
  }

  /**
   * Where the detector heard the speech end (s of the recording) when `streamS` falls in the
   * silence written after a stretch, else undefined: an utterance the silence closed ends there.
   */
  closedStretchEnd(streamS: number): number | undefined {
    const t = streamS * RATE;
    let piece: Piece | undefined;
    for (const p of this.pieces) if (p.stream <= t) piece = p;
    if (!piece || piece.speechEnd === undefined || t < piece.stream + piece.length)
      return undefined;
    return piece.speechEnd / RATE;
  }

  /** Appends to the history, keeping its last {@link SpeechFeedOptions.historyS}. */
  private remember(samples: Float32Array): void {
    if (samples.length === 0) return;
    const all = new Float32Array(this.history.length + samples.length);
    all.set(this.history);
    all.set(samples, this.history.length);
    const drop = Math.max(0, all.length - this.keep);
    this.history = all.subarray(drop);
    this.historyFrom += drop;
  }

  /** Writes recording samples from `at`, starting a new piece of the map when not contiguous. */
  private write(samples: Float32Array, at: number, out: Float32Array[]): void {
    const last = this.pieces[this.pieces.length - 1];
    if (last && last.recording + last.length === at && last.stream + last.length === this.written)
      last.length += samples.length;
    else this.pieces.push({ stream: this.written, recording: at, length: samples.length });
    out.push(samples);
    this.written += samples.length;
    this.fedTo = at + samples.length;
    this.speaking = true;
  }

  /** Writes the silence that ends the open utterance, up to a block edge. */
  private close(out: Float32Array[]): void {
    if (!this.speaking) return;
    const total = this.written + this.silence;
    const length = Math.ceil(total / this.block) * this.block - this.written;
    out.push(new Float32Array(length));
    this.written += length;
    this.speaking = false;
  }
}
