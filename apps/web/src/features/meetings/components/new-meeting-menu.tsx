import { ChevronDown, Mic, Plus, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** Recording and upload arrive with the recorder feature; until then the menu says so. */
function comingSoon() {
  toast('Coming soon');
}

/** The sidebar's 'New meeting' menu: 'New recording' and 'Upload from file'. */
export function NewMeetingMenu() {
  return (
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
        <DropdownMenuItem onSelect={comingSoon}>
          <Mic />
          New recording
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={comingSoon}>
          <Upload />
          Upload from file
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
