/**
 * A compact player for a meeting's recording; clicking a transcript turn seeks it to that turn. The
 * `<audio>` element is owned by the caller (through `audioRef`) so the transcript can seek it; this
 * component draws the controls.
 */
import { formatPlaybackTime } from '@summy/core';
import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '@/lib/utils';

/** Playback speeds the speed button cycles through. */
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

/** A failing URL is replaced at most this often. */
const RENEW_AT_MOST_EVERY_MS = 60_000;

/** Props of {@link AudioPlayer}. */
export interface AudioPlayerProps {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The signed URL; undefined while it is being fetched. */
  src: string | undefined;
  /**
   * Length to show when the file does not say (a browser recording's WebM has no duration in its
   * header), in seconds.
   */
  fallbackDuration: number;
  /** Called when the URL stopped working (expired): the caller fetches a fresh one. */
  onExpired: () => void;
  /** Reports the playback position (about four times a second while playing, and on seeks). */
  onTime?: (seconds: number, playing: boolean) => void;
  className?: string;
}

/**
 * The length the player shows, in seconds: the file's own when it says, else `fallback`; 0 when
 * neither is a finite length (a stored 1e308 minutes is Infinity seconds and must not reach the
 * slider).
 */
function playerDuration(fileDuration: number, fallback: number): number {
  if (Number.isFinite(fileDuration) && fileDuration > 0) return fileDuration;
  return Number.isFinite(fallback) ? fallback : 0;
}

/** A fresh URL (the old one is about to expire) replaces the source without losing the place. */
function useSourceSwap(audioRef: RefObject<HTMLAudioElement | null>, src: string | undefined) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src || audio.src === src) return;
    const at = audio.currentTime;
    const wasPlaying = !audio.paused;
    audio.src = src;
    if (at > 0 || wasPlaying) {
      audio.addEventListener(
        'loadedmetadata',
        () => {
          audio.currentTime = at;
          if (wasPlaying) void audio.play().catch(() => undefined);
        },
        { once: true },
      );
    }
  }, [audioRef, src]);
}

/** The `<audio>` element's state as the controls draw it, kept by its events. */
function useAudioState(
  audioRef: RefObject<HTMLAudioElement | null>,
  onExpired: () => void,
  onTime: AudioPlayerProps['onTime'],
) {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [fileDuration, setFileDuration] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const lastRenewal = useRef(0);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const report = () => {
      setTime(audio.currentTime);
      onTime?.(audio.currentTime, !audio.paused);
    };
    const onPause = () => {
      setPlaying(false);
      setWaiting(false);
      report();
    };
    const onDuration = () => setFileDuration(audio.duration);
    const onError = () => {
      setPlaying(false);
      setWaiting(false);
      // A 403 from an expired signature (or a storage hiccup) is fixed by a new URL; at most once
      // a minute, so a file the browser cannot play does not refetch in a loop.
      if (Date.now() - lastRenewal.current > RENEW_AT_MOST_EVERY_MS) {
        lastRenewal.current = Date.now();
        onExpired();
      }
    };
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      [
        'play',
        () => {
          setPlaying(true);
          report();
        },
      ],
      ['pause', onPause],
      ['ended', onPause],
      ['timeupdate', report],
      ['seeked', report],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['waiting', () => setWaiting(true)],
      ['playing', () => setWaiting(false)],
      ['error', onError],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
    };
  }, [audioRef, onExpired, onTime]);

  return { playing, waiting, time, setTime, fileDuration };
}

/** Play or pause; a spinner while the URL loads or playback waits for data. */
function PlayButton({
  ready,
  playing,
  waiting,
  onClick,
}: {
  ready: boolean;
  playing: boolean;
  waiting: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={!ready}
      aria-label={playing ? 'Pause recording' : 'Play recording'}
      className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xs transition-colors outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-50"
    >
      {!ready || (waiting && playing) ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : playing ? (
        <Pause className="size-4 fill-current" aria-hidden="true" />
      ) : (
        <Play className="size-4 translate-x-px fill-current" aria-hidden="true" />
      )}
    </button>
  );
}

/** The seek bar, filled up to `time` of `duration` (seconds). */
function SeekBar({
  time,
  duration,
  ready,
  onSeek,
}: {
  time: number;
  duration: number;
  ready: boolean;
  onSeek: (seconds: number) => void;
}) {
  const max = Math.max(duration, time, 0.001);
  const percent = Math.min(100, (time / max) * 100);
  return (
    <input
      type="range"
      min={0}
      max={max}
      step={0.1}
      value={Math.min(time, max)}
      disabled={!ready}
      onChange={(event) => onSeek(Number(event.currentTarget.value))}
      aria-label="Seek"
      aria-valuetext={`${formatPlaybackTime(time)} of ${formatPlaybackTime(duration)}`}
      className={cn(
        'h-1.5 min-w-0 flex-1 cursor-pointer appearance-none rounded-full outline-none disabled:cursor-default',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
        '[&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-background [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow',
        '[&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-background [&::-moz-range-thumb]:bg-primary',
      )}
      style={{
        background: `linear-gradient(to right, var(--primary) ${percent}%, var(--muted) ${percent}%)`,
      }}
    />
  );
}

/** Play/pause, elapsed time, a seek bar, the length and the speed. */
export function AudioPlayer({
  audioRef,
  src,
  fallbackDuration,
  onExpired,
  onTime,
  className,
}: AudioPlayerProps) {
  // Declared first, as the source swap's effect runs before the element's listeners are set.
  useSourceSwap(audioRef, src);
  const { playing, waiting, time, setTime, fileDuration } = useAudioState(
    audioRef,
    onExpired,
    onTime,
  );
  const [rate, setRate] = useState<(typeof PLAYBACK_RATES)[number]>(1);
  const duration = playerDuration(fileDuration, fallbackDuration);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  };

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
  };

  const nextRate = () => {
    const next = PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate) + 1) % PLAYBACK_RATES.length]!;
    setRate(next);
    if (audioRef.current) audioRef.current.playbackRate = next;
  };

  const ready = Boolean(src);

  return (
    <div
      role="group"
      aria-label="Recording"
      className={cn('flex items-center gap-2 sm:gap-3', className)}
    >
      <audio ref={audioRef} preload="metadata" className="hidden" />
      <PlayButton ready={ready} playing={playing} waiting={waiting} onClick={toggle} />
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatPlaybackTime(time)}
      </span>
      <SeekBar time={time} duration={duration} ready={ready} onSeek={seek} />
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatPlaybackTime(duration)}
      </span>
      <button
        type="button"
        onClick={nextRate}
        aria-label={`Playback speed ${rate}x`}
        className="h-7 shrink-0 cursor-pointer rounded-md px-1.5 text-xs font-medium text-muted-foreground tabular-nums transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {rate}x
      </button>
    </div>
  );
}
