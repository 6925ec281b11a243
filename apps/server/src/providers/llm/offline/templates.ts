/**
 * Summary templates without a language model ("each changing what the summary contains", also
 * offline). A template other than 'general' gets its own headings (from
 * @summy/core, the same the language model is asked for) and the meeting's sentences sorted into
 * them by cue words: general English markers of each section's kind of statement (past tense for
 * a stand-up's 'Yesterday', 'blocked' or 'waiting on' for 'Blockers', prices and contract terms
 * for 'Pricing and terms'), written from the meaning of the section, not from any test meeting.
 * A sentence goes to the section whose cues it matches most (weights add up; a tie goes to the
 * earlier section); within a section the strongest and most informative sentences are kept, in
 * spoken order, as many as the meeting's length allows (`keyPointBudget`). Commitments found by
 * the rule-based action items fill the follow-up sections, after a line saying they were picked
 * from the transcript. A section nothing matched says `NOTHING_PICKED`: unlike a language model's
 * '- None recorded', the rules only know that no sentence matched, not that nothing was said.
 */
import { summaryTemplateOf, type ActionItemSuggestion, type SummaryTemplateId } from '@summy/core';
import { actionItemLines, attributedPoint, overviewText } from './markdown.ts';
import {
  informativeness,
  isStatement,
  keyPointBudget,
  MAX_POINT_WORDS,
  type ExtractiveSummary,
} from './summarize.ts';
import { disfluency, type Sentence } from './text.ts';

/** What a section says when no sentence matched its cues. */
export const NOTHING_PICKED = '- Nothing picked from the transcript';

/** A cue of a section: a pattern (case-insensitive) and how strongly it marks the section. */
type Cue = readonly [pattern: RegExp, weight: number];

/** How a section is filled. */
interface SectionPlan {
  cues: readonly Cue[];
  /** Opens with the meeting's overview (who met about what) before its bullets. */
  overview?: boolean;
  /** Lists the meeting's action items, after the sentences sorted into the section. */
  actionItems?: boolean;
  /** Said instead of `NOTHING_PICKED` when nothing matched. */
  empty?: string;
}

const r = (source: string) => new RegExp(source, 'i');

// Shared markers. Apostrophes may be typed (') or typographic (’).
const WILL = String.raw`(?:i|we|you|they)(?:['’]ll| will| shall|['’]m going to| am going to|['’]re going to| are going to|['’]m gonna|['’]re gonna| plan to| want to| need to)`;
const COMMIT: Cue = [r(String.raw`\b${WILL}\b`), 1];
const FOLLOW_UP: Cue = [
  r(
    String.raw`\b(?:follow(?:-| )?up|next (?:step|time|week|meeting|call)|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|the end of)|send (?:you|over|them)|schedule|set up a|circle back|check in again)\b`,
  ),
  2,
];
const CONCERN: Cue = [
  r(
    String.raw`\b(?:concern(?:ed|s)?|worr(?:y|ied|ies)|not sure|unsure|unclear|hesitant|risk(?:y|s)?|doubt)\b`,
  ),
  2,
];

/** The sections of each template but 'general', by heading (headings from @summy/core). */
const PLANS: Record<Exclude<SummaryTemplateId, 'general'>, Record<string, SectionPlan>> = {
  'one-on-one': {
    'Check-in': {
      overview: true,
      cues: [
        [
          r(
            String.raw`\b(?:how (?:are|is|was|have) (?:you|things|it)|feel(?:ing|s)?|felt|weekend|holiday|vacation|family|busy|stress(?:ed|ful)?|tired|exhausted|workload|burn(?:ed|t)? ?out|overwhelm(?:ed|ing)?|doing (?:well|good|great|fine|ok(?:ay)?)|mood|energy)\b`,
          ),
          2,
        ],
        [
          r(String.raw`\b(?:on my mind|lately|this week has been|been (?:a bit|really|quite))\b`),
          1,
        ],
      ],
    },
    Feedback: {
      cues: [
        [r(String.raw`\bfeedback\b`), 3],
        [
          r(
            String.raw`\b(?:(?:great|good|nice|excellent) (?:job|work)|well done|appreciate[ds]?|impress(?:ed|ive)|proud|thank(?:s| you) for)\b`,
          ),
          2,
        ],
        [
          r(
            String.raw`\b(?:could (?:improve|be better|have)|should have|would (?:like|prefer|love) (?:you|it if)|(?:i|we) noticed|better if|next time|room for|instead of|too (?:much|many|late|early|quiet|long))\b`,
          ),
          2,
        ],
        CONCERN,
      ],
    },
    Growth: {
      cues: [
        [
          r(
            String.raw`\b(?:career|grow(?:th|ing)?|learn(?:ing|ed|t)?|skills?|goals?|promot(?:ion|ed)|develop(?:ment|ing)?|training|course|certificat\w*|mentor(?:ing|ship)?|coach(?:ing)?|opportunit(?:y|ies)|responsibilit(?:y|ies)|stretch|aspir\w*|long(?:-| )term|next level|senior|lead(?:ership|ing)?)\b`,
          ),
          2,
        ],
      ],
    },
    'Follow-ups': { actionItems: true, cues: [FOLLOW_UP, COMMIT] },
  },
  'stand-up': {
    Yesterday: {
      cues: [
        [
          r(String.raw`\b(?:yesterday|last (?:night|week|friday|sprint)|so far|earlier today)\b`),
          3,
        ],
        [
          r(
            String.raw`\b(?:finish(?:ed)?|complet(?:ed|e)|done|wrapp?ed up|merged|shipped|deployed|released|closed|fixed|resolved|landed|reviewed|tested|wrote|built|got (?:it|the|that) working)\b`,
          ),
          2,
        ],
        // Past tense after a subject: 'I updated', "we've migrated".
        [
          r(
            String.raw`\b(?:i|we|they|he|she)(?:['’]ve| have| had)? (?:\w+ly )?(?:\w+ed|did|made|spent|took|began|sent|ran)\b`,
          ),
          1,
        ],
      ],
    },
    Today: {
      cues: [
        [
          r(String.raw`\b(?:today|this (?:morning|afternoon|week)|tonight|next up|after that)\b`),
          3,
        ],
        [r(String.raw`\b${WILL}\b`), 2],
        [
          r(
            String.raw`\b(?:(?:i|we)(?:['’]m| am|['’]re| are) (?:working on|continuing|starting|picking up|looking into|focusing on)|continue (?:with|on|to)|pick up|start (?:on|with|working))\b`,
          ),
          2,
        ],
      ],
    },
    Blockers: {
      cues: [
        [
          r(
            String.raw`\b(?:block(?:ed|er|ers|ing)?|stuck|waiting (?:on|for)|depend(?:s|ing)? on|need(?:s)? help|can(?:['’]?t|not) (?:get|access|figure|reproduce|find|run|deploy|merge)|unable to|no access|held up|holding (?:me|us) up)\b`,
          ),
          3,
        ],
        [
          r(
            String.raw`\b(?:issue|problem|bug|broken|fail(?:s|ed|ing)?|flaky|slow|outage|down|error|crash(?:es|ed|ing)?|delay(?:ed)?)\b`,
          ),
          1,
        ],
      ],
    },
  },
  interview: {
    Candidate: {
      overview: true,
      cues: [
        [
          r(
            String.raw`\b(?:experience|years?|background|previously|currently|(?:i|she|he|they) (?:worked|work|was|were|am|joined|studied|led|managed)|degree|universit(?:y|ies)|studied|bootcamp|role|position|team of|my (?:last|current|previous) (?:job|role|company|team))\b`,
          ),
          2,
        ],
      ],
    },
    Strengths: {
      cues: [
        [
          r(
            String.raw`\b(?:strong|strength|impress(?:ed|ive)|excellent|great|solid|deep|expert(?:ise)?|good (?:at|with|fit)|well (?:prepared|spoken|structured)|clear(?:ly)?|thoughtful|confident|passion(?:ate)?)\b`,
          ),
          2,
        ],
        [
          r(
            String.raw`\b(?:(?:i|we|she|he|they) (?:led|built|designed|shipped|launched|improved|reduced|increased|grew|scaled|mentored|owned|automated|delivered))\b`,
          ),
          2,
        ],
      ],
    },
    Concerns: {
      cues: [
        CONCERN,
        [
          r(
            String.raw`\b(?:gaps?|lack(?:s|ing|ed)?|limited|weak(?:ness|er)?|struggl(?:e|ed|es|ing)|(?:not|never) (?:used|worked|done|had)|no experience|little experience|red flag|however|vague|junior|not enough)\b`,
          ),
          2,
        ],
      ],
    },
    Recommendation: {
      empty: 'No recommendation was picked from the transcript.',
      cues: [
        [
          r(
            String.raw`\b(?:recommend(?:ation|ed)?|hire|hiring|(?:make|extend) (?:an|the) offer|next round|move (?:forward|ahead)|(?:strong|clear) (?:yes|no|hire)|thumbs (?:up|down)|(?:good|great|poor|bad) fit|pass on|reject|verdict|advance (?:her|him|them))\b`,
          ),
          3,
        ],
      ],
    },
  },
  'sales-call': {
    'Customer needs': {
      cues: [
        [
          r(
            String.raw`\b(?:need(?:s|ed)?|looking for|want(?:s|ed)? (?:to|a|an|the)|requir(?:e|es|ed|ement|ements)|must (?:have|be|support)|(?:our|the) (?:problem|challenge|pain|goal|priority)|struggl(?:e|ing) with|currently (?:use|using|do)|integrat(?:e|es|ion) with|important (?:to|for) us|use case)\b`,
          ),
          2,
        ],
      ],
    },
    Objections: {
      cues: [
        CONCERN,
        [
          r(
            String.raw`\b(?:too (?:expensive|much|complex|complicated|long|slow)|expensive|pricey|competitor|already (?:use|have|pay)|(?:not|isn['’]t) (?:convinced|a priority|in the budget)|push(?:ing)? back|objection|security|compliance|lock(?:ed)?(?:-| )in|switching cost|migration effort|why (?:would|should) we)\b`,
          ),
          2,
        ],
      ],
    },
    'Pricing and terms': {
      cues: [
        [
          r(
            String.raw`\b(?:price|prices|pricing|cost(?:s)?|quote|discount(?:s|ed)?|licen[cs]e(?:s)?|per (?:seat|user|month|year|license)|subscription|contract|payment terms|annual(?:ly)?|monthly|invoice|payment|billing|budget|renewal|trial|pilot|seats)\b`,
          ),
          2,
        ],
        [
          r(
            String.raw`(?:[$€£]\s?\d|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|k\b|percent|%)|\b(?:twelve|twenty|thirty|fifty|hundred|thousand)\b)`,
          ),
          2,
        ],
      ],
    },
    'Next steps': { actionItems: true, cues: [FOLLOW_UP, COMMIT] },
  },
};

/**
 * Whether a sentence can be a bullet of a templated section: a fluent statement of its own (see
 * `isStatement`) that quotes nobody. Shorter ones than key points may do: a stand-up's 'I fixed
 * the login bug.' says all it needs to.
 */
function usable(s: Sentence): boolean {
  return (
    isStatement(s) &&
    !/["“”]/.test(s.text) &&
    s.words >= 4 &&
    s.words <= MAX_POINT_WORDS &&
    s.terms.length >= 2 &&
    disfluency(s.text) <= 0.2
  );
}

/** The summed weights of the cues a sentence matches. */
function cueScore(text: string, cues: readonly Cue[]): number {
  return cues.reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0);
}

/** Whether two sentences say much the same (half or more of their terms shared). */
function overlaps(a: Sentence, b: Sentence): boolean {
  const ta = new Set(a.terms);
  const shared = b.terms.filter((t) => ta.has(t)).length;
  return shared / Math.max(1, Math.min(ta.size, new Set(b.terms).size)) >= 0.5;
}

/** Bullets per section: about half the key points of the general layout, 2 to 5. */
export function sectionBudget(sentenceCount: number): number {
  return Math.max(2, Math.min(5, Math.round(keyPointBudget(sentenceCount) / 1.5)));
}

/**
 * The sentences of each section: every usable sentence goes to the section whose cues it
 * matches most (none when it matches none); each section keeps its best `budget`, in spoken
 * order, none repeating another.
 */
export function sortIntoSections(
  sentences: readonly Sentence[],
  plans: readonly SectionPlan[],
  budget: number,
): Sentence[][] {
  const candidates: { s: Sentence; score: number }[][] = plans.map(() => []);
  for (const s of sentences) {
    if (!usable(s)) continue;
    let best = -1;
    let bestScore = 0;
    plans.forEach((plan, k) => {
      const score = cueScore(s.text, plan.cues);
      if (score > bestScore) [best, bestScore] = [k, score];
    });
    if (best >= 0) candidates[best]!.push({ s, score: bestScore * (0.5 + informativeness(s)) });
  }
  return candidates.map((list) => {
    const kept: Sentence[] = [];
    for (const { s } of list.sort((a, b) => b.score - a.score || a.s.index - b.s.index)) {
      if (kept.length >= budget) break;
      if (!kept.some((k) => overlaps(k, s))) kept.push(s);
    }
    return kept.sort((a, b) => a.index - b.index);
  });
}

/**
 * The markdown summary in a template other than 'general': its headings in order, each with
 * the sentences sorted into it (see the module comment).
 * @param template a template id other than 'general'
 * @param sentences every sentence of the transcript
 * @param extract the extractive summary of the same sentences (overview, names)
 */
export function templatedSummaryMarkdown(
  template: Exclude<SummaryTemplateId, 'general'>,
  sentences: readonly Sentence[],
  extract: ExtractiveSummary,
  actionItems: readonly ActionItemSuggestion[],
): string {
  const sections = summaryTemplateOf(template).sections;
  const plans = sections.map((s) => PLANS[template][s.heading] ?? { cues: [] });
  // Sentences that became action items are listed as action items, not again as statements.
  const quoted = actionItems.map((a) => a.description);
  const rest = sentences.filter((s) => !quoted.some((q) => q.includes(s.text)));
  const picked = sortIntoSections(rest, plans, sectionBudget(sentences.length));
  const parts = sections.map((section, k) => {
    const plan = plans[k]!;
    const lines: string[] = [];
    if (plan.overview) lines.push(overviewText(extract), '');
    lines.push(...picked[k]!.map((s) => attributedPoint(s, extract.names)));
    // A blank line ends the list above: the next line is then a paragraph of its own.
    if (plan.actionItems && actionItems.length) {
      if (lines.length) lines.push('');
      lines.push(...actionItemLines(actionItems));
    }
    if (lines.length === 0) lines.push(plan.empty ?? NOTHING_PICKED);
    return `## ${section.heading}\n\n${lines.join('\n').trim()}`;
  });
  return parts.join('\n\n') + '\n';
}
