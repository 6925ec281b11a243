import type { Jobs } from '../../jobs/boss.ts';
import type { MeetingProcessJob } from '../../jobs/payloads.ts';

/**
 * Enqueues the processing pipeline for a meeting whose audio is already stored. The job is
 * durable: it survives a restart of the server (pg-boss).
 * @returns the job id
 */
export async function enqueueMeetingProcessing(
  jobs: Jobs,
  job: MeetingProcessJob,
): Promise<string> {
  const id = await jobs.send('meeting.process', job);
  if (!id) throw new Error('meeting.process job was not created');
  return id;
}
