/**
 * The question box of the panel (placeholder 'Ask a question...'; "Enter or the send button sends";
 * "A chat message is sent only when non-empty after trimming"), the meetings the question is about,
 * and the @ meeting picker ("Meeting picker in chat: case-insensitive title match, at most 5
 * results, 'No meetings found' when empty; it closes once a space follows the typed text").
 */
import { ArrowUp, AtSign, Square } from 'lucide-react';
import { useImperativeHandle, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { useComposer } from '../hooks/use-composer';
import { ContextChips } from './context-chips';
import { MeetingPicker } from './meeting-picker';

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
  const composer = useComposer({ streaming, onSend, onAddMeeting });
  const { textarea, value, listboxId, pickerOpen, picker, activeIndex } = composer;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useImperativeHandle(ref, () => ({ focus: () => textarea.current?.focus() }), [textarea]);

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
          composer.send();
        }}
      >
        {pickerOpen && (
          <MeetingPicker
            id={listboxId}
            optionId={optionId}
            results={picker.results}
            activeIndex={activeIndex}
            loading={picker.loading}
            empty={picker.empty}
            failed={picker.failed}
            onHover={composer.setActive}
            onPick={composer.pick}
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
          onChange={(event) => composer.edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => composer.setCaret(event.currentTarget.selectionStart)}
          onKeyDown={composer.onKeyDown}
          className="block max-h-40 min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm leading-6 outline-none [field-sizing:content] placeholder:text-muted-foreground"
        />
        <ComposerActions
          streaming={streaming}
          canSend={value.trim() !== ''}
          onInsertAt={composer.insertAt}
          onStop={onStop}
        />
      </form>
    </div>
  );
}

/** The row under the question box: the @ button, the keys hint (wide screens), and Send or Stop. */
function ComposerActions({
  streaming,
  canSend,
  onInsertAt,
  onStop,
}: {
  streaming: boolean;
  canSend: boolean;
  onInsertAt: () => void;
  onStop: () => void;
}) {
  return (
    <div className="flex items-center gap-2 px-2 pb-2">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Add a meeting"
        title="Add a meeting (@)"
        onClick={onInsertAt}
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
          disabled={!canSend}
          className="rounded-lg"
        >
          <ArrowUp />
        </Button>
      )}
    </div>
  );
}
