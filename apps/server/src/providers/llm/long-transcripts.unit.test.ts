import { describe, expect, it } from 'vitest';
import { loadQmsumMeeting } from '../../../test/qmsum.ts';
import { createOfflineTextModel } from './offline/model.ts';
import { partHeading, splitTranscript, withLongTranscripts } from './long-transcripts.ts';
import { parseTranscript } from './transcript.ts';
import { TextGenerationError, type TextModel } from './types.ts';

// Words stand for tokens: the split only needs a tokenizer that counts consistently.
const countWords = async (text: string) => text.split(/\s+/).filter(Boolean).length;
const icsi = loadQmsumMeeting('icsi_Bed016').transcript;

/** The real offline model, with every transcript it is given recorded. */
function recorded(inner: TextModel = createOfflineTextModel()) {
  const seen: { step: string; transcript: string; title?: string }[] = [];
  const model: TextModel = {
    id: inner.id,
    generateTitle: (t, s) => (
      seen.push({ step: 'title', transcript: t }),
      inner.generateTitle(t, s)
    ),
    summarize: (input, s) => {
      seen.push({ step: 'summary', transcript: input.transcript, title: input.meetingTitle });
      return inner.summarize(input, s);
    },
    extractActionItems: (t, s) => (
      seen.push({ step: 'actions', transcript: t }),
      inner.extractActionItems(t, s)
    ),
    enhanceSpeakers: (t, s) => (
      seen.push({ step: 'speakers', transcript: t }),
      inner.enhanceSpeakers(t, s)
    ),
  };
  return { model, seen };
}

describe('splitTranscript', () => {
  it('cuts a real meeting at speaker turns into parts that fit, covering every word once', async () => {
    const parts = await splitTranscript(icsi, 1200, countWords);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(await countWords(part.text)).toBeLessThanOrEqual(1200);
      expect(part.count).toBe(parts.length);
    }
    const words = (text: string) => parseTranscript(text).flatMap((p) => p.text.split(' '));
    expect(parts.flatMap((p) => words(p.text))).toEqual(words(icsi));
    // Every paragraph keeps its speaker's label.
    expect(parts.map((p) => parseTranscript(p.text)[0]!.labelled)).not.toContain(false);
    expect(parts[0]!.from).toBe(0);
    expect(parts.at(-1)!.to).toBeCloseTo(1, 9);
    parts.slice(1).forEach((p, i) => expect(p.from).toBeCloseTo(parts[i]!.to, 9));
  });

  it('cuts a turn longer than a part between sentences, each piece labelled', async () => {
    const turn = Array.from({ length: 40 }, (_, i) => `This is sentence number ${i} of the turn.`);
    const parts = await splitTranscript(`Alice: ${turn.join(' ')}`, 30, countWords);
    expect(parts.length).toBeGreaterThan(8);
    for (const part of parts) {
      expect(part.text).toMatch(/^Alice: This is sentence number \d+/);
      expect(await countWords(part.text)).toBeLessThanOrEqual(30);
    }
  });

  it('refuses a part size that holds nothing useful', async () => {
    await expect(splitTranscript('Alice: hello', 8, countWords)).rejects.toThrow(RangeError);
  });

  it('heads a part with its minutes when the duration is known', () => {
    const part = { text: '', index: 2, count: 4, from: 0.25, to: 0.5 };
    expect(partHeading(part, 3600)).toBe('Part 2 of 4 of the meeting (about minutes 15 to 30)');
    expect(partHeading(part)).toBe('Part 2 of 4 of the meeting');
  });
});

describe('withLongTranscripts', () => {
  it('passes a transcript that fits straight to the model', async () => {
    const { model, seen } = recorded();
    const short =
      'Alice: We ship the release on Friday.\n\nBob: I will write the notes by Thursday.';
    const long = withLongTranscripts(model, { maxInputTokens: 1000, countTokens: countWords });
    await long.summarize({ transcript: short, meetingTitle: 'Release', template: 'general' });
    expect(seen).toEqual([{ step: 'summary', transcript: short, title: 'Release' }]);
  });

  it('never gives the model more than its context, and shares the map stage of title and summary', async () => {
    const { model, seen } = recorded();
    const max = 1500;
    const long = withLongTranscripts(model, { maxInputTokens: max, countTokens: countWords }, 3000);
    const [title, summary] = await Promise.all([
      long.generateTitle(icsi),
      long.summarize({ transcript: icsi, meetingTitle: 'Bed016', template: 'general' }),
    ]);
    expect(title.length).toBeGreaterThan(0);
    expect(summary.summary).toMatch(/^## /m);
    for (const call of seen) expect(await countWords(call.transcript)).toBeLessThanOrEqual(max);
    const parts = await splitTranscript(icsi, max, countWords);
    const mapCalls = seen.filter((c) => c.title?.startsWith('Part '));
    // Each part summarized once, although both the title and the summary needed them.
    expect(mapCalls.map((c) => c.title)).toEqual(parts.map((p) => partHeading(p, 3000)));
    // The reduce pass reads the part summaries, each under its heading, for the real title.
    const reduce = seen.find((c) => c.step === 'summary' && c.title === 'Bed016')!;
    expect(reduce.transcript).toContain(
      `Part 1 of ${parts.length} of the meeting (about minutes 0 to`,
    );
  });

  it('reports a failure of the summaries a title is made from as a failed title', async () => {
    const offline = createOfflineTextModel();
    // The provider fails every summary: the worker of a local model died, say.
    const failing: TextModel = {
      ...offline,
      summarize: () =>
        Promise.reject(new TextGenerationError('summary', 'failed', 'worker died', 502, true)),
    };
    const long = withLongTranscripts(failing, { maxInputTokens: 1500, countTokens: countWords });
    const [title, summary] = await Promise.allSettled([
      long.generateTitle(icsi),
      long.summarize({ transcript: icsi, meetingTitle: 'Bed016', template: 'general' }),
    ]);
    expect(title.status === 'rejected' && title.reason).toMatchObject({
      message: 'Title generation failed',
      step: 'title',
      details: 'worker died',
      status: 502,
      retry: true,
    });
    expect(summary.status === 'rejected' && summary.reason).toMatchObject({
      message: 'Summary generation failed',
      step: 'summary',
    });
  });

  it('reduces in rounds when the part summaries together do not fit', async () => {
    const { model, seen } = recorded();
    const long = withLongTranscripts(model, { maxInputTokens: 400, countTokens: countWords });
    const summary = await long.summarize({
      transcript: icsi,
      meetingTitle: 'Bed016',
      template: 'general',
    });
    expect(summary.summary.length).toBeGreaterThan(0);
    const finalCalls = seen.filter((c) => c.title === 'Bed016');
    expect(finalCalls.length).toBeGreaterThan(1);
    for (const call of seen) expect(await countWords(call.transcript)).toBeLessThanOrEqual(400);
  });

  it('leaves out a part with nothing to summarize; fails only when every part has nothing', async () => {
    const offline = createOfflineTextModel();
    let call = 0;
    // Every other part answers a blank summary (small talk, a pause).
    const patchy: TextModel = {
      ...offline,
      summarize: (input, s) =>
        input.meetingTitle.startsWith('Part') && call++ % 2 === 0
          ? Promise.reject(new TextGenerationError('summary', 'empty', 'blank'))
          : offline.summarize(input, s),
    };
    const { model, seen } = recorded(patchy);
    const long = withLongTranscripts(model, { maxInputTokens: 1200, countTokens: countWords });
    const summary = await long.summarize({
      transcript: icsi,
      meetingTitle: 'Bed016',
      template: 'general',
    });
    expect(summary.summary.length).toBeGreaterThan(0);
    const parts = seen.filter((c) => c.title?.startsWith('Part')).length;
    const reduce = seen.find((c) => c.title === 'Bed016')!;
    expect(reduce.transcript).not.toContain(`Part 1 of ${parts} `);
    expect(reduce.transcript).toContain(`Part 2 of ${parts} `);

    const silent: TextModel = {
      ...offline,
      summarize: () => Promise.reject(new TextGenerationError('summary', 'empty', 'blank')),
    };
    await expect(
      withLongTranscripts(silent, { maxInputTokens: 1200, countTokens: countWords }).summarize({
        transcript: icsi,
        meetingTitle: 'Bed016',
        template: 'general',
      }),
    ).rejects.toMatchObject({ kind: 'empty', step: 'summary' });
  });

  it('extracts action items part by part and learns speaker names from the first part', async () => {
    const offline = createOfflineTextModel();
    // A model that names a speaker who introduces herself in what it reads.
    const naming: TextModel = {
      ...offline,
      enhanceSpeakers: async (t) =>
        /Speaker 1: Hi, I'm Alice/.test(t) ? t.replace(/^Speaker 1:/gm, 'Alice:') : t,
    };
    const { model, seen } = recorded(naming);
    const turns = ["Speaker 1: Hi, I'm Alice, I run the release."];
    for (let i = 0; i < 60; i++) {
      turns.push(`Speaker ${(i % 2) + 1}: I will send the report number ${i} by Friday.`);
    }
    const transcript = turns.join('\n\n');
    const long = withLongTranscripts(model, { maxInputTokens: 100, countTokens: countWords });
    const named = await long.enhanceSpeakers(transcript);
    expect(named.match(/^Alice:/gm)).toHaveLength(31);
    expect(named).not.toMatch(/^Speaker 1:/m);
    expect(named.match(/^Speaker 2:/gm)).toHaveLength(30);
    await long.extractActionItems(transcript);
    const actionCalls = seen.filter((c) => c.step === 'actions');
    expect(actionCalls.length).toBeGreaterThan(3);
    for (const call of actionCalls)
      expect(await countWords(call.transcript)).toBeLessThanOrEqual(100);
  });
});

describe('withLongTranscripts and the notes written around My notes', () => {
  const lines = [
    { ref: 'n1', kind: 'line', text: 'ship', checked: false, phase: 'during', t: 0, section: null },
  ] as const;
  const asked: string[] = [];
  const inner: TextModel = {
    ...createOfflineTextModel(),
    writeAroundNotes: async (input) => {
      asked.push(input.transcript);
      return [];
    },
  };
  const long = withLongTranscripts(inner, { maxInputTokens: 1500, countTokens: countWords });

  it('passes a transcript that fits, and refuses a longer one plainly (the caller falls back)', async () => {
    const short = 'Alice: We ship on Friday.';
    await long.writeAroundNotes!({ transcript: short, lines: [...lines], meetingTitle: '' });
    await expect(
      long.writeAroundNotes!({ transcript: icsi, lines: [...lines], meetingTitle: '' }),
    ).rejects.toThrow(TextGenerationError);
    expect(asked).toEqual([short]);
  });

  it('counts the notes with the transcript: long notes beside a short transcript are refused', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...lines[0],
      ref: `n${i + 1}`,
      text: 'ship the release on friday with the notes',
    }));
    const short = 'Alice: We ship on Friday.';
    await expect(
      long.writeAroundNotes!({ transcript: short, lines: many, meetingTitle: '' }),
    ).rejects.toThrow('Summary generation failed');
  });
});
