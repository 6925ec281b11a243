import { ChevronDown, Mic, Plus, Upload } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** Props of {@link NewMeetingMenu}; the actions belong to the recorder, wired in by the app. */
export interface NewMeetingMenuProps {
  /** 'New recording': start recording a new meeting. */
  onNewRecording: () => void;
  /**
   * 'Upload from file': the file the person picked. The picker only suggests audio and video; the
   * type and size rules are the receiver's to enforce.
   */
  onUploadFile: (file: File) => void;
}

/**
 * The sidebar's 'New meeting' menu: 'New recording' and 'Upload from file'. The upload item opens
 * the browser's file picker from a hidden input; it is clicked inside the menu's own select handler
 * so the browser sees a user gesture.
 */
export function NewMeetingMenu({ onNewRecording, onUploadFile }: NewMeetingMenuProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failed upload) fires another change.
    event.target.value = '';
    if (file) onUploadFile(file);
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button className="w-full justify-between">
            <span className="flex items-center gap-2">
              <Plus />
              New meeting
            </span>
            <ChevronDown className="opacity-80" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width)">
          <DropdownMenuItem onSelect={onNewRecording}>
            <Mic />
            New recording
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => fileInput.current?.click()}>
            <Upload />
            Upload from file
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <input
        ref={fileInput}
        type="file"
        accept="audio/*,video/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="sidebar-upload-input"
        onChange={onFileChosen}
      />
    </>
  );
}
