import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

/** Frequency bins (of 128 with fftSize 256, about 187 Hz each at 48 kHz) per bar: the voice range. */
const BANDS: readonly (readonly [number, number])[] = [
  [1, 2],
  [3, 4],
  [5, 8],
  [9, 14],
  [15, 25],
];

/** Smallest bar height, as a fraction, so a silent meter still reads as a meter. */
const FLOOR = 0.2;

/** Props of {@link LevelMeter}. */
export interface LevelMeterProps {
  /** The live signal's analyser; null draws a resting meter. */
  analyser: AnalyserNode | null;
  /** False while paused: bars rest and grey out. */
  active: boolean;
  /** What it measures, for screen readers; default 'Input level' (the microphone). */
  label?: string;
  /** Why it rests when not active, said after the label; default 'paused'. */
  restingNote?: string;
  /** Its test hook; default 'level-meter' (the microphone). */
  testId?: string;
  className?: string;
}

/**
 * The recorder's five-bar level meter, driven by a live signal (the microphone or the call)
 * through a Web Audio AnalyserNode. Bars are moved by writing their height directly on each animation frame: 60 React
 * renders a second would be wasted work.
 */
export function LevelMeter({
  analyser,
  active,
  label = 'Input level',
  restingNote = 'paused',
  testId = 'level-meter',
  className,
}: LevelMeterProps) {
  const barsRef = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    const bars = barsRef.current;
    const rest = () => {
      for (const bar of bars) if (bar) bar.style.height = `${FLOOR * 100}%`;
    };
    if (!analyser || !active) {
      rest();
      return;
    }
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = requestAnimationFrame(function draw() {
      analyser.getByteFrequencyData(data);
      BANDS.forEach(([from, to], i) => {
        let sum = 0;
        for (let bin = from; bin <= to; bin++) sum += data[bin] ?? 0;
        const level = Math.min(1, sum / (to - from + 1) / 255);
        const bar = bars[i];
        if (bar) bar.style.height = `${(FLOOR + (1 - FLOOR) * level) * 100}%`;
      });
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      rest();
    };
  }, [analyser, active]);

  return (
    <div
      role="img"
      aria-label={active ? label : `${label} (${restingNote})`}
      data-testid={testId}
      className={cn('flex h-12 items-end gap-1.5', className)}
    >
      {BANDS.map((_, i) => (
        <span
          key={i}
          ref={(node) => {
            barsRef.current[i] = node;
          }}
          className={cn(
            'w-2.5 rounded-full transition-[height,background-color] duration-100 ease-out',
            active ? 'bg-red-500 dark:bg-red-400' : 'bg-muted-foreground/40',
          )}
          style={{ height: `${FLOOR * 100}%` }}
        />
      ))}
    </div>
  );
}
