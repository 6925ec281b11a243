import { describe, expect, it } from 'vitest';
import {
  ALSO_DISCUSSED,
  checkWrittenNotes,
  noteLinesOf,
  notesMarkdown,
  noteTasksOf,
  saveNotesSchema,
  taskOwner,
  writtenNotesMarkdown,
  type NoteBlock,
  type WrittenNotesAnswer,
} from './notes.ts';

const blocks: NoteBlock[] = [
  { id: 'a', phase: 'before', t: null, markdown: '- Is the **budget** approved?' },
  { id: 'b', phase: 'during', t: 5_000, markdown: '## Budget' },
  { id: 'c', phase: 'during', t: 9_000, markdown: '- marketing at 80%\n- [ ] Ann: send the deck' },
  { id: 'd', phase: 'during', t: 20_000, markdown: '### Launch\n\nmoves to *June*' },
  { id: 'e', phase: 'after', t: null, markdown: '- [x] @Bob books the room' },
];

describe('noteLinesOf', () => {
  it('numbers every line in order, with its kind, phase, time and section', () => {
    const lines = noteLinesOf(blocks);
    expect(lines.map((l) => [l.ref, l.kind, l.text, l.section])).toEqual([
      ['n1', 'line', 'Is the **budget** approved?', null],
      ['n2', 'heading', 'Budget', null],
      ['n3', 'line', 'marketing at 80%', 'n2'],
      ['n4', 'task', 'Ann: send the deck', 'n2'],
      ['n5', 'heading', 'Launch', null],
      ['n6', 'line', 'moves to *June*', 'n5'],
      ['n7', 'task', '@Bob books the room', 'n5'],
    ]);
    expect(lines[0]).toMatchObject({ phase: 'before', t: null });
    expect(lines[3]).toMatchObject({ phase: 'during', t: 9_000, checked: false });
    expect(lines[6]).toMatchObject({ phase: 'after', checked: true });
  });

  it('leaves out blank lines, empty headings, rules and code fences', () => {
    const lines = noteLinesOf([
      { id: 'x', phase: 'after', t: null, markdown: '#  \n\n---\n```\nconst a = 1\n```\n> quoted' },
    ]);
    expect(lines.map((l) => l.text)).toEqual(['const a = 1', 'quoted']);
  });
});

describe('notesMarkdown', () => {
  it('joins the blocks with blank lines and drops empty ones', () => {
    expect(notesMarkdown([{ markdown: '## A ' }, { markdown: '  ' }, { markdown: '- b' }])).toBe(
      '## A\n\n- b',
    );
  });
});

describe('saveNotesSchema', () => {
  it('refuses a NUL, a bad id and too much text in plain words', () => {
    const nul = saveNotesSchema.safeParse({
      blocks: [{ id: 'a', phase: 'after', t: null, markdown: 'a\0b' }],
    });
    expect(nul.error?.issues[0]?.message).toBe('Notes must not contain NUL characters');
    const id = saveNotesSchema.safeParse({
      blocks: [{ id: 'a b', phase: 'after', t: null, markdown: 'x' }],
    });
    expect(id.success).toBe(false);
    const big = saveNotesSchema.safeParse({
      blocks: [{ id: 'a', phase: 'after', t: null, markdown: 'x'.repeat(100_001) }],
    });
    expect(big.error?.issues[0]?.message).toBe('Notes are limited to 100,000 characters');
  });
});

const good = (): WrittenNotesAnswer => ({
  sections: [
    {
      heading: null,
      noteRef: null,
      bullets: [{ text: 'Budget approval', noteRef: 'n1', citations: [2], discussed: true }],
    },
    {
      heading: 'Budget',
      noteRef: 'n2',
      bullets: [
        { text: 'Marketing is at 80%.', noteRef: 'n3', citations: [0, 0, 99], discussed: true },
        { text: 'Ann sends the deck.', noteRef: 'n4', citations: [], discussed: true },
        { text: 'Finance wants a buffer.', noteRef: null, citations: [1], discussed: true },
        { text: 'Something uncited.', noteRef: null, citations: [], discussed: true },
      ],
    },
    {
      heading: 'Launch',
      noteRef: 'n5',
      bullets: [
        { text: 'June', noteRef: 'n6', citations: [3], discussed: true },
        { text: 'Bob books it', noteRef: 'n7', citations: [], discussed: true },
      ],
    },
    {
      heading: 'Extra',
      noteRef: null,
      bullets: [{ text: 'The logo.', noteRef: null, citations: [4], discussed: true }],
    },
  ],
});

describe('checkWrittenNotes', () => {
  const lines = noteLinesOf(blocks);

  it('keeps a complete answer and mends what can be mended', () => {
    const check = checkWrittenNotes(lines, good(), 5);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const budget = check.sections[1]!;
    // Citations past the transcript and repeats dropped; the uncited model bullet dropped.
    expect(budget.bullets.map((b) => [b.text, b.citations])).toEqual([
      ['Marketing is at 80%.', [0]],
      ['Ann sends the deck.', []],
      ['Finance wants a buffer.', [1]],
    ]);
    // A model section that is no note heading goes to a last 'Also discussed'.
    expect(check.sections.map((s) => s.heading)).toEqual([
      null,
      'Budget',
      'Launch',
      ALSO_DISCUSSED,
    ]);
  });

  it('finds a missing heading, a missing line, a bad reference and headings out of order', () => {
    const answer = good();
    answer.sections[2]!.bullets.pop();
    answer.sections[1]!.bullets[0]!.noteRef = 'n42';
    const missing = checkWrittenNotes(lines, answer, 5);
    expect(missing).toEqual({
      ok: false,
      problems: [
        'bullet n42 is not a note line',
        "note line n3 'marketing at 80%' is missing",
        "note line n7 '@Bob books the room' is missing",
      ],
    });

    const swapped = good();
    swapped.sections = [swapped.sections[0]!, swapped.sections[2]!, swapped.sections[1]!];
    expect(checkWrittenNotes(lines, swapped, 5)).toEqual({
      ok: false,
      problems: ['the note headings are out of order'],
    });

    const dropped = good();
    dropped.sections.splice(2, 1);
    const result = checkWrittenNotes(lines, dropped, 5);
    expect(result.ok === false && result.problems[0]).toBe("heading n5 'Launch' is missing");

    const wrongKind = good();
    wrongKind.sections[1]!.noteRef = 'n3';
    const kind = checkWrittenNotes(lines, wrongKind, 5);
    expect(kind.ok === false && kind.problems[0]).toBe('section n3 is not a note heading');
  });
});

describe('writtenNotesMarkdown', () => {
  it('writes headings and bullets, and says which lines were not discussed', () => {
    const md = writtenNotesMarkdown({
      sections: [
        {
          heading: null,
          noteRef: null,
          bullets: [{ text: 'Budget?', noteRef: 'n1', citations: [], discussed: false }],
        },
        {
          heading: 'Budget',
          noteRef: 'n2',
          bullets: [{ text: 'At 80%.', noteRef: 'n3', citations: [1], discussed: true }],
        },
        { heading: null, noteRef: null, bullets: [] },
      ],
    });
    expect(md).toBe('- Budget? (not discussed)\n\n## Budget\n\n- At 80%.');
  });
});

describe('taskOwner and noteTasksOf', () => {
  const people = ['Ann', 'Ann Lee', 'Bob'];

  it('finds an @mention or a known name that starts the line', () => {
    expect(taskOwner('Ann Lee: send the deck', people)).toBe('Ann Lee');
    expect(taskOwner('ann to send the deck', people)).toBe('Ann');
    expect(taskOwner('send the deck @Bob', people)).toBe('Bob');
    expect(taskOwner('ask @Carol about it', people)).toBe('Carol');
    expect(taskOwner('Annual report due', people)).toBeNull();
    expect(taskOwner('Bobby sends it', people)).toBeNull();
  });

  it('turns checkbox lines into action items, ticked ones completed', () => {
    expect(noteTasksOf(noteLinesOf(blocks), people)).toEqual([
      { title: 'Ann: send the deck', assignedTo: 'Ann', completed: false, ref: 'n4' },
      { title: '@Bob books the room', assignedTo: 'Bob', completed: true, ref: 'n7' },
    ]);
  });
});
