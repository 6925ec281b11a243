/** Generated meetings for bench/chat/run.ts: the crowd the real meetings are searched among. */

// Generated meetings talk about the things meetings talk about, so common words ('remote',
// 'design', 'price', 'team') compete with the real meetings' turns in the all-meetings scope.
const VOCAB = {
  who: [
    'We',
    'The team',
    'Marketing',
    'Finance',
    'Sales',
    'The designer',
    'Engineering',
    'I',
    'You',
    'Legal',
  ],
  verb: [
    'should review',
    'will prepare',
    'discussed',
    'need to finalize',
    'agreed on',
    'are worried about',
    'can present',
    'looked at',
    'want to change',
    'postponed',
  ],
  what: [
    'the budget',
    'the launch plan',
    'the hiring pipeline',
    'the customer survey',
    'the pricing model',
    'the product design',
    'the quarterly targets',
    'the remote onboarding',
    'the user interface',
    'the marketing campaign',
    'the supplier contract',
    'the roadmap',
    'the office move',
    'the training sessions',
    'the sales forecast',
    'the beta feedback',
  ],
  tail: [
    'before Friday.',
    'for next quarter.',
    'with the board.',
    'by the end of the month.',
    'again next week.',
    'in the next sprint.',
    'because of the costs.',
    'as discussed.',
    'for the client.',
    'after the demo.',
  ],
  filler: [
    'Okay.',
    'Right.',
    'Yeah, I agree.',
    'Sounds good.',
    'Hmm, not sure.',
    'Let me check.',
    'Good point.',
    'Exactly.',
  ],
};

/**
 * A generated meeting transcript of `turns` speaker turns among 2 to 5 speakers, drawn from
 * `rand` (seeded by the caller, so every run writes the same meetings).
 */
export function generatedTranscript(rand: () => number, turns: number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const speakers = 2 + Math.floor(rand() * 4);
  const out: string[] = [];
  let last = -1;
  for (let i = 0; i < turns; i++) {
    let s = Math.floor(rand() * speakers);
    if (s === last) s = (s + 1) % speakers;
    last = s;
    const sentences = rand() < 0.25 ? [pick(VOCAB.filler)] : [];
    const n = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++)
      sentences.push(
        `${pick(VOCAB.who)} ${pick(VOCAB.verb)} ${pick(VOCAB.what)} ${pick(VOCAB.tail)}`,
      );
    out.push(`Speaker ${s + 1}: ${sentences.join(' ')}`);
  }
  return out.join('\n\n');
}
