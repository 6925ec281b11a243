/**
 * Title edit of a to-do: Enter or blur saves the trimmed title; an empty title cancels; Escape
 * cancels. While typing, the trimmed title is saved 500 ms after the last keystroke, so nothing
 * typed is lost if the tab closes; ending the edit saves what is left at once. Cancelling (Escape,
 * or an empty title) puts back the title the edit started from, also on the server if a debounced
 * save already changed it there.
 */
import { TODO_TIMINGS } from '@summy/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Options of {@link useTitleEditor}. */
export interface TitleEditorOptions {
  /** The title when the edit started (read once, when the editor mounts). */
  original: string;
  /** Saves a title (already trimmed, never empty unless putting back an empty original). */
  save: (title: string) => void;
  /**
   * The edit ended, with the title now saved. For a to-do added a moment ago that ends empty the
   * caller discards it; `discardEmpty` then skips putting back its empty original on the server.
   */
  onDone: (savedTitle: string) => void;
  /** True for a just-added to-do (see `onDone`). */
  discardEmpty?: boolean;
}

/** What the title input binds to. */
export interface TitleEditor {
  draft: string;
  /** The input changed: shows it and schedules the debounced save. */
  change: (value: string) => void;
  /** Enter or blur: saves the trimmed draft, or cancels when it is empty. */
  commit: () => void;
  /** Escape: puts the original title back. */
  cancel: () => void;
}

/** The state and actions of one title edit; mount it for the length of the edit. */
export function useTitleEditor({
  original: originalProp,
  save,
  onDone,
  discardEmpty = false,
}: TitleEditorOptions): TitleEditor {
  // The title the edit started from: the debounced saves change the to-do's title meanwhile.
  const [original] = useState(originalProp);
  const [draft, setDraft] = useState(original);
  const draftRef = useRef(original);
  const lastSaved = useRef(original);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Enter, then the blur of the input leaving the page, must end the edit once.
  const ended = useRef(false);
  // The latest callbacks, so the unmount flush below calls the current ones.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const saveIfChanged = useCallback((value: string) => {
    const title = value.trim();
    if (!title || title === lastSaved.current) return;
    lastSaved.current = title;
    saveRef.current(title);
  }, []);

  const putBack = useCallback(() => {
    if (lastSaved.current === original) return;
    lastSaved.current = original;
    if (original || !discardEmpty) saveRef.current(original);
  }, [original, discardEmpty]);

  const change = useCallback(
    (value: string) => {
      setDraft(value);
      draftRef.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => saveIfChanged(value), TODO_TIMINGS.titleDebounceMs);
    },
    [saveIfChanged],
  );

  const commit = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    clearTimeout(timer.current);
    if (draftRef.current.trim()) saveIfChanged(draftRef.current);
    else putBack();
    onDone(lastSaved.current);
  }, [saveIfChanged, putBack, onDone]);

  const cancel = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    clearTimeout(timer.current);
    putBack();
    onDone(lastSaved.current);
  }, [putBack, onDone]);

  // Unmounted mid-edit (the page changed): keep what was typed, as the debounce would have.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (!ended.current) saveIfChanged(draftRef.current);
    },
    [saveIfChanged],
  );

  return { draft, change, commit, cancel };
}
