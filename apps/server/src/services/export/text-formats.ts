/**
 * The text export formats of a meeting: Markdown with YAML front matter (Obsidian's properties),
 * a plain-text transcript, SRT and WebVTT subtitles with speaker names, and JSON.
 */
import {
  clock,
  readableDate,
  type ExportedMeeting,
  type ExportedTurn,
} from './exported-meeting.ts';

/** Longest subtitle cue text (characters): two lines of 42, the common broadcast limit. */
export const CUE_MAX_CHARS = 84;

/** A double-quoted YAML scalar (JSON strings are valid YAML 1.2 double-quoted scalars). */
const yamlString = (s: string) => JSON.stringify(s);

/** An Obsidian tag from a topic: lower case, words joined by '-', letters, digits, '_' and '-'. */
export function topicTag(topic: string): string {
  return topic
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\-\s]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * Markdown with YAML front matter: `title`, `date` (ISO 8601), `duration_minutes`, `attendees`,
 * `speakers`, `tags` (from the topics) and `source` (the link back); then the summary, My notes
 * (their headings moved under the section's), the action items as a task list, and the transcript
 * with times.
 */
export function toMarkdown(m: ExportedMeeting): string {
  const list = (key: string, values: string[]) =>
    values.length
      ? `${key}:\n${values.map((v) => `  - ${yamlString(v)}`).join('\n')}`
      : `${key}: []`;
  const tags = [...new Set(m.topics.map(topicTag).filter(Boolean))];
  const front = [
    '---',
    `title: ${yamlString(m.title)}`,
    `date: ${m.date}`,
    `duration_minutes: ${Math.round(m.durationMinutes * 10) / 10}`,
    list('attendees', m.attendees),
    list('speakers', m.speakers),
    list('tags', tags),
    `source: ${yamlString(m.url)}`,
    '---',
  ].join('\n');
  const parts = [
    front,
    '',
    `# ${m.title}`,
    '',
    `${readableDate(m.date)} · [Open in Summy](${m.url})`,
  ];
  if (m.summary?.trim()) parts.push('', '## Summary', '', m.summary.trim());
  if (m.notes) parts.push('', '## My notes', '', nestHeadings(m.notes.markdown, 2));
  if (m.actionItems.length) {
    parts.push(
      '',
      '## Action items',
      '',
      ...m.actionItems.map(
        (a) => `- [${a.completed ? 'x' : ' '}] ${a.title}${a.owner ? ` (${a.owner})` : ''}`,
      ),
    );
  }
  if (m.turns.length) {
    parts.push('', '## Transcript', '');
    for (const t of m.turns) parts.push(`**${t.speaker}** (${clock(t.start)}): ${t.text}`, '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/** Markdown with every heading `levels` deeper (at most `######`), to sit under a section. */
export function nestHeadings(markdown: string, levels: number): string {
  return markdown.replace(
    /^(\s*)(#{1,6})(?=\s)/gm,
    (_, indent: string, marks: string) => indent + '#'.repeat(Math.min(6, marks.length + levels)),
  );
}

/** The transcript as plain text: a header, then `[m:ss] Name: text` per turn. */
export function toPlainText(m: ExportedMeeting): string {
  const lines = [m.title, readableDate(m.date), ''];
  for (const t of m.turns) lines.push(`[${clock(t.start)}] ${t.speaker}: ${t.text}`, '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** One subtitle cue: times (s), the speaker and a piece of their words. */
export interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/**
 * Subtitle cues: each turn cut at word boundaries into pieces of at most {@link CUE_MAX_CHARS}
 * characters, the turn's time shared between them by length. A cue lasts at least 0.5 s (and
 * never past the next turn's start).
 */
export function toCues(turns: ExportedTurn[]): Cue[] {
  const cues: Cue[] = [];
  for (const turn of turns) {
    const pieces: string[] = [];
    let piece = '';
    for (const word of turn.text.split(/\s+/).filter(Boolean)) {
      if (piece && piece.length + 1 + word.length > CUE_MAX_CHARS) {
        pieces.push(piece);
        piece = word;
      } else piece = piece ? `${piece} ${word}` : word;
    }
    if (piece) pieces.push(piece);
    const total = pieces.reduce((n, p) => n + p.length, 0) || 1;
    const span = Math.max(0.5, turn.end - turn.start);
    let at = turn.start;
    for (const p of pieces) {
      const length = (span * p.length) / total;
      cues.push({ start: at, end: at + Math.max(0.5, length), speaker: turn.speaker, text: p });
      at += length;
    }
  }
  for (let i = 0; i + 1 < cues.length; i++) {
    cues[i]!.end = Math.max(cues[i]!.start + 0.001, Math.min(cues[i]!.end, cues[i + 1]!.start));
  }
  return cues;
}

/** `HH:MM:SS{sep}mmm` of a time in seconds. */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip subtitles: numbered cues, `HH:MM:SS,mmm` times, 'Name: words'. */
export function toSrt(m: ExportedMeeting): string {
  return toCues(m.turns)
    .map(
      (c, i) =>
        `${i + 1}\n${timestamp(c.start, ',')} --> ${timestamp(c.end, ',')}\n${c.speaker}: ${c.text}\n`,
    )
    .join('\n');
}

/** WebVTT text needs `&`, `<` and `>` escaped; a voice name also ends at `>`. */
const vttEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT subtitles: the speaker as a voice span, `<v Name>words` (W3C WebVTT, voice spans). */
export function toVtt(m: ExportedMeeting): string {
  const cues = toCues(m.turns).map(
    (c) =>
      `${timestamp(c.start, '.')} --> ${timestamp(c.end, '.')}\n<v ${vttEscape(c.speaker)}>${vttEscape(c.text)}\n`,
  );
  return ['WEBVTT', '', ...cues.flatMap((c) => [c])].join('\n');
}

/** The export as JSON: every field of {@link ExportedMeeting}, `format` and `version` first. */
export function toJson(m: ExportedMeeting): string {
  return `${JSON.stringify({ format: 'summy.meeting', version: 1, ...m }, null, 2)}\n`;
}
