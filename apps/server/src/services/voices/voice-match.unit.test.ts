/**
 * The matching rules of suggested speaker names on voiceprints built for each case: a mutual best
 * match above the threshold and ahead of the runner-up, attendees first, one name per person, and
 * the two-person meeting.
 */
import { describe, expect, it } from 'vitest';
import { cosine, meanVoiceprint, suggestNames, type VoiceCandidate } from './voice-match.ts';

const POLICY = { threshold: 0.6, margin: 0.1 };

/** A unit vector at `degrees` from the x axis in the plane, padded to 4 dimensions. */
const at = (degrees: number) => {
  const r = (degrees * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r), 0, 0];
};
const profile = (name: string, degrees: number, attendee = false): VoiceCandidate => ({
  profileId: `00000000-0000-4000-8000-${String(degrees).padStart(12, '0')}`,
  name,
  vector: at(degrees),
  attendee,
});

describe('suggestNames', () => {
  it('suggests the closest profile above the threshold and rejects a stranger', () => {
    // cos 10° = 0.98 (Carol), cos 80° = 0.17 (nobody close).
    const out = suggestNames([at(10), at(170)], [profile('Carol', 0), profile('Dave', 90)], POLICY);
    expect([...out]).toEqual([[0, expect.objectContaining({ name: 'Carol', similarity: 0.9848 })]]);
  });

  it('refuses a match that is not clearly ahead of the runner-up', () => {
    // Two profiles 10° apart: the speaker between them is 0.996 from both.
    const out = suggestNames([at(5)], [profile('Carol', 0), profile('Dave', 10)], POLICY);
    expect(out.size).toBe(0);
    // Far enough apart, the same speaker gets Carol.
    expect(
      suggestNames([at(5)], [profile('Carol', 0), profile('Dave', 60)], POLICY).get(0)?.name,
    ).toBe('Carol');
  });

  it('gives a name to one speaker only: the closer of two', () => {
    const out = suggestNames([at(20), at(5)], [profile('Carol', 0), profile('Dave', 90)], POLICY);
    expect(out.get(1)?.name).toBe('Carol');
    expect(out.has(0)).toBe(false);
  });

  it("tries the event's attendees first, then the other profiles", () => {
    // Erin (not invited) is closer, but Carol was invited and is close enough and clearly ahead
    // of the other attendee.
    const candidates = [profile('Erin', 0), profile('Carol', 20, true), profile('Dave', 90, true)];
    expect(suggestNames([at(2)], candidates, POLICY).get(0)?.name).toBe('Carol');
    // Without the attendee list, the closest profile wins... if clearly ahead: Erin 0.999 vs
    // Carol 0.951 is not, so nothing.
    const uninvited = candidates.map((c) => ({ ...c, attendee: false }));
    expect(suggestNames([at(2)], uninvited, POLICY).size).toBe(0);
  });

  it('names the other attendee of a two-person meeting once one speaker is known', () => {
    const out = suggestNames([at(0), null], [profile('Carol', 0, true)], POLICY, ['Carol', 'Dave']);
    expect(out.get(1)).toEqual({ profileId: null, name: 'Dave', similarity: null });
    // Known from the user's own naming rather than a voice.
    const named = suggestNames(
      [null, null],
      [],
      POLICY,
      ['Carol', 'Dave'],
      2,
      new Map([[1, 'Dave']]),
    );
    expect(named.get(0)?.name).toBe('Carol');
    // Three speakers: nobody is obvious.
    expect(
      suggestNames([at(0), null, null], [profile('Carol', 0, true)], POLICY, ['Carol', 'Dave'])
        .size,
    ).toBe(1);
  });

  it('leaves speakers without a voiceprint and named speakers alone', () => {
    const out = suggestNames(
      [null, at(0)],
      [profile('Carol', 0)],
      POLICY,
      [],
      2,
      new Map([[1, 'Zoe']]),
    );
    expect(out.size).toBe(0);
  });
});

describe('meanVoiceprint and cosine', () => {
  it('averages directions, not lengths', () => {
    const mean = meanVoiceprint([
      [10, 0, 0, 0],
      [0, 1, 0, 0],
    ])!;
    expect(cosine(mean, at(45))).toBeCloseTo(1, 5);
    expect(meanVoiceprint([])).toBeNull();
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});
