/**
 * The editor extension that gives every top-level block of My notes a stable id and the moment it
 * was first written (phase, and recording time while recording). The server keeps one NoteBlock per
 * top-level node, and the written notes refer to lines by the block they sit in, so an id must
 * survive edits, reloads and reordering; a block split off by Enter or pasted is a new block.
 */
import type { NotePhase } from '@summy/core';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';

/** The node types that can be top-level blocks of My notes (the document's direct children). */
export const TOP_LEVEL_TYPES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'taskList',
  'blockquote',
  'codeBlock',
  'horizontalRule',
] as const;

/** When a new block is being written: its phase, and recording ms (null unless 'during'). */
export interface NoteStamp {
  phase: NotePhase;
  t: number | null;
}

/** Options of {@link BlockMeta}. */
export interface BlockMetaOptions {
  /** Read at each new block: the phase and recording time to give it. */
  stamp: () => NoteStamp;
}

/**
 * A new block id: 16 hex digits from `crypto.getRandomValues`, which (unlike `randomUUID`) also
 * exists on a self-hosted server reached over plain http.
 */
export function newBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Top-level `id`, `phase` and `t` attributes (not rendered to the DOM), filled for any top-level
 * block without an id or with an id an earlier block already has, after each changing transaction.
 */
export const BlockMeta = Extension.create<BlockMetaOptions>({
  name: 'blockMeta',

  addOptions() {
    return { stamp: () => ({ phase: 'after', t: null }) };
  },

  addGlobalAttributes() {
    const attribute = { default: null, rendered: false, keepOnSplit: false };
    return [
      {
        types: [...TOP_LEVEL_TYPES],
        attributes: { id: attribute, phase: attribute, t: attribute },
      },
    ];
  },

  addProseMirrorPlugins() {
    const { stamp } = this.options;
    return [
      new Plugin({
        key: new PluginKey('blockMeta'),
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const seen = new Set<string>();
          let tr: Transaction | null = null;
          state.doc.forEach((node, offset) => {
            const id = node.attrs.id as string | null | undefined;
            if (id === undefined) return;
            if (id && !seen.has(id)) {
              seen.add(id);
              return;
            }
            // An empty paragraph is the editor's resting state, not yet something written.
            if (node.type.name === 'paragraph' && node.content.size === 0) return;
            const fresh = newBlockId();
            seen.add(fresh);
            const at = stamp();
            tr ??= state.tr;
            tr.setNodeMarkup(offset, undefined, {
              ...node.attrs,
              id: fresh,
              phase: at.phase,
              t: at.phase === 'during' ? at.t : null,
            });
          });
          return tr;
        },
      }),
    ];
  },
});
