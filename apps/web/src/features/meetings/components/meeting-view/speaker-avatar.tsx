/**
 * The round avatar of a transcript speaker (one card per speaker turn has avatar and name):
 * initials on a colour that stays the same for a speaker within a meeting.
 */
import { cn } from '@/lib/utils';

/** Avatar colours, light and dark; speakers take them in order of first appearance. */
export const SPEAKER_COLORS = [
  'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300',
  'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/20 dark:text-emerald-300',
  'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300',
  'bg-rose-100 text-rose-700 dark:bg-rose-500/20 dark:text-rose-300',
  'bg-sky-100 text-sky-700 dark:bg-sky-500/20 dark:text-sky-300',
  'bg-violet-100 text-violet-700 dark:bg-violet-500/20 dark:text-violet-300',
  'bg-teal-100 text-teal-700 dark:bg-teal-500/20 dark:text-teal-300',
  'bg-orange-100 text-orange-800 dark:bg-orange-500/20 dark:text-orange-300',
] as const;

/**
 * Initials of a speaker label: 'Speaker 2' gives 'S2', 'Mary Ann Smith' gives 'MA', 'Unknown' gives
 * 'U'.
 */
export function speakerInitials(speaker: string): string {
  const numbered = /^speaker\s+(\d+)$/i.exec(speaker.trim());
  if (numbered) return `S${numbered[1]}`;
  const words = speaker.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]!.toUpperCase());
  return letters.join('') || '?';
}

/**
 * Gives each speaker of a meeting a colour slot in order of first appearance, so the first two
 * speakers always differ.
 *
 * @returns speaker label to index into {@link SPEAKER_COLORS}
 */
export function speakerColorSlots(turns: readonly { speaker: string }[]): Map<string, number> {
  const slots = new Map<string, number>();
  for (const { speaker } of turns) {
    if (!slots.has(speaker)) slots.set(speaker, slots.size % SPEAKER_COLORS.length);
  }
  return slots;
}

/** Props of {@link SpeakerAvatar}. */
export interface SpeakerAvatarProps {
  speaker: string;
  /** Index into {@link SPEAKER_COLORS}. */
  slot: number;
  className?: string;
}

/** A speaker's initials in a coloured circle; decorative, since the name is written beside it. */
export function SpeakerAvatar({ speaker, slot, className }: SpeakerAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold select-none',
        SPEAKER_COLORS[slot % SPEAKER_COLORS.length],
        className,
      )}
    >
      {speakerInitials(speaker)}
    </span>
  );
}
