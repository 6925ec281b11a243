/**
 * Summy's prompts for the text steps. Each system prompt names its task ('meeting title',
 * 'summary', 'action items', 'speaker names', the notes task); the JSON answers are described in words as well as
 * by schema, because OpenAI-compatible servers may only offer a JSON mode without schemas.
 */
import {
  ALSO_DISCUSSED,
  DEFAULT_SUMMARY_TEMPLATE,
  isSummaryTemplateId,
  summaryTemplateOf,
  parseTranscript,
  TITLE_MAX,
  type NoteLine,
} from '@summy/core';
import type { NotesInput } from '../types.ts';

/**
 * The layout instruction of a summary template: its sections (from @summy/core, shared with the
 * offline summariser and the web app's selects) as level-2 headings in order. An unknown template
 * name (an older setting, or the text worker endpoint's free `template`) gets the general layout
 * with the name as a hint of the kind of meeting.
 */
export function templateLayout(template: string): string {
  const known = isSummaryTemplateId(template);
  const sections = summaryTemplateOf(template)
    .sections.map((s) => `"## ${s.heading}" (${s.instruction})`)
    .join(', ');
  const layout = `Use exactly these sections, as level-2 markdown headings, in this order: ${sections}.`;
  return known ? layout : `${layout} Adapt the content to a "${template}" meeting.`;
}

/** The concise title prompt. */
export function titlePrompt(transcript: string) {
  return {
    system: `You write meeting titles. Write a concise, specific title for the meeting transcript you are given: at most ${TITLE_MAX} characters, no quotes, no trailing period, no markdown. Answer with the title only.`,
    prompt: `Transcript:\n\n${transcript}`,
  };
}

/** The summary-with-topics prompt. */
export function summaryPrompt(input: {
  transcript: string;
  meetingTitle: string;
  template: string;
}) {
  const layout = templateLayout(input.template || DEFAULT_SUMMARY_TEMPLATE);
  return {
    system: [
      'You write the summary of a meeting from its transcript, in markdown, for the people who attended.',
      layout,
      'Be factual: state only what the transcript says; name people as the transcript labels them. Write in the language of the transcript.',
      'Also list the main topics of the meeting (two to eight), each with a confidence between 0 and 1 that it was a main topic.',
      'Answer with a JSON object only: {"summary": "<the markdown summary>", "topics": [{"topic": "<short topic>", "confidence": <0..1>}]}.',
    ].join('\n'),
    prompt: `Meeting title: ${input.meetingTitle || '(none)'}\n\nTranscript:\n\n${input.transcript}`,
  };
}

/** The action-item prompt for one transcript chunk. */
export function actionItemsPrompt(transcript: string) {
  return {
    system: [
      'You extract action items from a meeting transcript (or a part of one).',
      'An action item is a concrete task that someone committed to or was asked to do. Ignore ideas, opinions and tasks that were already done.',
      'For each: "title" (imperative, at most 80 characters), "description" (context and any deadline, or ""), "assignedTo" (the speaker label or name exactly as written in the transcript, or null when nobody is evident), "confidence" (0 to 1, how clearly it was agreed).',
      'Answer with a JSON object only: {"actionItems": [{"title": "...", "description": "...", "assignedTo": "..." or null, "confidence": 0.8}]}; use an empty list when there are none.',
    ].join('\n'),
    prompt: `Transcript:\n\n${transcript}`,
  };
}

/**
 * The follow-up prompt: which open action items of earlier meetings this transcript says are done.
 * Items are numbered from 1 so the answer cannot invent ids; the evidence must be quoted.
 */
export function doneItemsPrompt(
  transcript: string,
  items: readonly { title: string; assignedTo: string | null }[],
) {
  const list = items
    .map(
      (item, i) =>
        `${i + 1}. ${item.title}${item.assignedTo ? ` (owner: ${item.assignedTo})` : ''}`,
    )
    .join('\n');
  return {
    system: [
      'You follow up on open action items from earlier meetings of a series, using the transcript of the latest meeting.',
      'An item is done only when the transcript clearly says it was completed (for example "I sent the deck on Monday"). Plans, promises, questions and partial progress are not done. When in doubt, leave the item out.',
      'For each done item give "item" (its number) and "evidence" (the sentence from the transcript that says so, quoted exactly as written).',
      'Answer with a JSON object only: {"done": [{"item": 1, "evidence": "..."}]}; use an empty list when none is done.',
    ].join('\n'),
    prompt: `Open items:\n${list}\n\nTranscript:\n\n${transcript}`,
  };
}

/** The speaker-naming prompt: which generic label is which named person. */
export function speakerNamesPrompt(transcript: string, labels: string[]) {
  return {
    system: [
      'You identify the speakers of a meeting transcript. Its paragraphs start with generic speaker labels such as "Speaker 1:".',
      'For each label, give the real name of that speaker only when the conversation makes it evident (they introduce themselves, or others address them by name and they answer). Otherwise give null. Never guess.',
      'Answer with a JSON object only: {"speakers": [{"label": "Speaker 1", "name": "Alice" or null}]}.',
    ].join('\n'),
    prompt: `Labels: ${labels.join(', ')}\n\nTranscript:\n\n${transcript}`,
  };
}

/** The words of the notes task's system prompt by which it is known (fakes, tests). */
export const NOTES_TASK = 'You write the notes of a meeting around the notes its attendee took';

/**
 * A note line as the prompt shows it: its ref, what kind it is, its words; a line written before
 * the meeting (listed apart) says which heading it is under.
 */
function noteLineText(line: NoteLine): string {
  if (line.kind === 'heading') return `[${line.ref}] ## ${line.text} (required section)`;
  const under = line.phase === 'before' && line.section ? ` (under [${line.section}])` : '';
  if (line.kind === 'task') {
    return `[${line.ref}] - [${line.checked ? 'x' : ' '}] ${line.text}${under}`;
  }
  return `[${line.ref}] - ${line.text}${under}`;
}

/**
 * The prompt of the notes written around My notes: '# My notes' (the lines written during or
 * after the meeting, and the headings, in order, each with its ref; headings marked as required
 * sections), '# Before the meeting' (agenda and questions written before it, apart: reported only
 * when discussed), '# Transcript' (turns numbered `[i] Speaker: text` by core `parseTranscript`,
 * for the citations). With `problems` (the validator's words on a first answer) the prompt asks
 * again, listing them.
 */
export function writtenNotesPrompt(input: NotesInput, problems: readonly string[] = []) {
  const headings = input.lines.filter((l) => l.kind === 'heading');
  const before = input.lines.filter((l) => l.phase === 'before' && l.kind !== 'heading');
  const mine = input.lines.filter((l) => l.phase !== 'before' || l.kind === 'heading');
  const turns = parseTranscript(input.transcript).map(
    (t) => `[${t.index}] ${t.speaker}: ${t.text}`,
  );
  const order = headings.map((h) => `${h.ref} "${h.text}"`).join(', ');
  const system = [
    `${NOTES_TASK} ("My notes"), from the transcript, for the people who attended.`,
    'Keep every note line in meaning (its words may be tidied, never dropped) and expand it with what the transcript says about it. Every bullet cites the transcript turns it rests on by their numbers. State only what the transcript says: nothing invented.',
    headings.length
      ? `The note headings are the required sections, in this order: ${order}. Each section has "heading" (the note heading's words) and "noteRef" (its ref); the note lines under a heading go in its section.`
      : 'The notes have no headings: put the note lines in one section with "heading": null and "noteRef": null.',
    'Note lines before the first heading go in a first section with "heading": null and "noteRef": null.',
    'Each note line is one bullet with its "noteRef" (e.g. "n3") and "discussed": true. Lines of "Before the meeting" (agenda, questions) are bullets too: report what the transcript says when they were discussed; when they were not, keep the line with "discussed": false and no citations.',
    `What the transcript covers that the notes do not goes in a last section "${ALSO_DISCUSSED}" ("noteRef": null), each bullet with "noteRef": null and at least one citation. A bullet you add under a note heading also has "noteRef": null.`,
    'Write in the language of the transcript. Name people as the transcript labels them.',
    'Answer with a JSON object only: {"sections": [{"heading": "..." or null, "noteRef": "n1" or null, "bullets": [{"text": "<one line of markdown>", "noteRef": "n2" or null, "citations": [0, 3], "discussed": true}]}]}.',
  ].join('\n');
  const parts = [
    `Meeting title: ${input.meetingTitle || '(none)'}`,
    `# My notes\n\n${mine.map(noteLineText).join('\n') || '(none)'}`,
    ...(before.length ? [`# Before the meeting\n\n${before.map(noteLineText).join('\n')}`] : []),
    `# Transcript\n\n${turns.join('\n\n')}`,
  ];
  if (problems.length) {
    parts.push(
      `# Problems of your previous answer\n\nYour previous answer had these problems; answer again without them:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
  }
  return { system, prompt: parts.join('\n\n') };
}
