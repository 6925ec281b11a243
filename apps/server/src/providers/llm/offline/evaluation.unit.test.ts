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
import { actionItemSuggestionSchema } from '@summy/core';
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
