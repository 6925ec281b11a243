/**
 * The editor's schema for My notes: paragraphs, headings, bullet and numbered lists, checklists,
 * quotes, bold, italic and links, plus the block ids. One list for the editor and for the Markdown
 * mapping, so both read and write the same Markdown.
 */
import type { AnyExtension } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { BlockMeta, type NoteStamp } from './block-meta';

/**
 * The extensions of the notes editor. `stamp` gives new blocks their phase and time (see
 * BlockMeta); without it, new blocks are 'after'.
 */
export function noteExtensions(stamp?: () => NoteStamp): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // A link in notes is edited by clicking it, opened with the toolbar's Link or a middle click.
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      underline: false,
      strike: false,
      code: false,
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    stamp ? BlockMeta.configure({ stamp }) : BlockMeta,
  ];
}
