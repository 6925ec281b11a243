/**
 * `meeting.process`: transcribe, title, speakers, summary, action items, save. Workers send
 * heartbeats; a job whose server died is retried once `heartbeatSeconds` pass without one. A
 * finished meeting is sent to the user's webhooks (`meeting.processed`).
 */
import {
  abandonMeeting,
  processMeeting,
  type PipelineDeps,
} from '../../pipeline/process-meeting.ts';
import type { ToolResolver } from '../../pipeline/tools.ts';
import { untilMeetingDeleted } from '../../services/meetings/watch-meeting-deletion.ts';
import { notifyMeetingProcessed } from '../../services/webhooks/notify-meeting-processed.ts';
import type { AppDeps } from '../../deps.ts';
import { measuredStt } from '../../metrics/stt.ts';
import { MEETING_PROCESS } from '../payloads.ts';
import { defineQueue } from '../queue.ts';
import { scratchDir } from '../../storage/scratch.ts';

/** The queue of the meeting pipeline; what its worker needs. */
export const meetingProcessQueue = defineQueue({
  ...MEETING_PROCESS,
  options: {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 10,
  },
  // One job at a time per process: speech to text uses both cores.
  kind: 'transcription',
  work: { localConcurrency: 1, pollingIntervalSeconds: 1 },
  async handler(
    deps: PipelineDeps & Pick<AppDeps, 'jobs' | 'env'> & { resolveTools: ToolResolver },
    [job],
  ) {
    const resolved = await deps.resolveTools(job.data);
    // Measured here, so configured and scripted providers alike report their real-time factor.
    const tools = { ...resolved, stt: measuredStt(resolved.stt) };
    // A delete of the meeting stops transcription and generation at once, not at the job's next
    // heartbeat; the job then ends as 'meeting-gone' instead of being retried.
    const outcome = await untilMeetingDeleted(
      deps.database,
      job.data.meetingId,
      job.signal,
      // Temporary audio stays in this process's scratch folder, never the shared /tmp.
      (signal) =>
        processMeeting({ ...deps, tmpDir: scratchDir(deps.env.dataDir) }, job.data, tools, signal),
      'meeting-gone' as const,
    );
    await notifyMeetingProcessed(deps, job.data.userId, job.data.meetingId, outcome);
    return { outcome };
  },
  // Out of retries: clear the flags and tell the user, keeping the audio.
  onExhausted: (deps, data) => abandonMeeting(deps, data),
});
