/**
 * The offline text model on real meetings (the AMI and ICSI transcripts of the repository's
 * testdata/meetings): ROUGE-1 recall of the extractive summary against the AMI abstractive summary,
 * and action items out of transcripts with commitments. The floors sit a little below what was
 * measured (ES2011a 0.312, ES2004a 0.315: the reworked summary is about 40% shorter, so recall
 * fell while F1 rose; bench/notes reports F1), so a regression fails; the figures are printed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionItemSuggestionSchema, SUMMARY_TEMPLATE_IDS } from '@summy/core';
import { POSSIBLE_ACTION_ITEMS } from './markdown.ts';
import { createOfflineTextModel } from './model.ts';
import { MEETINGS_DIR as meetings } from '../../../../../../testdata/index.ts';

/** A corpus transcript ('[12] Project Manager: text {vocalsound}' lines) in Summy's stored format. */
function storedTranscript(name: string): string {
  return readFileSync(path.join(meetings, `${name}.transcript.txt`), 'utf8')
    .split('\n')
    .map((l) =>
      l
        .replace(/^\[\d+\]\s*/, '')
        .replace(/\{[^}]*\}/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((l) => l && !/^[^:]+:\s*$/.test(l))
    .join('\n\n');
}

const tokens = (t: string) => t.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** ROUGE-1 recall (Lin, 2004): clipped unigram overlap over the reference's unigrams. */
function rouge1Recall(candidate: string, reference: string): number {
  const counts = new Map<string, number>();
  for (const w of tokens(candidate)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const ref = new Map<string, number>();
  for (const w of tokens(reference)) ref.set(w, (ref.get(w) ?? 0) + 1);
  let hit = 0;
  let total = 0;
  for (const [w, n] of ref) {
    hit += Math.min(n, counts.get(w) ?? 0);
    total += n;
  }
  return hit / total;
}

// The summary as text: headings and markdown marks removed.
const plain = (md: string) => md.replace(/^#+ .*$/gm, '').replace(/[*_]/g, '');

describe('offline model on real meetings', () => {
  const model = createOfflineTextModel();

  for (const [meeting, floor] of [
    ['ami_ES2011a/ES2011a', 0.29],
    ['ami_ES2004a/ES2004a', 0.29],
  ] as const) {
    it(`${meeting}: ROUGE-1 recall against the AMI abstractive summary stays above ${floor}`, async () => {
      const transcript = storedTranscript(meeting);
      const reference = readFileSync(
        path.join(meetings, `${meeting}.ami_abstractive_summary.txt`),
        'utf8',
      );
      const { summary } = await model.summarize({
        transcript,
        meetingTitle: '',
        template: 'general',
      });
      const recall = rouge1Recall(plain(summary), reference);

      // Baseline: the first words of the meeting, as many as the key points have.
      const keyPoints = (/## Key points\n([\s\S]*?)(?=\n## |$)/.exec(summary)?.[1] ?? '')
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .map((l) => l.replace(/^- (?:\*\*[^*]+\*\* )?/, ''))
        .join(' ');
      const lead = transcript
        .replace(/^[^:\n]+:\s*/gm, '')
        .split(/\s+/)
        .slice(0, tokens(keyPoints).length)
        .join(' ');
      const keyRecall = rouge1Recall(keyPoints, reference);
      const leadRecall = rouge1Recall(lead, reference);
      console.log(
        `${meeting}: ROUGE-1 recall ${recall.toFixed(3)} (summary of ${tokens(plain(summary)).length} words); ` +
          `key points alone ${keyRecall.toFixed(3)} vs lead baseline ${leadRecall.toFixed(3)} at ${tokens(keyPoints).length} words`,
      );
      expect(recall).toBeGreaterThan(floor);
      // The scorer picks better sentences than the start of the meeting does.
      expect(keyRecall).toBeGreaterThan(leadRecall);
    });
  }

  it('finds commitments in real transcripts, owned by their speaker when said with I', async () => {
    const ami = await model.extractActionItems(storedTranscript('ami_ES2011a/ES2011a'));
    const icsi = await model.extractActionItems(storedTranscript('icsi_Bed016/Bed016'));
    console.log(
      'ES2011a action items:',
      ami.map((i) => `${i.title} [${i.assignedTo}] ${i.confidence}`),
    );
    console.log(
      'Bed016 action items:',
      icsi.map((i) => `${i.title} [${i.assignedTo}] ${i.confidence}`),
    );
    for (const i of [...ami, ...icsi]) expect(actionItemSuggestionSchema.parse(i)).toEqual(i);
    // Checked by hand against the transcripts: the Project Manager hands Marketing the user
    // requirements ("Marketing, right. So we'll be working on the user requirements"); Grad C
    // commits to parts of a talk ("I'll talk about monkeys in Italy").
    expect(ami).toContainEqual(
      expect.objectContaining({
        title: 'Working on the user requirements',
        assignedTo: 'Marketing',
      }),
    );
    expect(icsi).toContainEqual(
      expect.objectContaining({ title: 'Talk about monkeys in Italy', assignedTo: 'Grad C' }),
    );
    // The joke ('design a remote control that's water resistant, strong and furry') is no task.
    expect(ami.map((i) => i.title).join(' ')).not.toMatch(/furry/);
  });
});

/** The words the generator writes itself: every line but headings and bullets of the transcript's
 * sentences, with quotes of the transcript blanked. */
function ownWords(summary: string): string[] {
  return summary
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .filter((l) => !l.startsWith('- ') || !/[*:]/.test(l.slice(2)))
    .map((l) => l.replace(/“[^”]*”/g, '“…”'));
}

/** A count of action items or decisions, or a verdict on what the meeting agreed or said. */
const ASSERTS_A_GUESS =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|no)\s+(?:action items?|decisions?)\b|\b(?:agreed|concluded|decided|was stated|were made|none recorded)\b/i;

describe('offline notes on real meetings say what the rules did, never what they guessed', () => {
  const model = createOfflineTextModel();
  const names = ['ami_ES2004a/ES2004a', 'ami_ES2011a/ES2011a', 'icsi_Bed016/Bed016'];

  it('states no count of action items or decisions and no verdict, in any template', async () => {
    for (const name of names) {
      const transcript = storedTranscript(name);
      for (const template of SUMMARY_TEMPLATE_IDS) {
        const { summary } = await model.summarize({ transcript, meetingTitle: '', template });
        for (const line of ownWords(summary)) {
          expect(line, `${name} ${template}`).not.toMatch(ASSERTS_A_GUESS);
        }
      }
    }
  });

  it('lists the action items it picked as possible ones (Bed016 has none agreed)', async () => {
    const { summary } = await model.summarize({
      transcript: storedTranscript('icsi_Bed016/Bed016'),
      meetingTitle: '',
      template: 'general',
    });
    const overview = /## Overview\n\n(.*)/.exec(summary)?.[1] ?? '';
    expect(overview).toMatch(/^Grad A, .* met about /);
    expect(overview).not.toMatch(/action item/i);
    const section = /## Action items\n\n([\s\S]*?)(?=\n## |$)/.exec(summary)?.[1] ?? '';
    const [intro, first] = section.split('\n');
    expect(intro).toBe(POSSIBLE_ACTION_ITEMS);
    expect(first).toMatch(/^- \*\*Grad C:\*\* /);
  });

  it('says nothing was picked where its cues matched nothing (ES2004a)', async () => {
    const transcript = storedTranscript('ami_ES2004a/ES2004a');
    const interview = await model.summarize({
      transcript,
      meetingTitle: '',
      template: 'interview',
    });
    expect(interview.summary).toContain(
      '## Recommendation\n\nNo recommendation was picked from the transcript.',
    );
    const standUp = await model.summarize({ transcript, meetingTitle: '', template: 'stand-up' });
    expect(standUp.summary).toContain('## Blockers\n\n- Nothing picked from the transcript');
  });
});
