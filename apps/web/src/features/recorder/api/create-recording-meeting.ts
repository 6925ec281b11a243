import { meetingSchema, type ChannelLayout, type Meeting } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /api/meetings` for a new recording: the meeting is created marked recording, titled with
 * the day, short month and time.
 *
 * @param input.date when recording started
 * @param input.channels `['me','them']` for a recording of a call (microphone on channel 0, the
 *   call on channel 1); null or absent for the microphone alone
 * @throws ApiRequestError when the server refuses (e.g. 401 signed out)
 */
export function createRecordingMeeting(input: {
  title: string;
  date: Date;
  channels?: ChannelLayout;
}): Promise<Meeting> {
  return apiFetch('/meetings', meetingSchema, {
    method: 'POST',
    json: {
      title: input.title,
      isRecording: true,
      date: input.date.toISOString(),
      ...(input.channels ? { channels: input.channels } : {}),
    },
  });
}
