/**
 * The live transcript's speech to text: what turns the decoded audio of a recording in progress
 * into text. Two kinds, chosen by {@link createLiveTranscriber}:
 * - PocketSphinx streams (./streaming-transcriber.ts): one long-lived recognizer per channel hears
 *   the speech while it is spoken, so text follows a pause within about a second;
 * - a stretch recognizer (an installed local model, ./local-live-recognizer.ts): each stretch of
 *   speech is recognised once the detector closed it, the model loaded once per meeting.
 */
import type { LiveSegment } from '@summy/core';
import type { DetectedSpeech } from '../audio/speech-detector.ts';
import { log } from '../log.ts';
import type { LiveRecognizer } from './live-recognizer.ts';

/** A line of live text: its channel, its times (s of recorded audio) and words. */
export type LiveText = Omit<LiveSegment, 'seq'>;

/** One decoded piece of a channel, as the live decoder hands it on (16 kHz mono, [-1, 1]). */
export interface HeardAudio {
  channel: 0 | 1;
  /** The samples following the channel's previous piece. */
  samples: Float32Array;
  /** Stretches of speech that ended within them (start in samples from the recording's start). */
  ended: DetectedSpeech[];
  /** Where the speech still open began (samples), or undefined when nobody speaks. */
  openSince: number | undefined;
}

/** Turns a live recording's audio into lines of text. */
export interface LiveTranscriber {
  /** Each decoded piece, in order per channel; never throws, never waits. */
  hear(audio: HeardAudio): void;
  /** The lines finished since the last call, in order per channel (may wait for recognition). */
  take(): Promise<LiveText[]>;
  /** End of the recording (after the last {@link hear}): every line still to come. */
  end(): Promise<LiveText[]>;
  /** Frees processes and files; what was not taken is lost. */
  close(): Promise<void>;
}

const RATE = 16_000;

/**
 * A transcriber that recognises each stretch once it ended, one at a time, with `recognizer`; a
 * stretch whose recognition fails is logged and dropped.
 * @param meetingId for the log
 */
export function stretchTranscriber(recognizer: LiveRecognizer, meetingId: string): LiveTranscriber {
  const queue: { channel: 0 | 1; speech: DetectedSpeech }[] = [];
  const take = async (): Promise<LiveText[]> => {
    const out: LiveText[] = [];
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { channel, speech } = next;
      let text: string;
      try {
        text = (await recognizer.recognize(speech.samples)).trim();
      } catch (err) {
        log.warn({ err, meetingId }, '[live] recognition failed; stretch dropped');
        continue;
      }
      const start = speech.start / RATE;
      const end = (speech.start + speech.samples.length) / RATE;
      if (text) out.push({ channel, start, end, text });
    }
    return out;
  };
  return {
    hear: ({ channel, ended }) => queue.push(...ended.map((speech) => ({ channel, speech }))),
    take,
    end: take,
    close: () => recognizer.close(),
  };
}
