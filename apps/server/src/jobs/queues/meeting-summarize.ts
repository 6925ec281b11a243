/**
 * `meeting.summarize`: re-summarise a meeting's stored transcript with a chosen model and
 * template (`POST /api/meetings/:id/summary`). A vendor failure is recorded on the meeting, not
 * retried (the AI SDK already retried 429 and 5xx); a retry is for a crashed server or a lost
 * database. Two jobs at a time per process but one per user (jobs are grouped by user id): a user
 * with several queued regenerations does not hold both slots while another user's summary waits
 * (docs/decisions/036-heavy-work-off-the-request-path.md). pg-boss's `localGroupConcurrency`,
 * which this process enforces in memory and corrects after a fetch, not its database-wide
 * `groupConcurrency`: the two slots fetch at the same moment, and each claimed one of the same
 * user's jobs before either was active, so both slots waited on one user (seen in 3 of 5 runs of
 * the concurrency test on PostgreSQL). Across servers a user may have one running per process,
 * within the cap of 3 queued or running per user.
 */
import {
  failSummary,
  regenerateSummary,
  type SummaryJobDeps,
  type SummaryModelResolver,
} from '../../pipeline/regenerate-summary.ts';
import { untilMeetingDeleted } from '../../services/meetings/watch-meeting-deletion.ts';
import { MEETING_SUMMARIZE } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

/** The queue of summary regenerations. */
export const meetingSummarizeQueue = defineQueue({
  ...MEETING_SUMMARIZE,
  options: {
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    // A long transcript on a slow local model: the text model's own limit is 5 minutes a call.
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  kind: 'notes',
  work: { localConcurrency: 2, localGroupConcurrency: 1, pollingIntervalSeconds: 1 },
  async handler(deps: SummaryJobDeps & { resolveModel: SummaryModelResolver }, [job]) {
    const model = await deps.resolveModel(job.data);
    // A delete of the meeting stops the generation at once, not at the job's next heartbeat.
    const outcome = await untilMeetingDeleted(
      deps.database,
      job.data.meetingId,
      job.signal,
      (signal) => regenerateSummary(deps, job.data, model, signal),
      'meeting-gone' as const,
    );
    return { outcome };
  },
  // The meeting keeps its old summary, with the error recorded.
  onExhausted: (deps, data, err) =>
    failSummary(
      deps,
      data,
      `Summary generation failed: ${(err as Error)?.message ?? String(err)}`,
    ).then(() => undefined),
});
