/**
 * Search everywhere: the Cmd+K / Ctrl+K palette (docs/decisions/058-search-everywhere.md). One
 * input over the person's meetings (title, transcript words, summary), to-dos, contacts, past chats
 * and the app's commands, grouped; arrows move, Enter opens, Escape closes. Built on cmdk (the
 * listbox, its keyboard and ARIA) inside the app's Radix dialog; the server does the matching, so
 * cmdk's own filter is off and the commands are filtered here.
 */
import { Command } from 'cmdk';
import { Loader2, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchWords, type ChatHit } from '@summy/core';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchEverything } from '../api/search';
import { matchCommands, type PaletteCommand } from '../utils/palette-commands';
import { resultTargets, type PaletteTarget } from '../utils/palette-targets';
import { PaletteGroups } from './palette-groups';

/** Pause after the last key before the palette asks the server (ms). */
export const PALETTE_DEBOUNCE_MS = 120;

/** Props of {@link CommandPalette}. */
export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app's commands (new recording, upload, settings, theme), wired by the app layer. */
  commands: readonly PaletteCommand[];
  /** Reopens a past chat in the Meeting Assistant (the chat feature's, wired by the app layer). */
  onOpenChat: (chat: ChatHit) => void;
}

/** The palette dialog; mount it once in the layout and open it with the shortcut. */
export function CommandPalette({ open, onOpenChange, commands, onOpenChat }: CommandPaletteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        aria-describedby="search-palette-help"
        className="top-[12vh] flex max-h-[min(36rem,80dvh)] max-w-xl translate-y-0 flex-col gap-0 overflow-hidden p-0 sm:top-[14vh]"
      >
        <DialogTitle className="sr-only">Search everywhere</DialogTitle>
        <DialogDescription id="search-palette-help" className="sr-only">
          Search meetings, transcripts, to-dos, contacts and chats, or run a command. Arrow keys
          move, Enter opens, Escape closes.
        </DialogDescription>
        {open && (
          <PaletteBody
            commands={commands}
            onOpenChat={onOpenChat}
            close={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({
  commands,
  onOpenChat,
  close,
}: Omit<CommandPaletteProps, 'open' | 'onOpenChange'> & { close: () => void }) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const typed = input.trim().slice(0, 200);
  const settled = useDebouncedValue(typed, PALETTE_DEBOUNCE_MS);
  const query = useSearchEverything(settled);
  // Results of an earlier text stay while the next load; a cleared input shows none.
  const results = typed && query.data ? query.data : undefined;
  const matchingCommands = useMemo(
    () => matchCommands(commands, searchWords(typed)),
    [commands, typed],
  );
  const targets = useMemo(() => (results ? resultTargets(results) : []), [results]);

  const selection = useRowSelection(targets, matchingCommands);

  const settledNoMatch =
    typed !== '' &&
    settled === typed &&
    !query.isPlaceholderData &&
    query.isSuccess &&
    targets.length === 0 &&
    matchingCommands.length === 0;

  const choose = (target: PaletteTarget) => {
    close();
    if (target.kind === 'chat') onOpenChat(target.chat);
    else navigate(target.href);
  };
  const run = (command: PaletteCommand) => {
    close();
    command.run();
  };

  return (
    <Command
      shouldFilter={false}
      loop
      value={selection.value}
      onValueChange={selection.choose}
      label="Search everywhere"
      className="flex min-h-0 flex-1 flex-col"
    >
      <PaletteInput
        input={input}
        onInputChange={setInput}
        busy={query.isFetching && typed !== ''}
      />
      <Command.List className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground">
        {typed === '' && (
          <p className="px-2 pt-2 pb-3 text-sm text-muted-foreground">
            Type to search meeting titles, transcripts and summaries, to-dos, contacts and past
            chats.
          </p>
        )}
        {settledNoMatch && (
          <p role="status" className="px-2 py-8 text-center text-sm text-muted-foreground">
            No results for “<span className="font-medium text-foreground">{typed}</span>”
          </p>
        )}
        {query.isError && typed !== '' && (
          <p role="alert" className="px-2 py-3 text-sm text-destructive">
            Search failed: {query.error.message}
          </p>
        )}
        {results && <PaletteGroups results={results} targets={targets} onChoose={choose} />}
        <CommandGroup commands={matchingCommands} onRun={run} />
      </Command.List>
      <KeyHints />
    </Command>
  );
}

/** The search field, with a spinner while a search loads and the Esc hint otherwise. */
function PaletteInput({
  input,
  onInputChange,
  busy,
}: {
  input: string;
  onInputChange: (input: string) => void;
  busy: boolean;
}) {
  return (
    <div className="flex items-center gap-2 border-b px-4">
      <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <Command.Input
        value={input}
        onValueChange={onInputChange}
        placeholder="Search meetings, to-dos, people, chats…"
        aria-label="Search everywhere"
        className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
      />
      {busy ? (
        <Loader2
          className="size-4 shrink-0 animate-spin text-muted-foreground"
          aria-label="Searching"
        />
      ) : (
        <kbd className="hidden shrink-0 rounded border bg-muted px-1.5 py-0.5 font-mono text-[10px] text-muted-foreground sm:inline">
          Esc
        </kbd>
      )}
    </div>
  );
}

/** The Commands group: the app's commands that match, each run by `onRun`; nothing when none. */
function CommandGroup({
  commands,
  onRun,
}: {
  commands: readonly PaletteCommand[];
  onRun: (command: PaletteCommand) => void;
}) {
  if (commands.length === 0) return null;
  return (
    <Command.Group heading="Commands">
      {commands.map((command) => (
        <Command.Item
          key={command.id}
          value={command.id}
          onSelect={() => onRun(command)}
          className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
        >
          <command.icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{command.label}</span>
          {command.hint && (
            <span className="shrink-0 text-xs text-muted-foreground">{command.hint}</span>
          )}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** The keyboard hints under the list (wider screens only). */
function KeyHints() {
  return (
    <div className="hidden items-center gap-4 border-t px-4 py-2 text-xs text-muted-foreground sm:flex">
      <span>
        <kbd className="font-mono">↑↓</kbd> move
      </span>
      <span>
        <kbd className="font-mono">↵</kbd> open
      </span>
      <span>
        <kbd className="font-mono">Esc</kbd> close
      </span>
    </div>
  );
}

/** A row picked by arrow or pointer, and the first row it was picked under. */
interface RowChoice {
  value: string;
  first: string;
}

/**
 * The selected row, owned here alone: the first row (the best match, which Enter opens), or the
 * row the person moved to while that first row stays first. cmdk reports every change of its own
 * (arrows, pointer, and its own 'select the first item' when rows mount or the search changes),
 * some from effects of an earlier render; kept as state and reset in render, such a late report
 * (an empty value from before the results came) landed after the reset and left no row selected.
 * Derived instead, a report counts only when made under the current first row and naming a row
 * on screen; anything else reads as the first row.
 */
function useRowSelection(
  targets: readonly PaletteTarget[],
  commands: readonly PaletteCommand[],
): { value: string; choose: (value: string) => void } {
  const rows = useMemo(
    () => new Set([...targets.map((t) => t.value), ...commands.map((c) => c.id)]),
    [targets, commands],
  );
  const first = targets[0]?.value ?? commands[0]?.id ?? '';
  const [choice, setChoice] = useState<RowChoice | null>(null);
  const value = choice && choice.first === first && rows.has(choice.value) ? choice.value : first;
  return { value, choose: (picked) => setChoice({ value: picked, first }) };
}
