import { useMemo, type ReactNode } from 'react';
import {
  DashboardCard,
  DashboardEmpty,
  DashboardError,
  DashboardLoading,
} from '@/components/dashboard-card';
import { useMeetings } from '../api/get-meetings';
import { MeetingRow } from './meeting-row';

/** Meetings the dashboard shows (recent meetings 4). */
export const RECENT_MEETINGS = 4;

/** Props of {@link RecentMeetings}. */
export interface RecentMeetingsProps {
  /**
   * The empty state's 'Start recording' control; the app layer passes the recorder's, since
   * features do not import each other.
   */
  startRecording: ReactNode;
}

/**
 * The Home dashboard's 'Recent meetings': the 4 newest meetings as links to /meeting/{id}, 'View
 * all' to /meetings, and with no meetings an empty state offering to start recording.
 */
export function RecentMeetings({ startRecording }: RecentMeetingsProps) {
  const { data, isPending, isError, refetch, dataUpdatedAt } = useMeetings({
    limit: RECENT_MEETINGS,
  });
  // Dates read relative to when the list was fetched; nothing renders before the first fetch.
  const now = useMemo(() => new Date(dataUpdatedAt), [dataUpdatedAt]);

  let body: ReactNode;
  if (isPending) {
    body = <DashboardLoading label="Loading meetings..." rows={RECENT_MEETINGS} />;
  } else if (isError) {
    body = <DashboardError title="Couldn't load meetings" onRetry={() => void refetch()} />;
  } else if (data.items.length === 0) {
    body = (
      <DashboardEmpty
        title="No recent meetings"
        description="Record your first meeting to get a transcript, summary and action items"
        action={startRecording}
      />
    );
  } else {
    body = (
      <ul className="-mx-1 flex flex-col gap-0.5">
        {data.items.map((meeting) => (
          <li key={meeting.id}>
            <MeetingRow meeting={meeting} now={now} compact />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DashboardCard title="Recent meetings" viewAllTo="/meetings" viewAllLabel="View all meetings">
      {body}
    </DashboardCard>
  );
}
