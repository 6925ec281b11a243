import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/logo';
import { UserCard } from '@/features/auth/components/user-card';
import { MeetingsList } from '@/features/meetings/components/meetings-list';
import { NewMeetingMenu } from '@/features/meetings/components/new-meeting-menu';
import { SidebarRecordingBanner } from '@/features/meetings/components/sidebar-recording-banner';
import { useRecorder } from '@/features/recorder/hooks/use-recorder';
import { SearchButton } from '@/features/search/components/search-button';
import { SharedWithMeList } from '@/features/shares/components/shared-with-me-list';
import { SidebarNav, sidebarItemClass } from './sidebar-nav';

/**
 * The sidebar's content, composed here because it spans features (meetings, recorder, auth,
 * shares) that must not import each other: brand, the new-meeting menu wired to the recorder,
 * navigation, the 'Recording...' banner, 'Shared with me' (when anything is), the meetings list
 * and Settings. The same element fills the fixed sidebar and the mobile drawer. Settings only
 * asks to be opened: the dialog lives in the layout, which stays mounted when the drawer is
 * closed; so does Search, whose palette the layout holds.
 */
export function AppSidebar({
  onOpenSettings,
  onOpenSearch,
}: {
  onOpenSettings: () => void;
  onOpenSearch: () => void;
}) {
  const recorder = useRecorder();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <Link
          to="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
        >
          <Brand logoClassName="size-7" />
        </Link>
      </div>

      <div className="flex shrink-0 flex-col gap-4 px-3 pt-1 pb-3">
        <NewMeetingMenu
          onNewRecording={() => void recorder.start()}
          onUploadFile={(file) => void recorder.uploadFile(file)}
        />
        <SearchButton onClick={onOpenSearch} />
        <SidebarNav />
        <SidebarRecordingBanner />
        <SharedWithMeList />
      </div>

      <section aria-labelledby="sidebar-meetings-heading" className="flex min-h-0 flex-1 flex-col">
        {/* The date groups are the visible headings; this one names the region for screen readers. */}
        <h2 id="sidebar-meetings-heading" className="sr-only">
          Meetings
        </h2>
        <MeetingsList />
      </section>

      <div className="flex shrink-0 flex-col gap-1 border-t border-sidebar-border p-3">
        <button type="button" className={sidebarItemClass} onClick={onOpenSettings}>
          <Settings aria-hidden="true" />
          Settings
        </button>
        <UserCard />
      </div>
    </div>
  );
}
