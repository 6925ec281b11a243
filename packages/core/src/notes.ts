/**
 * My notes, and the notes written around them. The person in the meeting writes rough notes
 * ('My notes'); the summary step then takes them as its skeleton: their headings are the
 * sections in order, every note line is kept and expanded from the transcript with citations,
 * lines written before the meeting are reported only when discussed, and the rest goes under
 * 'Also discussed'. Each bullet of the written notes says where it came from (a note line, or
 * none), so whose line it is comes by construction. docs/product.md#my-notes.
 */
import { z } from './zod.ts';

const isoDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

/** At most this many characters of Markdown in one meeting's notes (all blocks together). */
export const NOTES_MAX_CHARS = 100_000;
/** At most this many top-level blocks in one meeting's notes. */
export const NOTES_MAX_BLOCKS = 2_000;
/** The heading of the written notes' section for what the notes do not cover. */
export const ALSO_DISCUSSED = 'Also discussed';

/**
 * When a block was first written: 'before' the recording started (agenda, questions), 'during'
 * the recording, or 'after' it (on the meeting page of a finished or uploaded meeting).
 */
export const NOTE_PHASES = ['before', 'during', 'after'] as const;
export type NotePhase = (typeof NOTE_PHASES)[number];

/** One top-level block of My notes (a paragraph, a heading, a list...), as the editor keeps it. */
export const noteBlockSchema = z.object({
  /** Stable id the editor gives the block (letters, digits, '-' and '_'; 1 to 64). */
  id: z.string().regex(/^[\w-]{1,64}$/),
  phase: z.enum(NOTE_PHASES),
  /** Recording time (ms from Start, pauses left out) when it was first written; null unless 'during'. */
  t: z.number().int().nonnegative().nullable(),
  /** The block as Markdown (a list block holds all its items, one per line). */
  markdown: z.string(),
});
export type NoteBlock = z.infer<typeof noteBlockSchema>;

/**
 * Body of `PUT /api/meetings/:id/notes`: the whole document, replacing the stored one. At most
 * NOTES_MAX_BLOCKS blocks and NOTES_MAX_CHARS characters of Markdown, no NUL; `baseUpdatedAt`
 * is informational (the last save wins: notes have one author).
 */
export const saveNotesSchema = z
  .object({ blocks: z.array(noteBlockSchema).max(NOTES_MAX_BLOCKS) })
  .refine((b) => b.blocks.reduce((n, x) => n + x.markdown.length, 0) <= NOTES_MAX_CHARS, {
    message: `Notes are limited to ${NOTES_MAX_CHARS.toLocaleString('en-US')} characters`,
  })
  .refine((b) => b.blocks.every((x) => !x.markdown.includes('\0')), {
    message: 'Notes must not contain NUL characters',
  });
export type SaveNotesBody = z.infer<typeof saveNotesSchema>;

/** Answer of `GET` and `PUT /api/meetings/:id/notes`: the owner's notes (empty when none). */
export const meetingNotesSchema = z.object({
  blocks: z.array(noteBlockSchema),
  /** The blocks joined as one Markdown document. */
  markdown: z.string(),
  /** When they were last saved; null when never. */
  updatedAt: isoDate.nullable(),
});
export type MeetingNotes = z.infer<typeof meetingNotesSchema>;

/** The blocks as one Markdown document: each block's Markdown, blank lines between. */
export function notesMarkdown(blocks: readonly Pick<NoteBlock, 'markdown'>[]): string {
  return blocks
    .map((b) => b.markdown.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** One line of the notes as the summary step sees it. */
export interface NoteLine {
  /** 'n1', 'n2'... in document order; what the written notes refer to. */
  ref: string;
  /** A heading (a section of the written notes), a checkbox line, or any other line. */
  kind: 'heading' | 'task' | 'line';
  /** The line's words, Markdown markers of headings, lists and checkboxes removed. */
  text: string;
  /** For a checkbox line: whether it is ticked. */
  checked: boolean;
  /** The phase of the block it is in. */
  phase: NotePhase;
  /** Recording time (ms) of its block; null unless 'during'. */
  t: number | null;
  /** The ref of the heading above it; null before the first heading (and for headings). */
  section: string | null;
}

const HEADING = /^#{1,6}(?:\s+(.*))?$/;
const TASK = /^(?:[-*+]|\d+[.)])\s+\[([ xX])\]\s+(.*)$/;
const ITEM = /^(?:[-*+]|\d+[.)])\s+(.*)$/;
const QUOTE = /^>\s?/;

/**
 * The notes as lines: each non-blank line of each block is a heading, a checkbox line or a line
 * (list items and paragraphs alike; nesting is not kept). Code fences and horizontal rules are
 * left out.
 * @returns the lines in document order, refs 'n1'... numbered over them
 */
export function noteLinesOf(blocks: readonly NoteBlock[]): NoteLine[] {
  const lines: NoteLine[] = [];
  let section: string | null = null;
  for (const block of blocks) {
    for (const raw of block.markdown.split('\n')) {
      const line = raw.trim().replace(QUOTE, '');
      if (!line || /^(?:```|~~~|-{3,}|\*{3,}|_{3,})/.test(line)) continue;
      const ref = `n${lines.length + 1}`;
      const at = { phase: block.phase, t: block.t };
      const heading = HEADING.exec(line);
      if (heading) {
        const text = (heading[1] ?? '').trim();
        if (!text) continue;
        lines.push({ ref, kind: 'heading', text, checked: false, ...at, section: null });
        section = ref;
        continue;
      }
      const task = TASK.exec(line);
      if (task) {
        const text = task[2]!.trim();
        const checked = task[1] !== ' ';
        if (text) lines.push({ ref, kind: 'task', text, checked, ...at, section });
        continue;
      }
      const text = (ITEM.exec(line)?.[1] ?? line).trim();
      if (text) lines.push({ ref, kind: 'line', text, checked: false, ...at, section });
    }
  }
  return lines;
}

/** One bullet of the written notes. */
export const writtenBulletSchema = z.object({
  /** Markdown, one line. */
  text: z.string(),
  /** The note line ('n3') this bullet keeps and expands; null when the model (or the extractive notes) added it. */
  noteRef: z.string().nullable(),
  /** Transcript turns it rests on: indexes of `parseTranscript` turns, from 0. */
  citations: z.array(z.number().int().nonnegative()),
  /** False only for a line written before the meeting that the meeting did not discuss. */
  discussed: z.boolean(),
});
export type WrittenBullet = z.infer<typeof writtenBulletSchema>;

/** One section of the written notes. */
export const writtenSectionSchema = z.object({
  /** Null for the lines before the notes' first heading (shown without a heading). */
  heading: z.string().nullable(),
  /** The note heading ('n1') this section is; null for the lead section and 'Also discussed'. */
  noteRef: z.string().nullable(),
  bullets: z.array(writtenBulletSchema),
});
export type WrittenSection = z.infer<typeof writtenSectionSchema>;

/**
 * The notes written around My notes (`meeting.writtenNotes`): the sections in the notes' order,
 * then 'Also discussed'. `origin` says who wrote the additions: a language model, or the
 * extractive notes (no language model, or the model's answer lost a note line twice:
 * `fallbackReason` says what).
 */
export const writtenNotesSchema = z.object({
  sections: z.array(writtenSectionSchema),
  origin: z.enum(['model', 'extractive']),
  /** Why a model's answer was not used (the validator's first problem); null otherwise. */
  fallbackReason: z.string().nullable(),
});
export type WrittenNotes = z.infer<typeof writtenNotesSchema>;

/**
 * What a model answers for the written notes (JSON): `writtenNotesSchema`'s sections. Each
 * section's and bullet's `noteRef` must name a line of {@link noteLinesOf}.
 */
export const writtenNotesAnswerSchema = z.object({ sections: z.array(writtenSectionSchema) });
export type WrittenNotesAnswer = z.infer<typeof writtenNotesAnswerSchema>;

/** What {@link checkWrittenNotes} found. */
export type WrittenNotesCheck =
  { ok: true; sections: WrittenSection[] } | { ok: false; problems: string[] };

function sectionProblems(lines: readonly NoteLine[], answer: WrittenNotesAnswer): string[] {
  const problems: string[] = [];
  const headings = lines.filter((l) => l.kind === 'heading');
  const byRef = new Map(lines.map((l) => [l.ref, l]));
  const order = answer.sections.flatMap((s) => (s.noteRef ? [s.noteRef] : []));
  for (const ref of order) {
    if (byRef.get(ref)?.kind !== 'heading') problems.push(`section ${ref} is not a note heading`);
  }
  for (const h of headings) {
    if (!order.includes(h.ref)) problems.push(`heading ${h.ref} '${h.text}' is missing`);
  }
  const kept = order.filter((r) => headings.some((h) => h.ref === r));
  const expected = headings.map((h) => h.ref).filter((r) => kept.includes(r));
  if (kept.join() !== expected.join()) problems.push('the note headings are out of order');
  return problems;
}

function bulletProblems(lines: readonly NoteLine[], answer: WrittenNotesAnswer): string[] {
  const problems: string[] = [];
  const byRef = new Map(lines.map((l) => [l.ref, l]));
  const used = new Set<string>();
  for (const bullet of answer.sections.flatMap((s) => s.bullets)) {
    if (bullet.noteRef === null) continue;
    const line = byRef.get(bullet.noteRef);
    if (!line || line.kind === 'heading')
      problems.push(`bullet ${bullet.noteRef} is not a note line`);
    else used.add(bullet.noteRef);
  }
  for (const line of lines) {
    if (line.kind !== 'heading' && !used.has(line.ref)) {
      problems.push(`note line ${line.ref} '${line.text}' is missing`);
    }
  }
  return problems;
}

/**
 * Checks a model's written notes against the notes: every note heading is a section, in the
 * notes' order; every note line is kept by a bullet; every `noteRef` names a real line of the
 * right kind. What can be mended is mended: citations past the transcript's `turnCount` turns
 * are dropped, a model's bullet left with no citation is dropped (nothing uncited is added),
 * and model sections that are no note heading are merged into a last 'Also discussed'.
 * @param lines the notes' lines ({@link noteLinesOf})
 * @param turnCount how many turns the transcript has (`parseTranscript(...).length`)
 * @returns the mended sections, or the problems (the caller asks again once, then falls back)
 */
export function checkWrittenNotes(
  lines: readonly NoteLine[],
  answer: WrittenNotesAnswer,
  turnCount: number,
): WrittenNotesCheck {
  const problems = [...sectionProblems(lines, answer), ...bulletProblems(lines, answer)];
  if (problems.length) return { ok: false, problems };
  const mend = (b: WrittenBullet): WrittenBullet | null => {
    const citations = [...new Set(b.citations.filter((c) => c < turnCount))];
    if (b.noteRef === null && citations.length === 0) return null;
    return { ...b, text: b.text.trim(), citations };
  };
  const sections: WrittenSection[] = [];
  const also: WrittenBullet[] = [];
  for (const s of answer.sections) {
    const bullets = s.bullets.map(mend).filter((b): b is WrittenBullet => b !== null);
    const lead = s.heading === null && s.noteRef === null && sections.length === 0;
    if (s.noteRef || lead) sections.push({ ...s, bullets });
    else also.push(...bullets);
  }
  if (also.length) sections.push({ heading: ALSO_DISCUSSED, noteRef: null, bullets: also });
  return { ok: true, sections };
}

/**
 * The written notes as plain Markdown (the meeting's `summary`, which search, the assistant and
 * exports read): each section under `## heading`, each bullet a `- ` line; a line written before
 * the meeting and not discussed ends in '(not discussed)'. Citations are left out.
 */
export function writtenNotesMarkdown(notes: Pick<WrittenNotes, 'sections'>): string {
  const parts: string[] = [];
  for (const s of notes.sections) {
    if (!s.bullets.length && !s.heading) continue;
    const bullets = s.bullets.map((b) => `- ${b.text}${b.discussed ? '' : ' (not discussed)'}`);
    parts.push([...(s.heading ? [`## ${s.heading}`, ''] : []), ...bullets].join('\n'));
  }
  return parts.join('\n\n');
}

/** A checkbox line of the notes as an action item: its words, its owner when named, done or not. */
export interface NoteTask {
  title: string;
  /** The person named as owner ('@Ann', or a known name first: 'Ann: send the deck'); else null. */
  assignedTo: string | null;
  completed: boolean;
  /** The note line's ref. */
  ref: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The owner a checkbox line names: '@Name' (a known person's name, or the word after '@'), or a
 * known name that starts the line ('Ann to send', 'Ann: send', 'Ann - send'). Known names are
 * matched whole and case-insensitively; the longest first.
 */
export function taskOwner(text: string, people: readonly string[]): string | null {
  const known = [...new Set(people.map((p) => p.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  for (const name of known) {
    const at = new RegExp(`(?:^|\\s)@${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'iu');
    const lead = new RegExp(`^${escapeRe(name)}(?:\\s*[:,-]|\\s+(?:to|will|should)\\b)`, 'iu');
    if (at.test(text) || lead.test(text)) return name;
  }
  const mention = /(?:^|\s)@(\p{Lu}[\p{L}'’-]*)/u.exec(text);
  return mention ? mention[1]! : null;
}

/**
 * The notes' checkbox lines as action items, their owners from `people` (speaker names,
 * attendees) by {@link taskOwner}. Formatting marks are removed from the title.
 */
export function noteTasksOf(lines: readonly NoteLine[], people: readonly string[]): NoteTask[] {
  return lines
    .filter((l) => l.kind === 'task')
    .map((l) => ({
      title: l.text.replace(/(\*\*|__|~~|`)/g, '').replace(/(^|\s)[*_](\S)/g, '$1$2'),
      assignedTo: taskOwner(l.text, people),
      completed: l.checked,
      ref: l.ref,
    }));
}
