/**
 * The live decoder of one recording in progress: one long-lived ffmpeg reads the recording's WebM
 * chunks in order on stdin and writes 16 kHz float PCM (interleaved when 2 channels) on stdout;
 * each channel feeds its own streaming speech detector, and each decoded piece goes on with what
 * the detector found in it (the stretches that ended, where open speech began) to the listener:
 * the live transcriber. ffmpeg's WebM demuxer hands out a cluster as soon as its bytes are in
 * (measured: audio of a 1 s chunk comes out within ~5 ms of writing it), so no latency flags are
 * needed beyond reading from a pipe.
 *
 * Times are seconds of decoded audio from the recording's start: MediaRecorder writes nothing
 * while paused, so pauses are left out, as in the stored recording. Each sample belongs to at most
 * one stretch, so text is never repeated across chunk edges.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { tiedCommand, watchChild, type ChildWatch } from '../audio/process.ts';
import { createSpeechDetector } from '../audio/create-speech-detector.ts';
import {
  DETECTOR_SAMPLE_RATE,
  type DetectedSpeech,
  type SpeechDetector,
} from '../audio/speech-detector.ts';
import type { HeardAudio } from './live-transcriber.ts';

/** A stretch of speech of one channel, times in s of recorded audio from the start. */
export interface LiveSpeech {
  channel: 0 | 1;
  start: number;
  end: number;
  samples: Float32Array;
}

/** Options of {@link openLiveDecoder}. */
export interface LiveDecoderOptions {
  /** 2 for a call recording (channel 0 the user, 1 the call), else 1. */
  channels: 1 | 2;
  /**
   * Speech ending at or before this time of each channel (s) is dropped, and speech crossing it
   * starts there: what a resumed session already published (it decodes from chunk 0 again, since
   * only chunk 0 holds the WebM header).
   */
  skipUntil?: [number, number];
  /** ffmpeg program; default 'ffmpeg'. */
  command?: string;
  /** The silero model of the speech detectors; default the installed one (tests give a tiny one). */
  sileroModel?: string;
  /**
   * Called with each decoded piece of each channel, in order. Without it, the stretches that
   * ended are queued for {@link LiveDecoder.take}.
   */
  onHeard?: (audio: HeardAudio) => void;
}

type Ffmpeg = ChildProcessByStdio<Writable, Readable, Readable>;

/** ffmpeg for one live recording; see the module comment. */
export class LiveDecoder {
  private readonly ready: LiveSpeech[] = [];
  private rest = Buffer.alloc(0);
  private decodedFrames = 0;
  private readonly watch: ChildWatch;

  constructor(
    private readonly ffmpeg: Ffmpeg,
    private readonly detectors: SpeechDetector[],
    private readonly skipUntil: [number, number],
    private readonly onHeard: (audio: HeardAudio) => void = (a) => this.queue(a),
  ) {
    ffmpeg.stdout.on('data', (data: Buffer) => this.onPcm(data));
    this.watch = watchChild(ffmpeg);
  }

  /** Why ffmpeg stopped early (its stderr tail), once it did. */
  get failure(): string | undefined {
    return this.watch.failure;
  }

  /** Seconds of audio decoded so far (per channel). */
  get decodedS(): number {
    return this.decodedFrames / DETECTOR_SAMPLE_RATE;
  }

  /** Feeds the next chunk of the WebM stream; resolves once ffmpeg took it (back-pressure). */
  async write(chunk: Buffer): Promise<void> {
    if (this.failure || this.ffmpeg.stdin.destroyed) return;
    if (!this.ffmpeg.stdin.write(chunk)) {
      await new Promise<void>((resolve) => {
        this.ffmpeg.stdin.once('drain', resolve);
        this.ffmpeg.stdin.once('close', resolve);
      });
    }
  }

  /**
   * The stretches of speech that ended since the last call, in time order per channel (only
   * without an `onHeard` listener).
   */
  take(): LiveSpeech[] {
    return this.ready.splice(0);
  }

  /**
   * Waits until ffmpeg has decoded everything written so far: the audio of a chunk comes out
   * within milliseconds, so this waits until no PCM came for `quietMs`.
   */
  async settle(quietMs = 50, maxMs = 2_000): Promise<void> {
    const until = Date.now() + maxMs;
    for (let seen = -1; seen !== this.decodedFrames && Date.now() < until;) {
      seen = this.decodedFrames;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }

  /** End of the recording: closes ffmpeg's input, waits for its last audio, flushes what is open. */
  async end(): Promise<LiveSpeech[]> {
    this.ffmpeg.stdin.end();
    await this.watch.closed;
    this.detectors.forEach((d, c) => this.hear(c, new Float32Array(0), d));
    return this.take();
  }

  /** Stops ffmpeg at once (the session was taken over or failed). */
  kill(): void {
    this.ffmpeg.kill('SIGKILL');
  }

  /** Splits interleaved float PCM into channels and feeds each channel's detector. */
  private onPcm(data: Buffer): void {
    const channels = this.detectors.length;
    const bytes = Buffer.concat([this.rest, data]);
    const frame = 4 * channels;
    const frames = Math.floor(bytes.length / frame);
    this.rest = bytes.subarray(frames * frame);
    const pcm = new Float32Array(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + frames * frame),
    );
    this.decodedFrames += frames;
    for (let c = 0; c < channels; c++) {
      const mono = channels === 1 ? pcm : new Float32Array(frames);
      if (channels > 1) for (let i = 0; i < frames; i++) mono[i] = pcm[i * channels + c]!;
      this.hear(c, mono, this.detectors[c]!);
    }
  }

  /**
   * Runs a channel's detector on its next samples (none: the end, flushed) and hands the result
   * on, without what a resumed session already published.
   */
  private hear(channel: number, mono: Float32Array, detector: SpeechDetector): void {
    const skip = Math.round(this.skipUntil[channel]! * DETECTOR_SAMPLE_RATE);
    const found = mono.length > 0 ? detector.accept(mono) : detector.flush();
    const ended: DetectedSpeech[] = [];
    for (const s of found) {
      const from = Math.max(s.start, skip);
      if (s.start + s.samples.length > from) {
        ended.push({ start: from, samples: s.samples.subarray(from - s.start) });
      }
    }
    const open = mono.length > 0 ? detector.openSince() : undefined;
    this.onHeard({
      channel: channel as 0 | 1,
      samples: mono,
      ended,
      openSince: open === undefined ? undefined : Math.max(open, skip),
    });
  }

  /** The default listener: queues the stretches that ended for {@link take}. */
  private queue({ channel, ended }: HeardAudio): void {
    for (const s of ended) {
      this.ready.push({
        channel,
        start: s.start / DETECTOR_SAMPLE_RATE,
        end: (s.start + s.samples.length) / DETECTOR_SAMPLE_RATE,
        samples: s.samples,
      });
    }
  }
}

/**
 * Starts the decoder of one live recording: ffmpeg waiting for WebM on stdin, one speech detector
 * per channel. ffmpeg is tied to this process's life (a crashed server leaves no decoder behind).
 * A missing ffmpeg or a broken stream shows as {@link LiveDecoder.failure}, never as a throw.
 */
export async function openLiveDecoder(options: LiveDecoderOptions): Promise<LiveDecoder> {
  const detectors = await Promise.all(
    Array.from({ length: options.channels }, () =>
      createSpeechDetector({ sileroModel: options.sileroModel }),
    ),
  );
  const [command, args] = tiedCommand(options.command ?? 'ffmpeg', [
    ...['-nostdin', '-v', 'error', '-f', 'webm', '-i', 'pipe:0'],
    ...['-ac', String(options.channels), '-ar', String(DETECTOR_SAMPLE_RATE)],
    ...['-f', 'f32le', 'pipe:1'],
  ]);
  const ffmpeg = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  return new LiveDecoder(ffmpeg, detectors, options.skipUntil ?? [0, 0], options.onHeard);
}
