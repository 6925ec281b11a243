/**
 * The question box of the panel (placeholder 'Ask a question...'; "Enter or the send button sends";
 * "A chat message is sent only when non-empty after trimming"), the meetings the question is about,
 * and the @ meeting picker ("Meeting picker in chat: case-insensitive title match, at most 5
 * results, 'No meetings found' when empty; it closes once a space follows the typed text").
 */
import { matchMeetings, mentionAt, type MeetingListItem } from '@summy/core';
import { ArrowUp, AtSign, Square } from 'lucide-react';
import {
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Button } from '@/components/ui/button';
import { useSearchMeetings } from '../api/search-meetings';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ContextChips } from './context-chips';
import { MeetingPicker } from './meeting-picker';

/** Wait after the last key before the picker asks the server, ms. */
export const PICKER_DEBOUNCE_MS = 150;

/** What the panel can do with the composer. */
export interface ChatComposerHandle {
  /** Moves focus to the question box. */
  focus(): void;
}

/** Props of {@link ChatComposer}. */
export interface ChatComposerProps {
  ref?: Ref<ChatComposerHandle>;
  /** The meetings the conversation is about; empty = all meetings. */
  meetingIds: readonly string[];
  /** Titles already known by id (picked, or named by citations). */
  knownTitles: Readonly<Record<string, string>>;
  /** True while an answer streams: the send button becomes Stop. */
  streaming: boolean;
  /** Sends a question (already trimmed and non-empty). */
  onSend: (text: string) => void;
  onStop: () => void;
  /** A meeting was picked with @. */
  onAddMeeting: (meeting: { id: string; title: string }) => void;
  onRemoveMeeting: (id: string) => void;
}

/**
 * The composer: context chips, then a textarea (`role="combobox"` that controls the picker's
 * listbox) with the @ button and Send (or Stop). Enter sends, Shift+Enter starts a new line; with
 * the picker open, arrows move, Enter or Tab picks, Escape closes it.
 */
export function ChatComposer({
  ref,
  meetingIds,
  knownTitles,
  streaming,
  onSend,
  onStop,
  onAddMeeting,
  onRemoveMeeting,
}: ChatComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  // The '@' whose picker was dismissed with Escape: it stays closed until another '@'.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const nextCaret = useRef<number | null>(null);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useImperativeHandle(ref, () => ({ focus: () => textarea.current?.focus() }), []);

  const mention = mentionAt(value, caret);
  const pickerOpen = mention !== undefined && dismissedAt !== mention.start;
  const query = mention?.query ?? '';
  const settledQuery = useDebouncedValue(query, PICKER_DEBOUNCE_MS);
  const search = useSearchMeetings(settledQuery, pickerOpen);
  const results = matchMeetings(search.data ?? [], settledQuery);
  const settled = settledQuery === query && !search.isPlaceholderData && !search.isPending;
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

  const pick = (meeting: MeetingListItem) => {
    if (!mention) return;
    // '@que|ry' loses the whole word, and the space before it when one would be left doubled.
    let end = caret;
    while (end < value.length && !/\s/.test(value[end]!)) end++;
    let start = mention.start;
    const after = value.slice(end);
    if (start > 0 && /\s/.test(value[start - 1]!) && (after === '' || /^\s/.test(after))) start--;
    const text = value.slice(0, start) + after;
    nextCaret.current = start;
    edit(text, start);
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
    if (pickerOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (results.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + results.length) % results.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        if (activeIndex >= 0) {
          event.preventDefault();
          pick(results[activeIndex]!);
          return;
        }
      }
      if (event.key === 'Escape') {
        // Closes the picker only, not the panel.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const insertAt = () => {
    const element = textarea.current;
    const at = element?.selectionStart ?? value.length;
    const before = value.slice(0, at);
    const insert = before === '' || /\s$/.test(before) ? '@' : ' @';
    const text = before + insert + value.slice(at);
    nextCaret.current = at + insert.length;
    edit(text, at + insert.length);
    element?.focus();
  };

  return (
    <div className="shrink-0 border-t bg-background px-3 pt-2.5 pb-3">
      <ContextChips
        meetingIds={meetingIds}
        knownTitles={knownTitles}
        onRemove={(id) => {
          onRemoveMeeting(id);
          textarea.current?.focus();
        }}
      />
      <form
        className="relative mt-2 rounded-xl border bg-background shadow-xs transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30 dark:bg-input/20"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {pickerOpen && (
          <MeetingPicker
            id={listboxId}
            optionId={optionId}
            results={results}
            activeIndex={activeIndex}
            loading={!settled && results.length === 0}
            empty={settled && !search.isError && results.length === 0}
            failed={settled && search.isError}
            onHover={setActive}
            onPick={pick}
          />
        )}
        <textarea
          ref={textarea}
          value={value}
          rows={1}
          placeholder="Ask a question..."
          aria-label="Ask a question"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={pickerOpen}
          aria-controls={pickerOpen ? listboxId : undefined}
          aria-activedescendant={pickerOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onChange={(event) => edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          className="block max-h-40 min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm leading-6 outline-none [field-sizing:content] placeholder:text-muted-foreground"
        />
        <div className="flex items-center gap-2 px-2 pb-2">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Add a meeting"
            title="Add a meeting (@)"
            onClick={insertAt}
            className="text-muted-foreground hover:text-foreground"
          >
            <AtSign />
          </Button>
          <span className="hidden flex-1 truncate text-[11px] text-muted-foreground sm:block">
            Enter to send · Shift+Enter for a new line
          </span>
          <span className="flex-1 sm:hidden" />
          {streaming ? (
            <Button size="icon-sm" aria-label="Stop" onClick={onStop} className="rounded-lg">
              <Square className="size-3 fill-current" />
            </Button>
          ) : (
            <Button
              type="submit"
              size="icon-sm"
              aria-label="Send"
              disabled={!value.trim()}
              className="rounded-lg"
            >
              <ArrowUp />
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
