/**
 * The question box's state: its text and caret, the @ mention being typed and its meeting picker,
 * and the keys that send, pick, or close the picker.
 */
import { matchMeetings, mentionAt, type MeetingListItem } from '@summy/core';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchMeetings } from '../api/search-meetings';
import { withAtSign, withoutMention, type ComposerEdit } from '../utils/composer-text';
import { pickerKeyAction } from '../utils/picker-keys';

/** Wait after the last key before the picker asks the server, ms. */
export const PICKER_DEBOUNCE_MS = 150;

/** What the composer tells its owner. */
export interface ComposerCallbacks {
  /** True while an answer streams: nothing is sent. */
  streaming: boolean;
  /** Sends a question (already trimmed and non-empty). */
  onSend: (text: string) => void;
  /** A meeting was picked with @. */
  onAddMeeting: (meeting: { id: string; title: string }) => void;
}

/** The meetings matching `query` once it settles, and what the picker shows meanwhile. */
function usePickerResults(query: string, open: boolean) {
  const settledQuery = useDebouncedValue(query, PICKER_DEBOUNCE_MS);
  const search = useSearchMeetings(settledQuery, open);
  const results = matchMeetings(search.data ?? [], settledQuery);
  const settled = settledQuery === query && !search.isPlaceholderData && !search.isPending;
  return {
    results,
    loading: !settled && results.length === 0,
    empty: settled && !search.isError && results.length === 0,
    failed: settled && search.isError,
  };
}

/**
 * State and handlers of the question box. The picker opens while the caret is in an @ mention,
 * unless Escape dismissed that '@'; with it open, arrows move, Enter or Tab picks (removing the
 * mention), Escape closes it. Otherwise Enter sends (a no-op when blank or streaming) and
 * Shift+Enter starts a new line.
 */
export function useComposer({ streaming, onSend, onAddMeeting }: ComposerCallbacks) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  // The '@' whose picker was dismissed with Escape: it stays closed until another '@'.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const nextCaret = useRef<number | null>(null);
  const listboxId = useId();

  const mention = mentionAt(value, caret);
  const pickerOpen = mention !== undefined && dismissedAt !== mention.start;
  const picker = usePickerResults(mention?.query ?? '', pickerOpen);
  const { results } = picker;
  const activeIndex = results.length > 0 ? Math.min(active, results.length - 1) : -1;

  // Put the caret where a pick or the @ button left it, once the new text is in the box.
  useLayoutEffect(() => {
    if (nextCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  }, [value]);

  const edit = (text: string, at: number) => {
    setValue(text);
    setCaret(at);
    setActive(0);
    if (dismissedAt !== null && mentionAt(text, at)?.start !== dismissedAt) setDismissedAt(null);
  };
  const place = (next: ComposerEdit) => {
    nextCaret.current = next.caret;
    edit(next.text, next.caret);
  };

  const pick = (meeting: MeetingListItem) => {
    if (!mention) return;
    place(withoutMention(value, caret, mention.start));
    onAddMeeting({ id: meeting.id, title: meeting.title });
  };

  const send = () => {
    const text = value.trim();
    if (!text || streaming) return;
    onSend(text);
    edit('', 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const action = pickerOpen
      ? pickerKeyAction(event.key, event.shiftKey, results.length, activeIndex)
      : null;
    if (action) {
      event.preventDefault();
      if (action.kind === 'move' && action.to !== undefined) setActive(action.to);
      else if (action.kind === 'pick') pick(results[activeIndex]!);
      else if (action.kind === 'dismiss' && mention) {
        // Closes the picker only, not the panel.
        event.stopPropagation();
        setDismissedAt(mention.start);
      }
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const insertAt = () => {
    const element = textarea.current;
    place(withAtSign(value, element?.selectionStart ?? value.length));
    element?.focus();
  };

  return {
    textarea,
    value,
    setCaret,
    edit,
    listboxId,
    pickerOpen,
    picker,
    activeIndex,
    setActive,
    pick,
    send,
    onKeyDown,
    insertAt,
  };
}
