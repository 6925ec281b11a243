/**
 * The commitment rules of the offline action items on real sentences quoted from the transcripts of
 * testdata/meetings (AMI ES2004a and ES2011a, ICSI Bed016; turn numbers as in their
 * `.transcript.txt`, annotations such as {vocalsound} removed as Summy's transcripts have none).
 */
import { describe, expect, it } from 'vitest';
import { extractRuleBasedActionItems, findCommitments } from './action-items.ts';
import { cleanSpoken, mendInterruptedTurns, parseTranscript, transcriptSentences } from './text.ts';

/** Sentences of turns placed at the end of a meeting (after `lead` filler turns), as the model reads them. */
function closing(turns: string[], lead = 40) {
  const filler = Array.from(
    { length: lead },
    (_, i) => `${i % 2 ? 'Marketing' : 'Industrial Designer'}: The buttons were fine.`,
  );
  return transcriptSentences(
    mendInterruptedTurns(parseTranscript([...filler, ...turns].join('\n\n'))),
  );
}

const items = (turns: string[], lead?: number) => extractRuleBasedActionItems(closing(turns, lead));

describe('offline action items: commitments in real meetings', () => {
  it('takes the closing hand-out of tasks: everyone, and the speaker with I (ES2004a 290)', () => {
    const found = items([
      "Project Manager: we've got half an hour before the next meeting, so we're all gonna go off and do our individual things. Um I think that's probably about it and then we'll come back and liaise again and I get to do another fantastic PowerPoint presentation.",
    ]);
    expect(found).toEqual([
      expect.objectContaining({ assignedTo: 'Everyone', title: 'Do our individual things' }),
      expect.objectContaining({
        assignedTo: 'Project Manager',
        title: 'Do another fantastic PowerPoint presentation',
      }),
    ]);
    expect(found[0]!.description).toMatch(/^Due before the next meeting\./);
  });

  it('owns an assignment by the role named, across a backchannel (ES2011a 237-239)', () => {
    const found = items([
      'Project Manager: So. Yeah. The Industrial Designer, what does that stand for, I_D_,',
      'Industrial Designer: Yeah I think so.',
      "Project Manager: yeah um is going to be looking more into the working design. So I guess you'd be looking at lots of the things we discussed about screen and um that sort of thing.",
    ]);
    // The second sentence says the same task again to the same person: one item.
    expect(found).toEqual([
      expect.objectContaining({
        assignedTo: 'Industrial Designer',
        title: 'Looking into the working design',
      }),
    ]);
  });

  it("gives 'we will' at the end to the participant just named (ES2011a 269-273)", () => {
    const found = items([
      'Project Manager: And the M_E_, what does that stand for? M',
      'Industrial Designer: Marketing.',
      'Project Manager: Marketing, right. Um.',
      "Marketing: Marketing. Oh it's written here, but um.",
      "Project Manager: So we'll be working on the user requirements, um Yeah.",
      'Marketing: Okay.',
    ]);
    expect(found).toEqual([
      expect.objectContaining({
        assignedTo: 'Marketing',
        title: 'Working on the user requirements',
      }),
    ]);
  });

  it('fronts the object of a stranded verb and keeps the task said on (ES2011a 237)', () => {
    const found = items([
      "Project Manager: Um. We should probably start wrapping up, um we've got some initial ideas that we can all look into. Um, and come up with some new ones for the next meeting, which will be in another thirty minutes.",
    ]);
    expect(found).toEqual([
      expect.objectContaining({
        assignedTo: 'Everyone',
        title: 'Look into some initial ideas and come up with some new ones',
      }),
    ]);
  });

  it('takes a first-person commitment mid-meeting (Bed016 193)', () => {
    // Said first, with forty turns after it: not in the closing part.
    const found = extractRuleBasedActionItems(
      transcriptSentences(
        parseTranscript(
          [
            'Grad C: OK. And so forth and so forth. Um, I will talk about our problems with the rephrasing, and how we solved it, and some preliminary observations, also.',
            ...Array.from({ length: 40 }, () => 'Professor E: The construal was fine.'),
          ].join('\n\n'),
        ),
      ),
    );
    expect(found.map((i) => [i.assignedTo, i.title])).toEqual([
      [
        'Grad C',
        'Talk about our problems with the rephrasing, and how we solved it, and some preliminary observations',
      ],
    ]);
  });

  it('rejects in-meeting acts, jokes, conditions, goodbyes and questions', () => {
    const negatives = [
      // ES2004a 16, 21, 46, 123: acts inside the meeting.
      "Project Manager: We're gonna practice with the pens and draw our favourite animal on the white board, I'll go first, and um sum up the characteristics of that animal.",
      "Project Manager: Okay, I'll leave space for everyone else.",
      "Industrial Designer: Yeah I'll have a go.",
      "Marketing: oh dear, intrepid. I'll put that, intrepid.",
      // ES2011a 76: an opinion (and a joke), not a commitment.
      "Project Manager: So I'm thinking we should design a remote control that's water resistant, strong and furry",
      // ES2011a 10: a condition.
      "Project Manager: Um so we're gonna try out our white board. If we'll all draw our favourite animal, to sum up the characteristics of that animal.",
      // ES2011a 11: a question back to the chair.
      'User Interface: So you want us to draw it and then talk about it? Or just draw it?',
    ];
    for (const turn of negatives) {
      expect(findCommitments(closing([turn], 0)).filter((c) => c.confidence >= 0.6)).toEqual([]);
    }
    // ES2011a 275: a goodbye in the closing part.
    expect(
      items(["Project Manager: So I guess that wraps it up. I'll see you all in thirty minutes."]),
    ).toEqual([]);
  });

  it('reads broken-off words and discourse markers out of a shown sentence', () => {
    // ES2004a 212 and 86-style restarts.
    expect(cleanSpoken('just ch chucking into mobile phone f design features again')).toBe(
      'just chucking into mobile phone design features again',
    );
    // ES2011a 273: no comma left before the stop once the fillers are gone.
    expect(cleanSpoken("So we'll be working on the user requirements, um Yeah.")).toBe(
      "So we'll be working on the user requirements.",
    );
    expect(cleanSpoken('Havi having said that though, you know, they are twenty pounds')).toBe(
      'having said that though, they are twenty pounds',
    );
  });
});
