/** The recorder's keyboard switch between My notes and its controls. */
import { useEffect, type RefObject } from 'react';

/**
 * Alt+N (by key position, so it works on every layout and on macOS where Option+N types a
 * character) moves focus between the notes and the recording's controls while `active`: from the
 * notes to the first button of `controls`, else to the editable element in `notesBox`.
 */
export function useFocusSwitch(
  active: boolean,
  notesBox: RefObject<HTMLDivElement | null>,
  controls: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'KeyN' || !event.altKey || event.ctrlKey || event.metaKey) return;
      const inNotes = notesBox.current?.contains(document.activeElement) ?? false;
      const target = inNotes
        ? controls.current?.querySelector<HTMLElement>('button')
        : notesBox.current?.querySelector<HTMLElement>('[contenteditable="true"]');
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, notesBox, controls]);
}
