/**
 * Extracted sentences as notes say them: in reported speech, third person, with the speaker named
 * ("Project Manager: Our aim is a trendy remote." → "The Project Manager said the aim is a trendy
 * remote."). Rule-based and deliberately narrow: first person singular becomes singular 'they',
 * first person plural 'the group', 'our' the article; a sentence the rules cannot turn without
 * ambiguity (a question, a quotation, 'I' beside another 'they') is left as a quote.
 */
import { STOPWORDS } from './stopwords.ts';

/** Last words of a speaker label that name a role, so the label takes 'the' ('the Project Manager'). */
const ROLE_NOUN =
  /\s(?:manager|designer|engineer|director|lead|expert|analyst|developer|officer|consultant|moderator|host|interviewer|interviewee|presenter|facilitator|chair|chairman|chairwoman|chairperson|coordinator|researcher|scientist|architect|specialist|representative|secretary|president|assistant|administrator|organi[sz]er|owner)$/i;

/**
 * How notes name a speaker: a role label ('Project Manager', 'Lead Engineer') takes 'the'; a name
 * or a numbered label ('Priya', 'Speaker 2', 'Grad C') stays as it is.
 * @param label the transcript's speaker label
 * @param start true at the start of a sentence ('The Project Manager'), else 'the Project Manager'
 */
export function speakerName(label: string, start = false): string {
  if (!ROLE_NOUN.test(` ${label}`)) return label;
  return `${start ? 'The' : 'the'} ${label}`;
}

/** Verbs that follow a subject in base form and need no inflection change for 'the group'. */
const MODALS = new Set([
  'can',
  'could',
  'should',
  'would',
  'will',
  'might',
  'must',
  'may',
  "can't",
  "couldn't",
  "shouldn't",
  "wouldn't",
  "won't",
]);

/** Adverbs that may sit between 'we' and its verb ('we also need'). */
const ADVERBS = new Set([
  'also',
  'just',
  'really',
  'still',
  'probably',
  'all',
  'both',
  'actually',
  'only',
  'already',
  'then',
  'definitely',
  'certainly',
  'maybe',
  'perhaps',
  'never',
  'always',
  'now',
]);

/** Present plural → singular for 'the group' ('we are' → 'the group is'). */
const SINGULAR: Record<string, string> = {
  are: 'is',
  were: 'was',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "weren't": "wasn't",
  go: 'goes',
};

/** Irregular past forms, already right after any subject. */
const PAST = new Set(
  'had did got went made came said thought saw took gave found knew told put set felt kept left met ran brought bought built chose drew'.split(
    ' ',
  ),
);

/** Present verbs that end in '-ed' like a past form. */
const ED_PRESENT = new Set(
  'need feed speed proceed succeed exceed bleed breed embed shed'.split(' '),
);

/** The third person singular of a present verb ('need' → 'needs', 'try' → 'tries'). */
function inflect(verb: string): string {
  const lower = verb.toLowerCase();
  if (SINGULAR[lower]) return SINGULAR[lower];
  if (MODALS.has(lower) || PAST.has(lower) || (/ed$/.test(lower) && !ED_PRESENT.has(lower))) {
    return verb;
  }
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

/** 'we …' → 'the group …' with the verb made to agree; null when 'we' is not followed by a verb
 * ('We the project is…', a restart). */
function groupSubject(clause: string): string | null {
  let broken = false;
  const out = clause
    .replace(/\bwe['’]re\b/gi, 'the group is')
    .replace(/\bwe['’]ve\b/gi, 'the group has')
    .replace(/\bwe['’]ll\b/gi, 'the group will')
    .replace(/\bwe['’]d\b/gi, 'the group would')
    // 'we' as a word: not the start of 'were' or 'weekend'.
    .replace(/\bwe\b(?:\s+([\w'’]+))?(?:\s+([\w'’]+))?/gi, (_m, w1?: string, w2?: string) => {
      if (!w1) return 'the group';
      // An adverb ('also', 'currently') sits between 'we' and its verb.
      const adverb = ADVERBS.has(w1.toLowerCase()) || /^\w{3,}ly$/i.test(w1);
      const verb = adverb && w2 ? w2 : w1;
      const lower = verb.toLowerCase();
      if (STOPWORDS.has(lower) && !SINGULAR[lower] && !MODALS.has(lower)) broken = true;
      if (verb === w2) return `the group ${w1} ${inflect(w2)}`;
      return `the group ${inflect(w1)}${w2 ? ` ${w2}` : ''}`;
    });
  return broken ? null : out;
}

/** First person singular → singular 'they', agreeing ('I was' → 'they were'). */
function speakerSubject(clause: string): string {
  return clause
    .replace(/\bI['’]m\b/g, "they're")
    .replace(/\bI am\b/g, 'they are')
    .replace(/\bI was\b/g, 'they were')
    .replace(/\bI wasn['’]t\b/g, "they weren't")
    .replace(/\bI['’](ve|ll|d)\b/g, "they'$1")
    .replace(/\bI\b(?![_'’])/g, 'they')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bmine\b/gi, 'theirs')
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bme\b/gi, 'them');
}

/**
 * The sentence as reported speech, or null when it cannot be turned without ambiguity (then the
 * caller shows it as a quote). The text should already be readable (openers dropped, ended).
 * @param text one cleaned sentence ('Our aim is to produce a remote control.')
 * @param speaker its speaker label ('Project Manager')
 * @param keepsCapital whether a word keeps its capital mid-sentence (a name, 'Stripe'); by default
 *   only 'I' and words that are not stopwords do
 * @returns e.g. 'The Project Manager said the aim is to produce a remote control.'
 */
export function reportedSpeech(
  text: string,
  speaker: string,
  keepsCapital: (word: string) => boolean = (w) => !STOPWORDS.has(w.toLowerCase()),
): string | null {
  let clause = text.trim().replace(/[.!]+$/, '');
  if (!clause || /[?"“”]/.test(clause)) return null;
  const firstSingular = /\b(?:I|me|my|mine|myself)\b(?![_'’]\w*_)/.test(clause);
  if (firstSingular && /\b(?:they|them|their|theirs|themselves)\b/i.test(clause)) return null;

  let verb = /\b(?:should|could|might|maybe|perhaps|how about|what about)\b/i.test(clause)
    ? 'suggested'
    : 'said';
  const frame = /^I (?:think|believe|reckon|feel)(?: that)?,?\s+/i.exec(clause);
  const wonder = /^I (?:wonder|was wondering) (?:if|whether)\s+/i.exec(clause);
  if (frame) {
    clause = clause.slice(frame[0].length);
    if (verb === 'said') verb = 'thought';
  } else if (wonder) {
    clause = clause.slice(wonder[0].length);
    verb = 'wondered whether';
  } else {
    clause = clause.replace(/^I (?:guess|suppose|mean|would say|['’]d say)(?: that)?,?\s+/i, '');
  }
  if (/^let['’]s\s/i.test(clause)) {
    clause = clause.replace(/^let['’]s\s/i, 'the group should ');
    verb = 'suggested';
  }
  clause = clause
    .replace(/\blet['’]s\b/gi, 'the group should')
    .replace(/\bour own\b/gi, 'their own')
    .replace(/\bours\b/gi, "the group's")
    .replace(/\bourselves\b/gi, 'themselves')
    .replace(/\bour\b/gi, 'the')
    .replace(/\bus\b/gi, 'the group');
  const grouped = groupSubject(clause);
  if (grouped === null) return null;
  clause = speakerSubject(grouped);
  const first = /^[\p{L}'’]+/u.exec(clause)?.[0] ?? '';
  if (first && !/^[\p{Lu}\d_]+$/u.test(first) && !keepsCapital(first)) {
    clause = clause.charAt(0).toLowerCase() + clause.slice(1);
  }
  // 'said if it's similar…' reads as a question: 'said that if it's similar…'.
  if (/^(?:if|when|once|since|as long as|although|unless|in that)\b/i.test(clause)) {
    verb = `${verb} that`;
  }
  const who = speakerName(speaker, true);
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb} ${clause}.`;
}
