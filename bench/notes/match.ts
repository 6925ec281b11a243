/**
 * The rule that decides whether an extracted action item is one of a meeting's reference action
 * items (`*.reference_actions.json` in testdata/meetings). Written down once here and in
 * docs/performance.md:
 *
 * - owner: equal after normalising (lowercase, spaces collapsed, a trailing 'designer' or 'expert'
 *   dropped so 'User Interface Designer' = 'User Interface'; 'everyone', 'everybody', 'all', 'team',
 *   'the team' and 'we' all mean 'everyone'). An item without an owner matches no reference.
 * - content: the reference task and the item (title plus deadline) share at least half of the
 *   smaller side's content words, and at least two of them (content word: not a stopword, lowercase,
 *   plural 's' dropped).
 *
 * Each reference matches at most one item and the other way round (greedy, in item order).
 */
import { STOPWORDS } from './baseline-v0/stopwords.ts';

/** A reference action item: who owes it, what, and the transcript turns that show it. */
export interface ReferenceAction {
  owner: string;
  task: string;
  turns: number[];
}

/** An extracted item as the rule sees it. */
export interface CandidateAction {
  owner: string | null;
  text: string;
}

/** The owner as compared: see the module comment. */
export function normalOwner(owner: string | null): string | null {
  if (!owner) return null;
  const o = owner
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+(?:designer|expert)$/, '');
  return /^(?:everyone|everybody|all|team|the team|we|us)$/.test(o) ? 'everyone' : o;
}

/** Content words of a task: lowercase, no stopwords, a plural 's' dropped. */
export function taskWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [])
      .filter((w) => w.length > 1 && !STOPWORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}

/** True when the item is the reference action by the rule above. */
export function matches(item: CandidateAction, ref: ReferenceAction): boolean {
  const owner = normalOwner(item.owner);
  if (!owner || owner !== normalOwner(ref.owner)) return false;
  const a = taskWords(item.text);
  const b = taskWords(ref.task);
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared >= 2 && shared >= 0.5 * Math.min(a.size, b.size);
}

/** Matched pairs, precision and recall of `items` against `refs` (one-to-one, greedy). */
export function scoreActions(
  items: CandidateAction[],
  refs: ReferenceAction[],
): { matched: number; precision: number; recall: number; hits: [number, number][] } {
  const used = new Set<number>();
  const hits: [number, number][] = [];
  items.forEach((item, i) => {
    const r = refs.findIndex((ref, k) => !used.has(k) && matches(item, ref));
    if (r >= 0) {
      used.add(r);
      hits.push([i, r]);
    }
  });
  return {
    matched: hits.length,
    precision: items.length ? hits.length / items.length : 0,
    recall: refs.length ? hits.length / refs.length : 0,
    hits,
  };
}
