import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { flattenMeetingPages, useInfiniteMeetings } from '../api/get-meetings';
import { RecordingDot, UNTITLED_MEETING } from './sidebar-meeting-row';

/**
 * The sidebar's 'Recording...' banner with the title of each meeting being recorded, linking to it.
 * Read from the server's list, so a recording started in another tab shows too; such meetings are
 * left out of the date groups below. Renders nothing when nothing is being recorded.
 */
export function SidebarRecordingBanner() {
  const { data } = useInfiniteMeetings();
  const recording = useMemo(
    () => flattenMeetingPages(data).filter((meeting) => meeting.isRecording),
    [data],
  );
  if (recording.length === 0) return null;

  return (
    <div className="flex flex-col gap-1.5">
      {recording.map((meeting) => (
        <NavLink
          key={meeting.id}
          to={`/meeting/${meeting.id}`}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg border border-red-500/25 bg-red-500/[0.07] px-3 py-2 outline-none transition-colors',
              'hover:bg-red-500/[0.12] focus-visible:ring-[3px] focus-visible:ring-red-500/30 dark:border-red-400/25 dark:bg-red-400/[0.08] dark:hover:bg-red-400/[0.14]',
              isActive && 'border-red-500/40 dark:border-red-400/40',
            )
          }
        >
          <RecordingDot />
          <span className="flex min-w-0 flex-col">
            {/* -700 in light: 4.5:1 on the banner's tint (-600 measured 4.15:1; axe). */}
            <span className="text-xs font-semibold text-red-700 dark:text-red-400">
              Recording...
            </span>
            <span className="truncate text-sm text-sidebar-foreground">
              {meeting.title.trim() || UNTITLED_MEETING}
            </span>
          </span>
        </NavLink>
      ))}
    </div>
  );
}
