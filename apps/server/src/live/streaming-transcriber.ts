/**
 * The live transcript on streaming PocketSphinx: per channel, a {@link SpeechFeed} chooses what the
 * recognizer hears (the speech while it is spoken, a moment of silence after each stretch) and one
 * long-lived `pocketsphinx_continuous` decodes it as it comes (./pocketsphinx-stream.ts). Each
 * utterance it prints becomes a line, its times mapped back from the written stream to the
 * recording. A stretch the detector cut at the longest length ends an utterance too, so a
 * monologue still shows text.
 */
import { log } from '../log.ts';
import type { HeardAudio, LiveText, LiveTranscriber } from './live-transcriber.ts';
import {
  openPocketsphinxStream,
  type PocketsphinxStream,
  type PocketsphinxStreamOptions,
  type PocketsphinxUtterance,
} from './pocketsphinx-stream.ts';
import { SpeechFeed } from './speech-feed.ts';

/** Options of {@link streamingTranscriber}. */
export interface StreamingTranscriberOptions extends PocketsphinxStreamOptions {
  /** Called when a line is ready to take. */
  onText?: () => void;
}

/** One channel's feed and recognizer. */
interface Channel {
  feed: SpeechFeed;
  stream: PocketsphinxStream;
}

/**
 * A transcriber with one PocketSphinx stream per channel, started with the channel's first audio
 * so the model is loaded before anyone speaks.
 * A recognizer that fails loses that channel's text from then on (logged once); the final pass
 * after Stop does not depend on it.
 * @param meetingId for the log
 */
export function streamingTranscriber(
  meetingId: string,
  options: StreamingTranscriberOptions = {},
): LiveTranscriber {
  const channels = new Map<0 | 1, Channel>();
  let ready: LiveText[] = [];
  const failed = new Set<0 | 1>();

  const line = (channel: 0 | 1, feed: SpeechFeed, { words, endS }: PocketsphinxUtterance) => {
    const text = words.map((w) => w.word).join(' ');
    const start = feed.toRecording(words[0]!.start, 'start');
    // An utterance our silence closed ends where the detector heard its stretch end, as a
    // stretch recognised whole does; one PocketSphinx closed at a pause inside a stretch ends at
    // its last word.
    const lastWord = feed.toRecording(words[words.length - 1]!.end, 'end');
    const end = Math.max(start, lastWord, feed.closedStretchEnd(endS) ?? 0);
    ready.push({ channel, start, end, text });
    options.onText?.();
  };
  const open = (channel: 0 | 1): Channel => {
    let c = channels.get(channel);
    if (c) return c;
    const feed = new SpeechFeed();
    const stream = openPocketsphinxStream((u) => line(channel, feed, u), options);
    c = { feed, stream };
    channels.set(channel, c);
    return c;
  };
  const check = (channel: 0 | 1, stream: PocketsphinxStream) => {
    if (!stream.failure || failed.has(channel)) return;
    failed.add(channel);
    log.warn({ meetingId, channel, why: stream.failure }, '[live] PocketSphinx stream failed');
  };
  const hear = ({ channel, samples, ended, openSince }: HeardAudio) => {
    const { feed, stream } = open(channel);
    for (const piece of feed.hear(samples, ended, openSince)) stream.write(piece);
    check(channel, stream);
  };
  const takeReady = () => {
    const out = ready;
    ready = [];
    return out;
  };
  return {
    hear,
    take: () => Promise.resolve(takeReady()),
    async end() {
      await Promise.all(
        [...channels].map(async ([channel, { stream }]) => {
          await stream.end();
          check(channel, stream);
        }),
      );
      return takeReady();
    },
    async close() {
      for (const { stream } of channels.values()) stream.kill();
    },
  };
}
