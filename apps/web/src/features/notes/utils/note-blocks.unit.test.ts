/**
 * My notes between Markdown blocks and the editor's document: what the server stores must come
 * back unchanged (ids, phases, times, headings, checkboxes, bold, italic, links), and a document's
 * new blocks take the current phase.
 */
import type { NoteBlock } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { blocksToDoc, docToBlocks } from './note-blocks';

const blocks: NoteBlock[] = [
  { id: 'agenda', phase: 'before', t: null, markdown: '# Agenda' },
  { id: 'b-1', phase: 'before', t: null, markdown: '- Budget **2027**\n- Hiring *plan*' },
  {
    id: 'tasks_2',
    phase: 'during',
    t: 61_500,
    markdown: '- [ ] Ann sends the deck\n- [x] Book the room',
  },
  { id: 'p3', phase: 'after', t: null, markdown: 'See [the doc](https://example.com/doc)' },
  { id: 'n4', phase: 'during', t: 0, markdown: '1. first\n2. second' },
];

describe('My notes blocks and the editor document', () => {
  it('round-trips Markdown, ids, phases and times', () => {
    const doc = blocksToDoc(blocks);
    expect(doc.content?.map((n) => n.type)).toEqual([
      'heading',
      'bulletList',
      'taskList',
      'paragraph',
      'orderedList',
    ]);
    expect(docToBlocks(doc, { phase: 'after', t: null })).toEqual(blocks);
  });

  it('reads a ticked checkbox as checked and a heading level', () => {
    const doc = blocksToDoc(blocks);
    expect(doc.content?.[0]?.attrs?.level).toBe(1);
    const items = doc.content?.[2]?.content ?? [];
    expect(items.map((item) => item.attrs?.checked)).toEqual([false, true]);
  });

  it('stamps new blocks with the current phase and time, and drops empty ones', () => {
    const doc = blocksToDoc(blocks.slice(0, 1));
    doc.content?.push(
      { type: 'paragraph' },
      { type: 'paragraph', content: [{ type: 'text', text: 'New idea' }] },
    );
    const out = docToBlocks(doc, { phase: 'during', t: 12_345 });
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual(blocks[0]);
    expect(out[1]).toMatchObject({ phase: 'during', t: 12_345, markdown: 'New idea' });
    expect(out[1]!.id).toMatch(/^[\w-]{1,64}$/);
  });

  it('gives a repeated id (a pasted copy) a new id', () => {
    const doc = blocksToDoc([blocks[0]!, { ...blocks[0]!, markdown: '# Again' }]);
    const [first, second] = docToBlocks(doc, { phase: 'after', t: null });
    expect(first!.id).toBe('agenda');
    expect(second!.id).not.toBe('agenda');
    expect(second!.markdown).toBe('# Again');
  });

  it('splits a block holding several nodes, keeping its id on the first', () => {
    const doc = blocksToDoc([{ id: 'x', phase: 'before', t: null, markdown: '## A\n\ntext' }]);
    const out = docToBlocks(doc, { phase: 'after', t: null });
    expect(out.map((b) => [b.markdown, b.phase])).toEqual([
      ['## A', 'before'],
      ['text', 'before'],
    ]);
    expect(out[0]!.id).toBe('x');
  });
});
