/**
 * The fake vendors' answer to Summy's notes task (the notes written around My notes), built from
 * the prompt so that it passes Summy's validator. What it answers, which tests and e2e specs may
 * rely on:
 * - one section per note heading ('[n1] ## Budget (required section)'), in order, with the
 *   heading's words and ref; lines before the first heading in a first section without heading;
 * - each note line one bullet with its ref, discussed, its text kept and expanded:
 *   '<line>. From the meeting: "<first 12 words of the turn>"', citing the turn that shares the most
 *   words of 4+ letters with it (the first turn when none does);
 * - a line of '# Before the meeting' none of whose words of 4+ letters is in the transcript:
 *   its text alone, `discussed: false`, no citations;
 * - in each section one model bullet (noteRef null), '<Speaker> said: "<first words>"', citing
 *   the turn it quotes (the one closest to the heading's words; the first turn in the lead);
 * - a last section 'Also discussed' with one model bullet quoting and citing the last turn.
 */
import type { FakeLlmRequest } from './server.ts';

/** The words of Summy's notes task prompt that mark it. */
export const NOTES_TASK_PHRASE = 'around the notes its attendee took';

/** The words the expansion of a kept note line starts with. */
export const FAKE_NOTE_EXPANSION = 'From the meeting:';

interface Line {
  ref: string;
  heading: boolean;
  text: string;
  under: string | null;
  before: boolean;
}

interface Turn {
  index: number;
  speaker: string;
  text: string;
}

const part = (prompt: string, name: string) =>
  new RegExp(`^# ${name}\\n\\n([\\s\\S]*?)(?=\\n# |(?![\\s\\S]))`, 'm').exec(prompt)?.[1] ?? '';

function linesOf(text: string, before: boolean): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const m = /^\[(n\d+)\] (## |- (?:\[[ x]\] )?)(.*?)(?: \(under \[(n\d+)\]\))?$/.exec(raw.trim());
    if (!m) continue;
    const heading = m[2] === '## ';
    const words = heading ? m[3]!.replace(/ \(required section\)$/, '') : m[3]!;
    out.push({ ref: m[1]!, heading, text: words, under: m[4] ?? null, before });
  }
  return out;
}

function turnsOf(prompt: string): Turn[] {
  return [...part(prompt, 'Transcript').matchAll(/^\[(\d+)\] ([^:\n]+): (.*)$/gm)].map((m) => ({
    index: Number(m[1]),
    speaker: m[2]!,
    text: m[3]!,
  }));
}

const longWords = (text: string) =>
  (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/s$/, ''));

/** The turn sharing the most long words with `text`, and how many it shares. */
function closest(turns: Turn[], text: string): { turn: Turn; shared: number } {
  const wanted = new Set(longWords(text));
  let best = { turn: turns[0]!, shared: 0 };
  for (const turn of turns) {
    const shared = new Set(longWords(turn.text).filter((w) => wanted.has(w))).size;
    if (shared > best.shared) best = { turn, shared };
  }
  return best;
}

/** How many words of a turn the answer quotes (from its start). */
const QUOTED_WORDS = 12;

const quote = (turn: Turn) => turn.text.split(/\s+/).slice(0, QUOTED_WORDS).join(' ');

/** The written notes answer (JSON text) for a notes-task request. */
export function fakeWrittenNotes(req: FakeLlmRequest): string {
  const turns = turnsOf(req.prompt);
  if (turns.length === 0) return JSON.stringify({ sections: [] });
  const mine = linesOf(part(req.prompt, 'My notes'), false);
  const lines = [...mine, ...linesOf(part(req.prompt, 'Before the meeting'), true)];
  const headings = mine.filter((l) => l.heading);
  let current: string | null = null;
  const sectionOf = new Map<string, string | null>();
  for (const l of mine) {
    if (l.heading) current = l.ref;
    else sectionOf.set(l.ref, current);
  }
  for (const l of lines) if (l.before) sectionOf.set(l.ref, l.under);
  const bullet = (l: Line) => {
    const { turn, shared } = closest(turns, l.text);
    if (l.before && shared === 0) {
      return { text: l.text, noteRef: l.ref, citations: [], discussed: false };
    }
    const text = `${l.text.replace(/[.!?]$/, '')}. ${FAKE_NOTE_EXPANSION} "${quote(turn)}"`;
    return { text, noteRef: l.ref, citations: [turn.index], discussed: true };
  };
  const said = (turn: Turn) => ({
    text: `${turn.speaker} said: "${quote(turn)}"`,
    noteRef: null,
    citations: [turn.index],
    discussed: true,
  });
  const section = (heading: Line | null) => {
    const ref = heading?.ref ?? null;
    const own = lines.filter((l) => !l.heading && sectionOf.get(l.ref) === ref).map(bullet);
    const model = said(heading ? closest(turns, heading.text).turn : turns[0]!);
    return { heading: heading?.text ?? null, noteRef: ref, bullets: [...own, model] };
  };
  const lead = lines.some((l) => !l.heading && sectionOf.get(l.ref) === null);
  const sections = [...(lead ? [section(null)] : []), ...headings.map(section)];
  sections.push({ heading: 'Also discussed', noteRef: null, bullets: [said(turns.at(-1)!)] });
  return JSON.stringify({ sections });
}
