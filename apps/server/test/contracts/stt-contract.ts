/**
 * The contract every speech-to-text provider passes: run it from a test file with
 * `sttContract(name, makeSubject)` against the provider's local fake, and against the real vendor
 * when its key is set. It checks the result's shape (transcriptionResultSchema), word times
 * ascending within the duration, speaker turns consistent with the words, and that each failure
 * maps to its SttError code with the documented message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSpeech, transcriptionResultSchema, type TranscriptionResult } from '@summy/core';
import {
  STT_ERROR_MESSAGES,
  SttError,
  type SttErrorCode,
  type SttInput,
  type SttProvider,
} from '../../src/providers/stt/types.ts';
import { testdataPath } from '../../../../testdata/index.ts';

/** The JFK sample: 11 s of one speaker, 16 kHz mono WAV. */
export const JFK_AUDIO = {
  path: testdataPath('audio', 'jfk', 'jfk.wav'),
  mimeType: 'audio/wav',
} as const;

/** What `sttContract` runs against. */
/**
 * Asserts that a local engine's words follow one another without overlapping and end within the
 * recording (a local engine times words itself, so no vendor rounding is allowed for).
 */
export function expectWordsInOrder(result: Pick<TranscriptionResult, 'words' | 'duration'>): void {
  let previous = 0;
  for (const w of result.words) {
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(result.duration);
    previous = w.end;
  }
}

export interface SttContractSubject {
  /** A provider set up to transcribe successfully. */
  provider: SttProvider;
  /** Audio with speech to transcribe (default JFK_AUDIO). */
  audio?: { path: string; mimeType: string };
  /** Checks on the text, e.g. /country/i for the JFK sample; none by default. */
  expectText?: RegExp;
  /**
   * A provider (possibly the same one, with its fake switched to a failure mode) that fails with
   * `code`, or undefined when this subject cannot produce that failure (the test is then skipped,
   * visibly). For 'timeout' the contract passes a signal that aborts after `timeoutProbeMs`.
   */
  failWith?(code: SttErrorCode): Promise<SttProvider | undefined> | SttProvider | undefined;
  /** Abort delay for the 'timeout' case, in ms (default 300). */
  timeoutProbeMs?: number;
  /** Releases fakes and clients. */
  close?(): Promise<void>;
}

const CODES: SttErrorCode[] = [
  'unauthorized',
  'rate_limited',
  'timeout',
  'empty',
  'parse',
  'failed',
];

/**
 * Declares the contract tests for one provider.
 * @param name shown in the test report, e.g. 'deepgram (fake)'
 * @param makeSubject called once before the tests
 * @param options.skip a reason to skip the whole suite (e.g. 'DEEPGRAM_API_KEY not set'); the
 *   tests still appear in the report as skipped
 * @param options.timeoutMs per-test time-out (real vendors and offline engines are slower)
 */
export function sttContract(
  name: string,
  makeSubject: () => Promise<SttContractSubject>,
  options: { skip?: string | false; timeoutMs?: number } = {},
): void {
  const title = options.skip ? `${name} [skipped: ${options.skip}]` : name;
  describe.skipIf(Boolean(options.skip))(`speech-to-text contract: ${title}`, () => {
    let subject: SttContractSubject;
    let result: TranscriptionResult;
    const input = (extra: Partial<SttInput> = {}): SttInput => ({
      ...(subject.audio ?? JFK_AUDIO),
      language: 'en',
      ...extra,
    });

    beforeAll(async () => {
      subject = await makeSubject();
      result = await subject.provider.transcribe(input());
    }, options.timeoutMs ?? 60_000);
    afterAll(async () => {
      await subject?.close?.();
    });

    it('answers a result that matches transcriptionResultSchema', () => {
      expect(transcriptionResultSchema.safeParse(result).error).toBeUndefined();
      expect(hasSpeech(result)).toBe(true);
      expect(result.duration).toBeGreaterThan(0);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
      if (subject.expectText) expect(result.text).toMatch(subject.expectText);
    });

    it('has words in ascending time order within the duration', () => {
      expect(result.words.length).toBeGreaterThan(0);
      let previous = 0;
      for (const w of result.words) {
        expect(w.start).toBeGreaterThanOrEqual(previous);
        expect(w.end).toBeGreaterThanOrEqual(w.start);
        // Vendors round times; allow half a second past the reported duration.
        expect(w.end).toBeLessThanOrEqual(result.duration + 0.5);
        expect(w.confidence).toBeGreaterThanOrEqual(0);
        expect(w.confidence).toBeLessThanOrEqual(1);
        previous = w.start;
      }
    });

    it('has speaker turns consistent with the words', () => {
      const wordSpeakers = new Set(result.words.map((w) => w.speaker ?? 0));
      const turnSpeakers = new Set(result.speakers.map((t) => t.speaker));
      expect(turnSpeakers).toEqual(wordSpeakers);
      for (let i = 0; i < result.speakers.length; i++) {
        const turn = result.speakers[i]!;
        expect(turn.end).toBeGreaterThanOrEqual(turn.start);
        expect(turn.text.trim()).not.toBe('');
        if (i > 0) {
          // Turns are in time order, and consecutive turns of one speaker are merged.
          expect(turn.start).toBeGreaterThanOrEqual(result.speakers[i - 1]!.start);
          expect(turn.speaker).not.toBe(result.speakers[i - 1]!.speaker);
        }
      }
      for (const w of result.words) {
        const speaker = w.speaker ?? 0;
        const inTurn = result.speakers.some(
          (t) => t.speaker === speaker && w.start >= t.start - 1e-6 && w.end <= t.end + 1e-6,
        );
        expect(inTurn, `word "${w.word}" at ${w.start}s lies in a turn of speaker ${speaker}`).toBe(
          true,
        );
      }
      for (const u of result.utterances) expect(turnSpeakers.has(u.speaker)).toBe(true);
    });

    for (const code of CODES) {
      it(`maps the '${code}' failure to SttError '${code}' ('${STT_ERROR_MESSAGES[code].error}')`, async (ctx) => {
        const provider = await subject.failWith?.(code);
        if (!provider) {
          ctx.skip();
          return;
        }
        const signal =
          code === 'timeout' ? AbortSignal.timeout(subject.timeoutProbeMs ?? 300) : undefined;
        const error = await provider.transcribe(input({ signal })).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SttError);
        expect((error as SttError).code).toBe(code);
        expect((error as SttError).message).toBe(STT_ERROR_MESSAGES[code].error);
        expect((error as SttError).status).toBe(STT_ERROR_MESSAGES[code].status);
      });
    }
  });
}
