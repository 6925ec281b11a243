/** The @ picker's edits of the question box: removing the typed mention and typing an '@'. */
import { describe, expect, it } from 'vitest';
import { withAtSign, withoutMention } from './composer-text';
import { pickerKeyAction } from './picker-keys';

describe('withoutMention', () => {
  it('drops the whole word the caret is in and the space before it at the end', () => {
    expect(withoutMention('about @que', 9, 6)).toEqual({ text: 'about', caret: 5 });
    expect(withoutMention('about @query now', 9, 6)).toEqual({ text: 'about now', caret: 5 });
  });

  it('takes the word up to the next white space, and leaves text before a leading mention', () => {
    expect(withoutMention('a @b,c', 4, 2)).toEqual({ text: 'a', caret: 1 });
    expect(withoutMention('@x rest', 1, 0)).toEqual({ text: ' rest', caret: 0 });
  });
});

describe('withAtSign', () => {
  it('types a bare @ at the start or after white space, else a space and @', () => {
    expect(withAtSign('', 0)).toEqual({ text: '@', caret: 1 });
    expect(withAtSign('hi ', 3)).toEqual({ text: 'hi @', caret: 4 });
    expect(withAtSign('hi there', 2)).toEqual({ text: 'hi @ there', caret: 4 });
  });
});

describe('pickerKeyAction', () => {
  it('moves round the list, picks with Enter or Tab, and dismisses with Escape', () => {
    expect(pickerKeyAction('ArrowDown', false, 3, 2)).toEqual({ kind: 'move', to: 0 });
    expect(pickerKeyAction('ArrowUp', false, 3, 0)).toEqual({ kind: 'move', to: 2 });
    expect(pickerKeyAction('ArrowUp', false, 0, -1)).toEqual({ kind: 'move' });
    expect(pickerKeyAction('Enter', false, 3, 1)).toEqual({ kind: 'pick' });
    expect(pickerKeyAction('Tab', false, 3, 1)).toEqual({ kind: 'pick' });
    expect(pickerKeyAction('Escape', false, 0, -1)).toEqual({ kind: 'dismiss' });
  });

  it('leaves Shift+Enter, Enter with nothing highlighted and other keys to the box', () => {
    expect(pickerKeyAction('Enter', true, 3, 1)).toBeNull();
    expect(pickerKeyAction('Enter', false, 0, -1)).toBeNull();
    expect(pickerKeyAction('a', false, 3, 1)).toBeNull();
  });
});
