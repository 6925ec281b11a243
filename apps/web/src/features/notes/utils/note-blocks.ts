/**
 * My notes between the editor's document and the server's blocks: each top-level node of the
 * document is one NoteBlock whose Markdown is that node alone, keeping the node's id, phase and
 * time. Parsing and printing go through @tiptap/markdown with the editor's own extensions, so no
 * DOM is needed.
 */
import type { NoteBlock } from '@summy/core';
import { resolveExtensions, type JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { newBlockId, type NoteStamp } from './block-meta';
import { noteExtensions } from './note-extensions';

let shared: MarkdownManager | null = null;

/** The Markdown parser and printer for the notes' schema (made once). */
export function notesMarkdownManager(): MarkdownManager {
  shared ??= new MarkdownManager({ extensions: resolveExtensions(noteExtensions()) });
  return shared;
}

/**
 * The editor document of `blocks`. A block whose Markdown parses to several top-level nodes (the
 * server or an import joined them) keeps its id on the first; the others get new ids and the
 * block's phase and time.
 */
export function blocksToDoc(
  blocks: readonly NoteBlock[],
  manager = notesMarkdownManager(),
): JSONContent {
  const content: JSONContent[] = [];
  for (const block of blocks) {
    const nodes = manager.parse(block.markdown).content ?? [];
    nodes.forEach((node, i) => {
      const id = i === 0 ? block.id : newBlockId();
      content.push({ ...node, attrs: { ...node.attrs, id, phase: block.phase, t: block.t } });
    });
  }
  if (content.length === 0) content.push({ type: 'paragraph' });
  return { type: 'doc', content };
}

/**
 * The blocks of an editor document: one per top-level node with text, in order. A node the
 * editor has not yet stamped gets a new id and `stamp` (normally only the first, untouched one).
 */
export function docToBlocks(
  doc: JSONContent,
  stamp: NoteStamp,
  manager = notesMarkdownManager(),
): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  const seen = new Set<string>();
  for (const node of doc.content ?? []) {
    const markdown = manager.serialize({ type: 'doc', content: [node] }).trim();
    if (!markdown) continue;
    const attrs = (node.attrs ?? {}) as Partial<Record<'id' | 'phase' | 't', unknown>>;
    const known = typeof attrs.id === 'string' && !seen.has(attrs.id);
    const id = known ? (attrs.id as string) : newBlockId();
    seen.add(id);
    const phase = known && isPhase(attrs.phase) ? attrs.phase : stamp.phase;
    const t = phase !== 'during' ? null : known && typeof attrs.t === 'number' ? attrs.t : stamp.t;
    blocks.push({ id, phase, t: t === null ? null : Math.max(0, Math.round(t)), markdown });
  }
  return blocks;
}

function isPhase(value: unknown): value is NoteBlock['phase'] {
  return value === 'before' || value === 'during' || value === 'after';
}
