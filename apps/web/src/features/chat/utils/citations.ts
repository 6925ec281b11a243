/**
 * Citations of the assistant's answers: the `[n]` markers in the text turned into links to the
 * cited place, the label each citation is listed with, and saved citations read back (citations
 * (text, section)).
 */
import {
  CHAT_SECTION_LABELS,
  CHAT_SECTIONS,
  citationHref,
  formatPlaybackTime,
  LIVE_DRAFT_LABEL,
  type ChatCitation,
  type ChatMessage,
  type ChatSection,
} from '@summy/core';

/**
 * Where a citation comes from, as listed under an answer: 'Transcript · Speaker 2 · 01:23' (speaker
 * and time when known), 'Summary', 'Action item' or 'To-do'; a segment of the live draft of a
 * meeting still recording: 'Live (draft) · Call · 00:42'.
 */
export function citationLabel(
  citation: Pick<ChatCitation, 'section' | 'speaker' | 'start' | 'live'>,
): string {
  const section = CHAT_SECTION_LABELS[citation.section] ?? 'Source';
  const parts = [citation.live ? LIVE_DRAFT_LABEL : section];
  if (citation.section === 'transcript') {
    if (citation.speaker?.trim()) parts.push(citation.speaker.trim());
    if (citation.start != null && Number.isFinite(citation.start)) {
      parts.push(formatPlaybackTime(citation.start));
    }
  }
  return parts.join(' · ');
}

// Fenced code blocks and inline code spans: markers inside them are code, not citations.
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;
// '[1]', '[1, 3]', not a link's text ('[1](...)') nor a definition ('[1]: ...'), nor escaped.
const MARKER = /(?<!\\)\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:])/g;

/**
 * The answer's markdown with each `[n]` marker whose citation is known turned into a link
 * `[\[n\]](href "label")` to the cited place ({@link citationHref}); markers of unknown citations,
 * and anything inside code, stay as they are. `[1, 2]` becomes two links.
 */
export function linkCitationMarkers(markdown: string, citations: readonly ChatCitation[]): string {
  if (citations.length === 0) return markdown;
  const byRef = new Map(citations.map((c) => [c.ref, c]));
  return markdown
    .split(CODE)
    .map((part, index) =>
      // Odd parts are the code the split kept.
      index % 2 === 1
        ? part
        : part.replace(MARKER, (whole, list: string) => {
            const refs = list.split(',').map((n) => Number(n.trim()));
            if (!refs.every((ref) => byRef.has(ref))) return whole;
            return refs
              .map((ref) => {
                const citation = byRef.get(ref)!;
                const title = citationLabel(citation).replace(/"/g, "'");
                return `[\\[${ref}\\]](${citationHref(citation)} "${title}")`;
              })
              .join('');
          }),
    )
    .join('');
}

/** The refs the answer's text mentions so far, in order of first mention. */
export function mentionedRefs(markdown: string): number[] {
  const refs: number[] = [];
  for (const match of markdown.replace(CODE, '').matchAll(MARKER)) {
    for (const n of match[1]!.split(',')) {
      const ref = Number(n.trim());
      if (!refs.includes(ref)) refs.push(ref);
    }
  }
  return refs;
}

/**
 * Citations as saved with a message, read back for the panel. Saved ones may lack the fields
 * beyond the stored shape (text, section, meeting, speaker, start): the `ref` then defaults to the
 * position (1, 2, ...) and the link to the cited section without a turn.
 */
export function readSavedCitations(saved: ChatMessage['citations']): ChatCitation[] {
  return saved.map((raw, index) => {
    const extra = raw as typeof raw & Partial<ChatCitation>;
    const section = (CHAT_SECTIONS as readonly string[]).includes(raw.section)
      ? (raw.section as ChatSection)
      : 'summary';
    return {
      ...raw,
      section,
      ref: typeof extra.ref === 'number' && extra.ref > 0 ? extra.ref : index + 1,
      meetingTitle: extra.meetingTitle ?? null,
      turnIndex: typeof extra.turnIndex === 'number' ? extra.turnIndex : null,
    };
  });
}
