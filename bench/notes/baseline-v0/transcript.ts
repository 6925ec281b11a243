/**
 * The stored transcript format as the text models read and write it: paragraphs separated by blank
 * lines, each starting '[Speaker N]:', 'Speaker N:', 'Unknown:' or a capitalised name and a colon;
 * an unlabelled paragraph keeps the previous speaker (default 'Speaker 1').
 * packages/core/src/transcription.ts writes it as 'Speaker N: text'.
 */

/** One speaker turn of the transcript. */
export interface Paragraph {
  /** The label as written ('Speaker 2', 'Alice', 'Project Manager'). */
  speaker: string;
  /** Whether the paragraph carried its own label (false: inherited from the previous one). */
  labelled: boolean;
  /** The spoken text after the label. */
  text: string;
}

/**
 * A paragraph label: 'Speaker 3', 'Unknown', or one to four capitalised words ('Project
 * Manager', 'Dr. Jane Doe'), optionally in brackets, then a colon.
 */
export const LABEL_PATTERN =
  /^\s*\[?(Speaker\s+\d+|Unknown|[A-Z][\p{L}.'’-]*(?:\s+[A-Z][\p{L}.'’-]*){0,3})\]?:\s*/u;

/** Labels that say nobody's name: 'Speaker N' and 'Unknown'. */
export const GENERIC_LABEL = /^(?:Speaker \d+|Unknown)$/;

/** Splits a stored transcript into speaker paragraphs. */
export function parseTranscript(transcript: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let speaker = 'Speaker 1';
  // A blank line separates paragraphs; a line that starts with a label also starts one, so a
  // transcript written one turn per line reads the same.
  const blocks = transcript.replace(/\r\n?/g, '\n').split(/\n\s*\n|\n(?=\s*\[?[A-Z][^\n:]{0,40}:)/);
  for (const block of blocks) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    const m = LABEL_PATTERN.exec(trimmed);
    if (m) speaker = m[1]!.replace(/\s+/g, ' ');
    const text = (m ? trimmed.slice(m[0].length) : trimmed).replace(/\s+/g, ' ').trim();
    if (!text) continue;
    paragraphs.push({ speaker, labelled: Boolean(m), text });
  }
  return paragraphs;
}

/**
 * Replaces generic labels by names at the start of each line, leaving everything else of the
 * transcript byte for byte as it was.
 * @param names label ('Speaker 1') → name ('Alice')
 */
export function relabelTranscript(transcript: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return transcript;
  return transcript.replace(
    /^([ \t]*)\[?(Speaker[ \t]+\d+|Unknown)\]?:/gm,
    (whole, indent: string, label: string) => {
      const name = names.get(label.replace(/\s+/g, ' '));
      return name ? `${indent}${name}:` : whole;
    },
  );
}
