/**
 * Reported speech and sentence selection on sentences said in real meetings (AMI ES2011a,
 * ES2004a; ICSI Bed016), quoted as the transcript has them once cleaned.
 */
import { describe, expect, it } from 'vitest';
import { attributedPoint } from './markdown.ts';
import { readable } from './text.ts';
import { reportedSpeech, speakerName } from './reported.ts';
import { informativeness, restarted, summarizeSentences } from './summarize.ts';
import { cleanSpoken, parseTranscript, transcriptSentences } from './text.ts';

describe('reported speech', () => {
  it('reports a statement about third persons and things, its words as said', () => {
    expect(reportedSpeech('The address form still breaks on small screens.', 'Speaker 3')).toBe(
      'Speaker 3 said the address form still breaks on small screens.',
    );
    expect(
      reportedSpeech(
        "If it's somewhat similar to a mobile phone, people might find it easier to browse.",
        'User Interface',
      ),
    ).toBe(
      "User Interface said that if it's somewhat similar to a mobile phone, people might find it easier to browse.",
    );
  });

  it('names a role with "the", never a person or a numbered label', () => {
    const price = 'The price is too high for the market.';
    expect(reportedSpeech(price, 'Project Manager')).toBe(
      'The Project Manager said the price is too high for the market.',
    );
    expect(reportedSpeech(price, 'Abbie Claflin')).toBe(
      'Abbie Claflin said the price is too high for the market.',
    );
    expect(speakerName('Abbie Claflin', true)).toBe('Abbie Claflin');
    expect(speakerName('Grad C')).toBe('Grad C');
    expect(speakerName('Lead Engineer')).toBe('the Lead Engineer');
  });

  it('leaves as a quote what it cannot report word for word', () => {
    // A quotation, and a restart after 'we'.
    expect(
      reportedSpeech('" Run into an old friend ", it needs its own construction.', 'Professor E'),
    ).toBeNull();
    expect(
      reportedSpeech('We the project is now couches and remote controls.', 'User Interface'),
    ).toBeNull();
  });

  it('keeps a name capitalised, lowercases an ordinary first word', () => {
    const names = (w: string) => w === 'Nancy';
    expect(reportedSpeech('Nancy suggested the bakery example.', 'Grad C', names)).toBe(
      'Grad C said Nancy suggested the bakery example.',
    );
    expect(reportedSpeech('Obviously it displays less on the screen.', 'Marketing', names)).toBe(
      'Marketing said obviously it displays less on the screen.',
    );
  });
});

describe('notes never change person, number or mood', () => {
  /** The bullet the notes show for one sentence said by `speaker`. */
  const bullet = (speaker: string, text: string) =>
    attributedPoint(transcriptSentences(parseTranscript(`${speaker}: ${text}`))[0]!, new Set());
  /** Rewrites the old rules made: person, number and mood changed. */
  const REWRITTEN =
    /\b(?:they|them|their|themselves|the group|suggested|thought|wondered)\b|(?:said|asked) (?:is|are|do|does|can)\b/i;

  it.each([
    // First person singular, mid-sentence: not 'they would say'.
    [
      'Abbie Claflin',
      'The responsibility lies on the local education authority, I would say.',
      '“The responsibility lies on the local education authority, I would say.”',
    ],
    // First person plural: not 'the group also uses, in the experience'.
    [
      'Witness',
      'That is provision we also use, in our experience.',
      '“That is provision we also use, in our experience.”',
    ],
    // A question with its mark, and one worded as a question without it.
    [
      'Chair',
      'But is your experience also that the schools could do more?',
      '“Is your experience also that the schools could do more?”',
    ],
    [
      'Chair',
      'But is your experience also that the local authorities could do more',
      '“Is your experience also that the local authorities could do more.”',
    ],
    // A tag question asks too.
    ['Speaker 1', "The deadline is Friday, isn't it.", "“The deadline is Friday, isn't it.”"],
    // Second person: not 'they need'.
    [
      'Speaker 2',
      'You need to send the figures to the council by Friday.',
      '“You need to send the figures to the council by Friday.”',
    ],
    // Numbers of people: not 'two of the group', 'the group needs three more'.
    [
      'Marketing',
      'Two of us will be away for the whole of next week.',
      '“Two of us will be away for the whole of next week.”',
    ],
    [
      'Project Manager',
      'We need three more volunteers for the pilot in March.',
      '“We need three more volunteers for the pilot in March.”',
    ],
    // Negation of a belief: not 'they thought' nor 'they don't think'.
    [
      'Speaker 3',
      "I don't think the budget covers the transport costs at all.",
      "“I don't think the budget covers the transport costs at all.”",
    ],
    // A suggestion stays one: not 'suggested the group should'.
    [
      'Industrial Designer',
      "Let's move the launch of the new remote to March.",
      "“Let's move the launch of the new remote to March.”",
    ],
    [
      'Speaker 4',
      'My view is that the council should fund it.',
      '“My view is that the council should fund it.”',
    ],
    // An order reported after 'said' would read as a statement.
    [
      'Speaker 1',
      'Send the final figures to the council before the meeting.',
      '“Send the final figures to the council before the meeting.”',
    ],
  ])('%s: %s', (speaker, said, quoted) => {
    const shown = bullet(speaker, said);
    expect(shown).toContain(quoted);
    expect(shown).toMatch(new RegExp(`^- (?:The )?${speaker} (?:said|asked): “`));
    expect(shown.replace(quoted, '')).not.toMatch(REWRITTEN);
  });

  it('keeps the whole sentence when "no", "so" or "like" begin what is said', () => {
    expect(bullet('Speaker 2', 'No one has read the report on transport yet.')).toBe(
      '- Speaker 2 said no one has read the report on transport yet.',
    );
    expect(readable('So far the pilot has two schools.')).toBe('So far the pilot has two schools.');
    expect(readable('No, the pilot has two schools.')).toBe('The pilot has two schools.');
    expect(readable('So, um, and the price is fine.')).toBe('Um, and the price is fine.');
  });
});

describe('sentence selection', () => {
  const one = (text: string) => transcriptSentences(parseTranscript(`A: ${text}`))[0]!;

  it('rates a sentence that names things above one that points at them', () => {
    const pointing = one("It's actually sitting, so it's sitting, it's not standing.");
    const naming = one(
      'Our selling price goal is twenty five Euro and profit aim is fifty million Euro.',
    );
    expect(informativeness(naming)).toBeGreaterThan(2 * informativeness(pointing));
  });

  it('spots words broken off and restarted', () => {
    expect(
      restarted(
        'Somehow film is standing for the re the resour the state of having some resource.',
      ),
    ).toBe(true);
    expect(restarted('We the project is now couches and remote controls.')).toBe(true);
    expect(restarted('Mobile phones have screens and they are cheap.')).toBe(false);
    expect(restarted('You can give you the remote and we a copy.')).toBe(true);
    expect(restarted('I gave you the remote control.')).toBe(false);
  });

  it('removes restarts said more than once', () => {
    expect(
      cleanSpoken(
        'OK , we can {disfmarker} we can {disfmarker} we can pass {disfmarker} pass my , uh {disfmarker} we can pass my extra copy around .',
      ),
    ).toBe('OK, we can pass my extra copy around.');
    expect(
      cleanSpoken(
        'Obviously it displays less on the screen , it displays less on the screen but as long as they can read it .',
      ),
    ).toBe('Obviously it displays less on the screen but as long as they can read it.');
  });
});

describe('key point eligibility', () => {
  it('keeps tag questions and talk to the room out of the key points', () => {
    const transcript = [
      "Marketing: And birds of prey aren't they, dear, intrepid.",
      'Marketing: Please, please leave me a space at the bottom, I am little.',
      'Project Manager: Our selling price goal is twenty five Euro and profit aim is fifty million Euro.',
      "Industrial Designer: We don't want the remote control to be expensive to produce.",
    ].join('\n\n');
    const points = summarizeSentences(transcriptSentences(parseTranscript(transcript)), 4)
      .keyPoints.flatMap((k) => k.points)
      .map((p) => p.text);
    expect(points).toEqual([
      'Our selling price goal is twenty five Euro and profit aim is fifty million Euro.',
      "We don't want the remote control to be expensive to produce.",
    ]);
  });
});
