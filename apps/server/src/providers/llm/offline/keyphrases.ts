/**
 * Keyphrase extraction for topics and titles, after RAKE (Rose et al., "Automatic Keyword
 * Extraction from Individual Documents", 2010): candidates are runs of content words between
 * stopwords and punctuation. Spoken meetings repeat their subject, so a phrase is scored by how
 * often it recurs and how widely it spreads over the meeting, with longer phrases (up to three
 * words) favoured over the single words they contain.
 */
import { GENERIC_WORDS } from './stopwords.ts';
import { isContentWord, stem, words, type Sentence } from './text.ts';

/** A keyphrase with its salience relative to the best one. */
export interface Keyphrase {
  /** The phrase in its most frequent written form, lowercase ('remote control'). */
  phrase: string;
  /** Salience in 0..1 relative to the strongest phrase of the meeting (capped at 0.9: a heuristic). */
  confidence: number;
  /** How many times the phrase occurs. */
  count: number;
}

interface Candidate {
  key: string;
  forms: Map<string, number>;
  count: number;
  sentences: Set<number>;
  length: number;
}

const MAX_WORDS = 3;

/** Spelled-out numbers, ordinals and currency units: figures, never subjects. */
const NUMBER_WORDS = new Set(
  `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
  sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
  hundreds thousand thousands million millions billion billions half quarter percent second third
  fourth fifth sixth seventh eighth ninth tenth eleventh twelfth twentieth thirtieth pound pounds
  euro euros dollar dollars cent cents pence bucks`.split(/\s+/),
);

/** How many stretches of talk dispersion is counted over: about 20 sentences each, 2 to 10. */
function blockCount(n: number): number {
  return Math.max(2, Math.min(10, Math.round(n / 20)));
}

/** Candidate runs of one sentence: content words between stopwords, fillers and punctuation. */
function runs(text: string): string[][] {
  const out: string[][] = [];
  for (const clause of text.toLowerCase().split(/[,.!?;:()"“”]+|\s[-–—]\s/)) {
    let run: string[] = [];
    for (const w of words(clause)) {
      if (isContentWord(w) && !/^\d/.test(w) && !NUMBER_WORDS.has(w)) run.push(w);
      else {
        if (run.length) out.push(run);
        run = [];
      }
    }
    if (run.length) out.push(run);
  }
  return out;
}

// A phrase must not begin or end with a generic word ('good idea', 'talk about buttons').
function trimGeneric(run: string[]): string[] {
  let a = 0;
  let b = run.length;
  while (a < b && GENERIC_WORDS.has(run[a]!)) a++;
  while (b > a && GENERIC_WORDS.has(run[b - 1]!)) b--;
  return run.slice(a, b);
}

/**
 * The strongest keyphrases of the sentences, best first, with phrases that repeat a better one's
 * words left out.
 * @param limit how many to return (default 8)
 */
export function extractKeyphrases(sentences: Sentence[], limit = 8): Keyphrase[] {
  const { scored, weight } = scoreCandidates([...collectCandidates(sentences).values()], sentences);
  yieldToLongerPhrases(scored);
  scored.sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key));
  const chosen = choosePhrases(scored, limit);
  const best = chosen[0]?.score ?? 1;
  return chosen.map(({ c, score }) => ({
    phrase: [...c.forms.entries()].sort((a, b) => b[1] - a[1])[0]![0],
    confidence: Math.round(((0.9 * weight * score) / best) * 100) / 100,
    count: c.count,
  }));
}

interface Scored {
  c: Candidate;
  score: number;
}

// Every sub-phrase of up to three words of every run, by its stems, with its forms and sentences.
function collectCandidates(sentences: Sentence[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  const add = (phrase: string[], sentence: number) => {
    const key = phrase.map(stem).join(' ');
    let c = candidates.get(key);
    if (!c) {
      c = { key, forms: new Map(), count: 0, sentences: new Set(), length: phrase.length };
      candidates.set(key, c);
    }
    const form = phrase.join(' ');
    c.forms.set(form, (c.forms.get(form) ?? 0) + 1);
    c.count += 1;
    c.sentences.add(sentence);
  };
  for (const s of sentences) {
    for (const raw of runs(s.text)) {
      const run = trimGeneric(raw);
      if (!run.length) continue;
      // Every sub-phrase of up to three words that starts and ends on a non-generic word.
      for (let i = 0; i < run.length; i++) {
        for (let n = 1; n <= MAX_WORDS && i + n <= run.length; n++) {
          const phrase = run.slice(i, i + n);
          if (GENERIC_WORDS.has(phrase[0]!) || GENERIC_WORDS.has(phrase[n - 1]!)) continue;
          if (phrase.some((w) => w.length < 3)) continue;
          add(phrase, s.index);
        }
      }
    }
  }
  return candidates;
}

// The candidates of the strongest tier that has any, scored; `weight` is the tier's.
function scoreCandidates(
  all: Candidate[],
  sentences: Sentence[],
): { scored: Scored[]; weight: number } {
  // A single mention is no topic; a phrase must also appear in two sentences at least. A short
  // recording may have no such phrase: then repetition alone, then any content word, so every
  // summary still names what it is about (with a confidence that says how weak that is).
  const tiers: [(c: Candidate) => boolean, number][] = [
    [(c) => c.count >= 2 && c.sentences.size >= 2, 1],
    [(c) => c.count >= 2, 0.6],
    [() => true, 0.3],
  ];
  const [keep, weight] = tiers.find(([k]) => all.some(k)) ?? tiers[0]!;
  // Sentence indexes are positions in the meeting; dispersion counts the stretches a phrase is in.
  const first = sentences[0]?.index ?? 0;
  const span = (sentences[sentences.length - 1]?.index ?? 0) - first + 1;
  const blocks = blockCount(sentences.length);
  const dispersion = (c: Candidate) => {
    const hit = new Set([...c.sentences].map((i) => Math.floor(((i - first) * blocks) / span)));
    return hit.size / blocks;
  };
  const scored = all.filter(keep).map((c) => ({
    c,
    // Damped recurrence, dispersion, and a bonus for multi-word phrases.
    score:
      Math.sqrt(c.count * c.sentences.size) *
      (0.3 + dispersion(c)) *
      (1 + 0.6 * (c.length - 1)) *
      // A lone '-ing' word is more often an activity ('sitting') than a subject.
      (c.length === 1 && c.key.endsWith('ing') ? 0.5 : 1),
  }));
  return { scored, weight };
}

// A word mostly said as part of a longer phrase ('remote' in 'remote control') yields to it.
function yieldToLongerPhrases(scored: Scored[]): void {
  const byKey = new Map(scored.map((s) => [s.c.key, s]));
  for (const s of scored) {
    if (s.c.length < 2) continue;
    for (const part of s.c.key.split(' ')) {
      const single = byKey.get(part);
      if (single && s.c.count >= 0.4 * single.c.count) single.score *= 0.5;
    }
  }
}

// The best `limit` phrases of `scored` (sorted), skipping one that repeats words of a better one.
function choosePhrases(scored: Scored[], limit: number): Scored[] {
  const chosen: Scored[] = [];
  const usedStems = new Set<string>();
  for (const s of scored) {
    if (chosen.length >= limit) break;
    const stems = s.c.key.split(' ');
    // Skip a phrase that repeats words of a better one ('control' after 'remote control').
    if (stems.some((w) => usedStems.has(w))) continue;
    chosen.push(s);
    for (const w of stems) usedStems.add(w);
  }
  return chosen;
}
