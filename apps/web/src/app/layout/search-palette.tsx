import { Mic, Monitor, Moon, Settings, Sun, Upload } from 'lucide-react';
import { useMemo, useRef, type ChangeEvent } from 'react';
import { useChat } from '@/features/chat/hooks/use-chat';
import { useRecorder } from '@/features/recorder/hooks/use-recorder';
import { CommandPalette } from '@/features/search/components/command-palette';
import type { PaletteCommand } from '@/features/search/utils/palette-commands';
import { useTheme, type Theme } from '@/features/settings/hooks/use-theme';
import { openSettings } from '@/lib/open-settings';

/** Props of {@link SearchPalette}: its open state, owned by the layout (which owns the shortcut). */
export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const THEME_COMMANDS: { theme: Theme; label: string; icon: PaletteCommand['icon'] }[] = [
  { theme: 'light', label: 'Switch theme: Light', icon: Sun },
  { theme: 'dark', label: 'Switch theme: Dark', icon: Moon },
  { theme: 'system', label: 'Switch theme: System', icon: Monitor },
];

/**
 * Search everywhere with the app's commands, composed here because they belong to other features:
 * 'New recording' and 'Upload from file' are the recorder's (as in the sidebar's New meeting
 * menu), 'Open settings' the layout's dialog, 'Switch theme' the Settings feature's theme, and a
 * past chat reopens in the Meeting Assistant. Loaded on demand by the layout.
 */
export default function SearchPalette({ open, onOpenChange }: SearchPaletteProps) {
  const recorder = useRecorder();
  const { openChat } = useChat();
  const { theme, setTheme } = useTheme();
  const fileInput = useRef<HTMLInputElement>(null);

  const commands = useMemo<PaletteCommand[]>(
    () => [
      {
        id: 'new-recording',
        label: 'New recording',
        icon: Mic,
        keywords: ['record', 'start', 'meeting', 'microphone'],
        run: () => void recorder.start(),
      },
      {
        id: 'upload',
        label: 'Upload from file',
        icon: Upload,
        keywords: ['audio', 'video', 'import', 'meeting'],
        // Clicked within the key press or click that chose it, so the browser allows the picker.
        run: () => fileInput.current?.click(),
      },
      {
        id: 'open-settings',
        label: 'Open settings',
        icon: Settings,
        keywords: ['preferences', 'options', 'account', 'integrations'],
        run: () => openSettings(),
      },
      ...THEME_COMMANDS.map(({ theme: value, label, icon }) => ({
        id: `theme-${value}`,
        label,
        icon,
        keywords: ['appearance', 'colour', 'color', 'mode', 'theme'],
        hint: value === theme ? 'Current' : undefined,
        run: () => setTheme(value),
      })),
    ],
    [recorder, theme, setTheme],
  );

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failed upload) fires another change.
    event.target.value = '';
    if (file) void recorder.uploadFile(file);
  };

  return (
    <>
      <CommandPalette
        open={open}
        onOpenChange={onOpenChange}
        commands={commands}
        onOpenChat={(chat) =>
          openChat({ chatId: chat.id, title: chat.savedTitle, meetingIds: chat.contextMeetingIds })
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept="audio/*,video/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="palette-upload-input"
        onChange={onFileChosen}
      />
    </>
  );
}
