/**
 * The summary's Markdown as blocks for the DOCX and PDF writers: headings, bullet items and
 * paragraphs, with `**bold**` runs. Summy's summaries use only these (the templates' sections,
 * bullet lists, emphasis); links keep their text.
 */

/** A run of text, bold or not. */
export interface Run {
  text: string;
  bold: boolean;
}

/** A block of the summary. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; runs: Run[] }
  | { kind: 'bullet'; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] };

/** Inline Markdown to runs: `**bold**` (or `__bold__`) kept as bold, links as their text, `*`, `_` and backticks dropped. */
export function inlineRuns(text: string): Run[] {
  const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  const runs: Run[] = [];
  const pattern = /(\*\*|__)(.+?)\1/g;
  let at = 0;
  const strip = (s: string) => s.replace(/(^|[^\w])[*_`]+|[*_`]+(?=[^\w]|$)/g, '$1');
  for (const m of plain.matchAll(pattern)) {
    if (m.index > at) runs.push({ text: strip(plain.slice(at, m.index)), bold: false });
    runs.push({ text: strip(m[2]!), bold: true });
    at = m.index + m[0].length;
  }
  if (at < plain.length) runs.push({ text: strip(plain.slice(at)), bold: false });
  return runs.filter((r) => r.text.length > 0);
}

/** The blocks of a Markdown text; blank lines separate paragraphs, other lines join them. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', runs: inlineRuns(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      const level = Math.min(3, heading[1]!.length) as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, runs: inlineRuns(heading[2]!) });
    } else if (bullet) {
      flush();
      blocks.push({ kind: 'bullet', runs: inlineRuns(bullet[1]!) });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
