import { ApiRequestError, apiFetch } from '@/lib/api-client';

/**
 * `GET /api/meetings/:id`, asking only whether the meeting still exists (recovery of a recording
 * whose meeting may have been deleted meanwhile).
 *
 * @returns false on 404; true when it exists
 * @throws ApiRequestError for any other failure (offline, 500)
 */
export async function meetingExists(meetingId: string): Promise<boolean> {
  try {
    await apiFetch(`/meetings/${encodeURIComponent(meetingId)}`);
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return false;
    throw error;
  }
}
