/**
 * `DELETE /api/meetings/:id`: deletes a meeting and its action items ("Meeting actions menu:
 * 'Delete Meeting'"; success notice 'Meeting deleted').
 */
import type { MeetingList } from '@summy/core';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { apiFetch } from '@/lib/api-client';
import { meetingsQueryKey } from './get-meetings';

/**
 * Deletes one meeting of the signed-in user.
 * @throws ApiRequestError, 404 when the meeting does not exist or belongs to someone else
 */
export function deleteMeeting(meetingId: string): Promise<void> {
  return apiFetch<void>(`/meetings/${encodeURIComponent(meetingId)}`, undefined, {
    method: 'DELETE',
  });
}

type ListData = MeetingList | InfiniteData<MeetingList, string | null>;

/** The cached list without one meeting; handles single pages and infinite lists alike. */
function withoutMeeting(data: ListData | undefined, meetingId: string): ListData | undefined {
  if (!data) return data;
  const strip = (page: MeetingList): MeetingList => ({
    ...page,
    items: page.items.filter((item) => item.id !== meetingId),
  });
  return 'pages' in data ? { ...data, pages: data.pages.map(strip) } : strip(data);
}

/** Options of {@link useDeleteMeeting}. */
export interface UseDeleteMeetingOptions {
  /**
   * Runs after the server deleted the meeting, even when the calling component has unmounted
   * meanwhile (e.g. to leave the deleted meeting's page).
   */
  onDeleted?: (meetingId: string) => void;
}

/**
 * Deletes a meeting: on success the meeting leaves every cached list at once, the toast 'Meeting
 * deleted' shows, and the lists are re-read in the background. A failure shows an error toast with
 * the server's reason. `mutate(meetingId)`.
 */
export function useDeleteMeeting({ onDeleted }: UseDeleteMeetingOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeeting,
    onSuccess: (_result, meetingId) => {
      queryClient.setQueriesData<ListData>({ queryKey: meetingsQueryKey }, (data) =>
        withoutMeeting(data, meetingId),
      );
      toast.success('Meeting deleted');
      onDeleted?.(meetingId);
      void queryClient.invalidateQueries({ queryKey: meetingsQueryKey });
    },
    onError: (error) => {
      toast.error('Failed to delete meeting', { description: error.message });
    },
  });
}
