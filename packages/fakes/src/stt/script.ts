/**
 * What the fake speech-to-text servers "hear": a script of words with times (seconds) and speakers.
 * The fakes answer from the script whatever audio they receive, so tests know the exact result.
 */

/** One scripted word. `word` is lower-case as recognised; `punctuated` as written in the transcript. */
export interface ScriptWord {
  word: string;
  punctuated: string;
  start: number;
  end: number;
  /** 0-based speaker index. */
  speaker: number;
  /** 0 to 1; default 0.98. */
  confidence?: number;
  /**
   * The audio channel that holds the word (0-based; default 0): a two-channel call's script
   * says which side spoke. Speaker indexes count within a channel.
   */
  channel?: number;
}

/** A scripted recording. `duration` in seconds. */
export interface SttScript {
  duration: number;
  /**
   * Audio channels of the scripted recording, which `multichannel=true` answers one by one
   * (the fakes do not decode the audio); default: as many as the words name.
   */
  channels?: number;
  words: ScriptWord[];
  /** Deepgram's `summarize=v2` short summary. */
  summary: string;
  topics: { topic: string; confidence: number }[];
  intents: { intent: string; confidence: number }[];
  /** Sentiment per speaker turn, and the average. */
  sentiment: { sentiment: 'positive' | 'neutral' | 'negative'; score: number };
}

/**
 * Builds a script from punctuated text spread evenly over `[start, end]` seconds; `turns` gives
 * the speaker of each consecutive group of words.
 */
export function scriptFromText(
  turns: { speaker: number; text: string }[],
  options: { start: number; end: number; duration: number },
): SttScript['words'] {
  const all = turns.flatMap((t) =>
    t.text
      .split(/\s+/)
      .filter(Boolean)
      .map((punctuated) => ({ punctuated, speaker: t.speaker })),
  );
  const step = (options.end - options.start) / all.length;
  return all.map((w, i) => ({
    word: w.punctuated.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
    punctuated: w.punctuated,
    start: round(options.start + i * step),
    end: round(options.start + (i + 0.8) * step),
    speaker: w.speaker,
    confidence: round(0.9 + ((i * 7) % 10) / 100),
  }));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The JFK sample (testdata/audio/jfk/jfk.wav, 11 s), with a second scripted speaker
 * so diarization has something to show.
 */
export const JFK_SCRIPT: SttScript = {
  duration: 11,
  words: scriptFromText(
    [
      {
        speaker: 0,
        text: 'And so, my fellow Americans, ask not what your country can do for you,',
      },
      { speaker: 1, text: 'ask what you can do for your country.' },
    ],
    { start: 0.32, end: 10.6, duration: 11 },
  ),
  summary: 'A call to ask what you can do for your country.',
  topics: [
    { topic: 'Patriotism', confidence: 0.91 },
    { topic: 'Civic duty', confidence: 0.82 },
  ],
  intents: [{ intent: 'Encourage public service', confidence: 0.88 }],
  sentiment: { sentiment: 'positive', score: 0.42 },
};
