/**
 * Reported speech and sentence selection on sentences said in real meetings (AMI ES2011a,
 * ES2004a; ICSI Bed016), quoted as the transcript has them once cleaned.
 */
import { describe, expect, it } from 'vitest';
import { reportedSpeech, speakerName } from './reported.ts';
import { informativeness, restarted, summarizeSentences } from './summarize.ts';
import { cleanSpoken, parseTranscript, transcriptSentences } from './text.ts';

describe('reported speech', () => {
  it('turns first person into the third, naming a role with "the"', () => {
    // Before: '**Project Manager:** Our aim is to produce …' read as a quote.
    expect(
      reportedSpeech(
        'Our aim is to produce a remote control that is original, trendy and user friendly.',
        'Project Manager',
      ),
    ).toBe(
      'The Project Manager said the aim is to produce a remote control that is original, trendy and user friendly.',
    );
    expect(
      reportedSpeech(
        "I'm going to rewrite the address form using the new grid component.",
        'Speaker 3',
      ),
    ).toBe(
      "Speaker 3 said they're going to rewrite the address form using the new grid component.",
    );
  });

  it("makes 'we' the group, with the verb agreeing", () => {
    expect(
      reportedSpeech(
        'We need to run a usability test with five customers before the launch.',
        'Speaker 1',
      ),
    ).toBe(
      'Speaker 1 said the group needs to run a usability test with five customers before the launch.',
    );
    expect(reportedSpeech("We're not focusing on business market.", 'Marketing')).toBe(
      'Marketing said the group is not focusing on business market.',
    );
    expect(
      reportedSpeech('I think we should have a locator function.', 'Industrial Designer'),
    ).toBe('The Industrial Designer suggested the group should have a locator function.');
  });

  it('reports wondering, and keeps a conditional readable', () => {
    expect(
      reportedSpeech(
        'I wonder if incorporating that into the design of a remote control might be useful.',
        'Marketing',
      ),
    ).toBe(
      'Marketing wondered whether incorporating that into the design of a remote control might be useful.',
    );
    expect(
      reportedSpeech(
        "If it's somewhat similar to what you have on mobile phone, people might find it easier to browse.",
        'User Interface',
      ),
    ).toBe(
      "User Interface suggested that if it's somewhat similar to what you have on mobile phone, people might find it easier to browse.",
    );
  });

  it('leaves as a quote what it cannot turn without ambiguity', () => {
    // 'I' beside 'they': singular 'they' would be read as the others.
    expect(reportedSpeech("I've told them they aren't ready.", 'Grad C')).toBeNull();
    // A question, a quotation, and a restart after 'we'.
    expect(reportedSpeech('Can we think of a nice metaphorical use?', 'Professor E')).toBeNull();
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
    expect(speakerName('Grad C')).toBe('Grad C');
    expect(speakerName('Lead Engineer')).toBe('the Lead Engineer');
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
