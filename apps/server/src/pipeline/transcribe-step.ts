/**
 * Steps 1 and 2 of the pipeline: transcribe the stored audio, and save at once what a failed or
 * speechless transcription leaves (the audio is kept either way).
 */
import { hasSpeech, NOTICES } from '@summy/core';
import { AudioProbeError, probeAudio } from '../audio/ffmpeg.ts';
import { SttError } from '../providers/stt/types.ts';
import { log } from '../log.ts';
import { DEFAULT_LANGUAGE, transcribedBy, type MeetingRun } from './run-context.ts';
import { saveResults } from './save-results.ts';
import { transcribeCall, type MeetingTranscription } from './transcribe-call.ts';

/**
 * Transcribes the run's audio. An upload is probed first so a truncated file fails clearly.
 * @returns the transcription with speech, or the outcome when the run ends here: the failure or
 *   the silence is already saved and told
 * @throws the error when the run was stopped (its signal aborted), and database errors
 */
export async function transcribeStep(
  run: MeetingRun,
): Promise<MeetingTranscription | 'transcription-failed' | 'no-speech'> {
  await run.progress('Transcribing');
  let result: MeetingTranscription;
  try {
    result = await transcribe(run);
  } catch (err) {
    // Stopped (the meeting was deleted, or the job was stopped to be retried): nothing to record.
    if (run.signal?.aborted) throw err;
    await saveFailure(run, err);
    return 'transcription-failed';
  }
  if (hasSpeech(result)) return result;
  await saveNoSpeech(run, result);
  return 'no-speech';
}

/**
 * Runs the speech-to-text provider on a local copy of the audio: channel by channel for a
 * two-channel call recording (./transcribe-call.ts), else the whole file.
 */
async function transcribe(run: MeetingRun): Promise<MeetingTranscription> {
  const { deps, job, tools, signal, meeting, isUpload } = run;
  return deps.storage.withLocalFile(job.audioKey, async (path) => {
    // An uploaded file must be whole: a truncated one fails clearly instead of yielding half a
    // meeting. A recording may end early (a crashed tab) and is transcribed as far as it goes.
    if (isUpload) await probeAudio(path, signal ? { signal } : {});
    const call = meeting.channels ? await transcribeCall(run, path) : null;
    if (call) return call;
    return tools.stt.transcribe({
      path,
      mimeType: job.mimeType,
      language: DEFAULT_LANGUAGE,
      ...(signal ? { signal } : {}),
      // The linked event's attendees: a hint for how many voices to find.
      ...((meeting.attendees?.length ?? 0) >= 2 && { speakerCount: meeting.attendees!.length }),
    });
  });
}

/** A failure keeps the audio and saves the meeting without a transcript. */
async function saveFailure(run: MeetingRun, err: unknown): Promise<void> {
  const { job, again, isUpload } = run;
  log.error({ err, meetingId: job.meetingId }, '[pipeline] transcription failed');
  const processingError = describeFailure(err);
  // Run again, a meeting keeps the transcript it had: a worse outcome must not erase it.
  await saveResults(
    run.deps,
    job,
    again ? {} : { transcript: null, summaryData: { processingError } },
  );
  const failed = again
    ? NOTICES.retranscriptionFailed
    : isUpload
      ? NOTICES.uploadFailed
      : NOTICES.transcriptionFailed;
  await run.notice({ ...failed, details: `${processingError.error}: ${processingError.details}` });
}

/** No speech: keep the audio with an empty transcript. */
async function saveNoSpeech(run: MeetingRun, result: MeetingTranscription): Promise<void> {
  // Run again, the earlier summary and turn times no longer describe an empty transcript.
  await saveResults(run.deps, run.job, {
    transcript: '',
    duration: result.duration / 60,
    summaryData: {
      transcription: transcribedBy(run.tools.stt),
      // A silent call still plays its mono mix.
      ...(result.call?.playbackMix && { playbackMix: true }),
    },
    ...(run.again
      ? {
          summary: null,
          summaryModel: null,
          summaryTemplate: null,
          notesEngine: null,
          participants: [],
        }
      : {}),
  });
  await run.notice(run.isUpload ? NOTICES.uploadNoSpeech : NOTICES.recordingNoSpeech);
}

/** The documented message for a failed transcription, with the cause as details. */
function describeFailure(err: unknown): { error: string; details: string } {
  if (err instanceof AudioProbeError)
    return { error: 'Transcription failed', details: err.message };
  if (err instanceof SttError) return { error: err.message, details: err.details };
  return { error: 'Transcription failed', details: (err as Error).message ?? String(err) };
}
