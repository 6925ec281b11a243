/**
 * The palette's commands (new recording, upload, open settings, switch theme): what they are, and
 * which of them the typed words name. The app layer supplies them, since they act on other
 * features (the recorder, Settings, the theme).
 */
import type { LucideIcon } from 'lucide-react';

/** A command the palette can run. */
export interface PaletteCommand {
  /** Stable and unique among the commands ('theme-dark'). */
  id: string;
  label: string;
  icon: LucideIcon;
  /** Other words that find it ('appearance' for the theme). */
  keywords?: readonly string[];
  /** Shown at the row's end ('Current', a shortcut). */
  hint?: string;
  run: () => void;
}

/**
 * The commands every word starts a word of (label or keywords), in their order; all of them when
 * there are no words.
 */
export function matchCommands(
  commands: readonly PaletteCommand[],
  words: readonly string[],
): PaletteCommand[] {
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const own = `${command.label} ${command.keywords?.join(' ') ?? ''}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  });
}
