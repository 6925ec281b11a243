/**
 * Colours of calendar events, one hue per linked Google account so work and personal events are
 * told apart at a glance; every pair is readable in light and dark.
 */

/** Classes of one account's events: solid (accepted, tentative) and outlined (needsAction). */
export interface EventTone {
  /** Background and text of an answered event, with its left accent. */
  solid: string;
  /** Dashed outline and text of an unanswered event. */
  outline: string;
  /** A small swatch (all-day bars in the expanded row use `solid`). */
  dot: string;
}

const TONES: readonly EventTone[] = [
  {
    solid: 'border-brand bg-brand-soft text-brand-soft-foreground',
    outline: 'border-brand/70 text-brand-soft-foreground',
    dot: 'bg-brand',
  },
  {
    solid:
      'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200',
    outline: 'border-emerald-500/80 text-emerald-800 dark:text-emerald-200',
    dot: 'bg-emerald-500',
  },
  {
    solid: 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
    outline: 'border-amber-500/80 text-amber-800 dark:text-amber-200',
    dot: 'bg-amber-500',
  },
  {
    solid: 'border-rose-500 bg-rose-50 text-rose-900 dark:bg-rose-500/15 dark:text-rose-200',
    outline: 'border-rose-500/80 text-rose-800 dark:text-rose-200',
    dot: 'bg-rose-500',
  },
];

/**
 * The tone of an account's events: its place among the linked accounts (`accountOrder`, primary
 * first as the app layer gives it), so a colour does not move when a week lacks some account.
 */
export function eventTone(accountId: string, accountOrder: readonly string[]): EventTone {
  const index = Math.max(accountOrder.indexOf(accountId), 0);
  return TONES[index % TONES.length]!;
}
