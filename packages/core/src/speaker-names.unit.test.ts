import { describe, expect, it } from 'vitest';
import {
  applySpeakerNames,
  isRoleLabel,
  normalizeSpeakerNames,
  renamedSpeakers,
  replaceSpeakerNames,
  speakerIndicesByLabel,
  speakerLabels,
  speakerNameSchema,
} from './speaker-names.ts';

describe('speaker names', () => {
  it('replaces whole labels only, longer labels first', () => {
    const names = {
      'Speaker 1': 'Ann',
      'Speaker 12': 'Lee',
      Manager: 'Bo',
      'Project Manager': 'Cy',
    };
    expect(
      applySpeakerNames(
        'Speaker 1 and Speaker 12 met the Project Manager; Speaker 10 left. Manager',
        names,
      ),
    ).toBe('Ann and Lee met Cy; Speaker 10 left. Bo');
    // A label inside a word is not a label.
    expect(applySpeakerNames('Managers and Speaker 1x', names)).toBe('Managers and Speaker 1x');
    expect(applySpeakerNames('no names', {})).toBe('no names');
  });

  it('drops the article of a role renamed to a person, and keeps it for a role', () => {
    const summary =
      'The Project Manager said the aim is a remote. Marketing and the Industrial Designer met.';
    expect(applySpeakerNames(summary, { 'Project Manager': 'Abbie Claflin' })).toBe(
      'Abbie Claflin said the aim is a remote. Marketing and the Industrial Designer met.',
    );
    expect(
      applySpeakerNames(summary, { 'Industrial Designer': 'Lead Engineer', Marketing: 'Bo' }),
    ).toBe('The Project Manager said the aim is a remote. Bo and the Lead Engineer met.');
    // A name typed in lower case still begins the sentence with a capital.
    expect(applySpeakerNames(summary, { 'Project Manager': 'abbie' })).toMatch(/^Abbie said/);
    expect(isRoleLabel('Project Manager')).toBe(true);
    expect(isRoleLabel('Abbie Claflin')).toBe(false);
    expect(isRoleLabel('Speaker 2')).toBe(false);
  });

  it('replaces old names by new ones in one pass, so a swap does not chain', () => {
    const swap = new Map([
      ['Ann', 'Bo'],
      ['Bo', 'Ann'],
    ]);
    expect(replaceSpeakerNames('Ann: “I will send it to Bo.”', swap)).toBe(
      'Bo: “I will send it to Ann.”',
    );
  });

  it('reads labels in first-speaking order and drops entries that change nothing', () => {
    const transcript = 'Speaker 2: hi\n\nSpeaker 1: hello\n\nSpeaker 2: again';
    const labels = speakerLabels(transcript);
    expect(labels).toEqual(['Speaker 2', 'Speaker 1']);
    expect(
      normalizeSpeakerNames({ 'Speaker 1': 'Ann', 'Speaker 2': 'Speaker 2', Ghost: 'X' }, labels),
    ).toEqual({ 'Speaker 1': 'Ann' });
  });

  it('moves a name only when no speaker shows it any more', () => {
    const labels = ['A', 'B', 'C'];
    expect([...renamedSpeakers(labels, {}, { A: 'Ann' })]).toEqual([['A', 'Ann']]);
    // Merge B into Ann: B's items become Ann's.
    expect([...renamedSpeakers(labels, { A: 'Ann' }, { A: 'Ann', B: 'Ann' })]).toEqual([
      ['B', 'Ann'],
    ]);
    // Split B off again: Ann is still A's name, so her items stay.
    expect([...renamedSpeakers(labels, { A: 'Ann', B: 'Ann' }, { A: 'Ann' })]).toEqual([]);
  });

  it('accepts names a label can be, and refuses the rest', () => {
    expect(speakerNameSchema.parse('  Mary   Ann ')).toBe('Mary Ann');
    for (const bad of ['', ' ', 'A: B', '[A]', 'x'.repeat(61), 'a\u0000b']) {
      expect(speakerNameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('speakerIndicesByLabel', () => {
  it('pairs paragraphs with turn times, and falls back to the label numbers when they differ', () => {
    const transcript = 'Carol: Hi.\n\nSpeaker 2: Hello.\n\nCarol: Bye.';
    const times = [{ speaker: 0 }, { speaker: 1 }, { speaker: 0 }];
    expect(speakerIndicesByLabel(transcript, times)).toEqual(
      new Map([
        ['Carol', new Set([0])],
        ['Speaker 2', new Set([1])],
      ]),
    );
    // An edited transcript (two paragraphs of one speaker run together): labels' own numbers.
    const edited = 'Speaker 1: Hi.\n\nSpeaker 1: Again.\n\nSpeaker 3: Yes.';
    expect(speakerIndicesByLabel(edited, times)).toEqual(
      new Map([
        ['Speaker 1', new Set([0])],
        ['Speaker 3', new Set([2])],
      ]),
    );
  });
});
