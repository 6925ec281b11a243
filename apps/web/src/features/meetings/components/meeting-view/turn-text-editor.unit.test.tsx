/**
 * Correcting a transcript turn: the card's 'Edit text' button, the editor in place of the text
 * (textarea 'Text of this turn', 'Save', 'Cancel', the refusal under the field) rendered to static
 * HTML, and the editor's keys (Ctrl/Cmd+Enter saves, Escape cancels).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TurnCard } from './turn-card';
import { editorKeyAction, TurnTextEditor, type TurnDraft } from './turn-text-editor';

const turn = { index: 2, speaker: 'Ada', text: 'We met Jon Smith.', offset: 0 };
const noop = () => undefined;

function editor(draft: Partial<TurnDraft> = {}, saving = false) {
  return (
    <TurnTextEditor
      draft={{ index: 2, previous: turn.text, text: 'We met John Smyth.', error: null, ...draft }}
      saving={saving}
      onChange={noop}
      onSave={noop}
      onCancel={noop}
    />
  );
}

const card = (props: Partial<Parameters<typeof TurnCard>[0]> = {}) =>
  renderToStaticMarkup(
    <TurnCard turn={turn} start={null} slot={0} active={false} cited={false} {...props} />,
  );

describe('TurnCard', () => {
  it("offers 'Edit text' only when editing is allowed", () => {
    expect(card({ onEdit: noop })).toMatch(
      /<button[^>]*aria-expanded="false"[^>]*>.*<span[^>]*>Edit text<\/span><\/button>/,
    );
    expect(card()).not.toContain('Edit text');
  });

  it('shows the editor in place of the text while editing', () => {
    const html = card({ onEdit: noop, editor: editor() });
    expect(html).toMatch(/aria-expanded="true"[^>]*>.*<span[^>]*>Edit text<\/span><\/button>/);
    expect(html).not.toContain('>We met Jon Smith.<');
    expect(html).toMatch(/<textarea[^>]*aria-label="Text of this turn"[^>]*>We met John Smyth\.</);
  });
});

describe('TurnTextEditor', () => {
  it('has the draft in a named textarea, then Cancel and Save', () => {
    const html = renderToStaticMarkup(editor());
    expect(html).toMatch(/<textarea[^>]*aria-label="Text of this turn"/);
    const buttons = [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => [
      m[2]!.replace(/<[^>]+>/g, '').trim(),
      /type="submit"/.test(m[1]!),
    ]);
    expect(buttons).toEqual([
      ['Cancel', false],
      ['Save', true],
    ]);
    expect(html).not.toContain('role="alert"');
  });

  it('says why a save was refused under the field, which is marked invalid', () => {
    const html = renderToStaticMarkup(
      editor({ error: 'The transcript changed since you opened it. Reload to see the latest.' }),
    );
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(
      `<p id="${describedBy}" role="alert" class="text-sm text-destructive">The transcript changed since you opened it. Reload to see the latest.</p>`,
    );
  });

  it('keeps the text while saving, with Save disabled', () => {
    const html = renderToStaticMarkup(editor({}, true));
    expect(html).toMatch(/<textarea[^>]*readOnly=""/i);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});

describe('editorKeyAction', () => {
  const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
    editorKeyAction({ key: k, ctrlKey: false, metaKey: false, ...mods });

  it('saves on Ctrl+Enter or Cmd+Enter, cancels on Escape, leaves other keys to the field', () => {
    expect(key('Enter', { ctrlKey: true })).toBe('save');
    expect(key('Enter', { metaKey: true })).toBe('save');
    expect(key('Escape')).toBe('cancel');
    expect(key('Enter')).toBeNull();
    expect(key('a', { ctrlKey: true })).toBeNull();
  });
});
