/**
 * Transcription of a two-channel call recording (channel 0 the account holder's microphone,
 * channel 1 the call): each channel on its own with the active provider, then merged by time
 * (./call-transcript.ts), with a mono mix stored for playback (./playback-mix.ts). A file marked
 * as a call that holds one channel is left to the ordinary path.
 */
import type { CallCapture, TranscriptionResult } from '@summy/core';
import { probeChannelCount, withChannelWavs } from '../audio/channels.ts';
import { log } from '../log.ts';
import { callSpeakerNames, mergeCallTranscriptions } from './call-transcript.ts';
import { storePlaybackMix } from './playback-mix.ts';
import { DEFAULT_LANGUAGE, type MeetingRun } from './run-context.ts';

/** What a call's merge adds to its transcription: saved with the meeting. */
export interface CallFindings {
  /** `summary_data.capture`. */
  capture: CallCapture;
  /** The names the speakers start with (label -> name): the holder's, maybe the other's. */
  speakerNames: Record<string, string>;
  /** Whether a mono mix for playback is stored beside the original. */
  playbackMix: boolean;
}

/** A transcription, with what merging found when it was a call's. */
export type MeetingTranscription = TranscriptionResult & { call?: CallFindings };

/**
 * Transcribes the call recording at `path` channel by channel and merges the two.
 * Speaker-count hints: 1 for the microphone; for the call, the linked event's attendees but the
 * holder, when it has two or more.
 * @returns null when the file has fewer than two channels (logged; it is transcribed as one)
 * @throws what the provider or ffmpeg throws; 'AbortError' when the run is stopped
 */
export async function transcribeCall(
  run: MeetingRun,
  path: string,
): Promise<MeetingTranscription | null> {
  const { signal, meeting, job } = run;
  const options = signal ? { signal } : {};
  const channels = await probeChannelCount(path, options);
  if (channels < 2) {
    log.warn(
      { meetingId: job.meetingId, channels },
      '[pipeline] a two-channel call recording holds one channel; transcribed as one source',
    );
    return null;
  }
  const attendees = meeting.attendees?.length ?? 0;
  const them = async (file: string) =>
    transcribeChannel(run, file, attendees >= 2 ? attendees - 1 : undefined);
  const [mine, theirs] = run.tools.stt.transcribeChannels
    ? await run.tools.stt.transcribeChannels(sttInput(run, path))
    : await withChannelWavs(
        path,
        async ([mic, call]) => [await transcribeChannel(run, mic, 1), await them(call)] as const,
        { ...options, ...(run.deps.tmpDir && { tmpDir: run.deps.tmpDir }) },
      );
  const merged = mergeCallTranscriptions(mine, theirs);
  const speakerNames = callSpeakerNames(
    merged.holderSpeaker,
    meeting.holder,
    meeting.attendees,
    theirs.speakers.map((t) => t.speaker),
  );
  const playbackMix = await storePlaybackMix(run, path);
  return { ...merged.result, call: { capture: merged.capture, speakerNames, playbackMix } };
}

/** One channel's file through the active provider, with its speaker-count hint. */
function transcribeChannel(run: MeetingRun, path: string, speakerCount: number | undefined) {
  return run.tools.stt.transcribe({
    ...sttInput(run, path),
    mimeType: 'audio/wav',
    ...(speakerCount !== undefined && { speakerCount }),
  });
}

/** The provider's input for a file of the run. */
function sttInput({ job, signal }: MeetingRun, path: string) {
  return {
    path,
    mimeType: job.mimeType,
    language: DEFAULT_LANGUAGE,
    ...(signal ? { signal } : {}),
  };
}
