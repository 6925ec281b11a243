/**
 * Registers the job workers of this process. Every server process works jobs, so a job enqueued
 * by one server can run on another; a job of a killed server is retried by the survivors or by
 * the same server after restart.
 */
import type { JobWithMetadata } from 'pg-boss';
import { abandonMeeting, processMeeting, type PipelineDeps } from '../pipeline/process-meeting.ts';
import type { PipelineTools } from '../pipeline/tools.ts';
import type { MeetingProcessJob } from '../services/processing/enqueue-meeting-processing.ts';
import type { Jobs } from './boss.ts';

/** Chooses the providers for a job (per user: AI preferences). */
export type ToolResolver = (job: MeetingProcessJob) => Promise<PipelineTools>;

/** Starts the `meeting.process` worker (one job at a time per process: STT uses both cores). */
export async function startMeetingWorker(
  jobs: Jobs,
  deps: PipelineDeps,
  resolveTools: ToolResolver,
): Promise<void> {
  await jobs.boss.work(
    'meeting.process',
    { includeMetadata: true, localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: JobWithMetadata<MeetingProcessJob>[]) => {
      if (!job) return;
      try {
        return {
          outcome: await processMeeting(deps, job.data, await resolveTools(job.data), job.signal),
        };
      } catch (err) {
        // Out of retries: clear the flags and tell the user, keeping the audio.
        if (job.retryCount >= job.retryLimit) await abandonMeeting(deps, job.data);
        throw err;
      }
    },
  );
}
