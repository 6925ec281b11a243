/**
 * The meeting's recording as the view plays it: the signed audio address (renewed when it
 * expires), the length used to place each transcript turn in time, the turn being played, and
 * playing from a turn's start.
 */
import type { Meeting, TranscriptTurn } from '@summy/core';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useAudioUrl } from '@/features/meetings/api/get-audio-url';
import { activeTurnIndex, turnStarts, type TurnStart } from './meeting-time';

/** What {@link useMeetingPlayback} gives. */
export interface MeetingPlayback {
  /** True when the meeting has audio and its address could be had: the player is drawn. */
  showPlayer: boolean;
  /** The player's element. */
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The signed audio address, once loaded. */
  src: string | undefined;
  /** The length to show before the file reports its own, in seconds. */
  fallbackDuration: number;
  /** Where each transcript turn starts in the recording (null where unknown). */
  starts: (TurnStart | null)[];
  /** The turn being played, or -1 before playback started. */
  activeIndex: number;
  /** The player's time updates: `seconds` into the file, `playing` or not. */
  onTime: (seconds: number, playing: boolean) => void;
  /** Plays the recording from the start of turn `index`. */
  playTurn: (index: number) => void;
  /** Asks for a fresh signed address (the previous one expired). */
  renewAudioUrl: () => void;
}

/** Playback state of `meeting`, whose transcript parses to `turns`. */
export function useMeetingPlayback(
  meeting: Meeting,
  turns: readonly TranscriptTurn[],
): MeetingPlayback {
  const hasAudio = Boolean(meeting.audioUrl);
  const audioUrl = useAudioUrl(meeting.id, { enabled: hasAudio });
  const audioRef = useRef<HTMLAudioElement>(null);
  const [fileDuration, setFileDuration] = useState(0);
  const lastTurnEnd = meeting.turnTimes.reduce((max, time) => Math.max(max, time.end), 0);
  // Before the file reports its length, the last timed turn or the meeting's minutes stand in.
  const fallbackDuration = Math.max(lastTurnEnd, meeting.duration * 60);
  const durationSeconds = fileDuration > 0 ? fileDuration : fallbackDuration;

  const starts = useMemo(
    () => turnStarts(turns, meeting.transcript?.length ?? 0, meeting.turnTimes, durationSeconds),
    [turns, meeting.transcript, meeting.turnTimes, durationSeconds],
  );

  const [activeIndex, setActiveIndex] = useState(-1);
  const onTime = useCallback(
    (seconds: number, playing: boolean) => {
      const audio = audioRef.current;
      if (audio && Number.isFinite(audio.duration) && audio.duration > 0) {
        setFileDuration(audio.duration);
      }
      // Highlight a turn only once playback has started, not at 00:00 on a fresh page.
      setActiveIndex(playing || seconds > 0 ? activeTurnIndex(starts, seconds) : -1);
    },
    [starts],
  );

  const playTurn = useCallback(
    (index: number) => {
      const audio = audioRef.current;
      const start = starts[index];
      if (!audio || !start) return;
      audio.currentTime = start.start;
      void audio.play().catch(() => undefined);
    },
    [starts],
  );

  const renewAudioUrl = useCallback(() => void audioUrl.refetch(), [audioUrl]);

  return {
    showPlayer: hasAudio && !audioUrl.isError,
    audioRef,
    src: audioUrl.data?.url,
    fallbackDuration,
    starts,
    activeIndex,
    onTime,
    playTurn,
    renewAudioUrl,
  };
}
