/**
 * Settings > Administration > Sign-up: who may create an account, as three radio choices. The
 * choice is stored on the server and overrides its SIGNUP setting; the line under the choices
 * says which of the two decides now.
 */
import type { SignupModeValue } from '@summy/core';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSignupMode } from '../api/get-signup-mode';
import { useSetSignupMode } from '../api/set-signup-mode';

const MODES: { value: SignupModeValue; label: string; hint: string }[] = [
  { value: 'open', label: 'Open', hint: 'Anyone who reaches this server can create an account.' },
  {
    value: 'invite',
    label: 'By invitation',
    hint: 'Only the invited addresses below can create an account.',
  },
  { value: 'closed', label: 'Closed', hint: 'Nobody can create an account.' },
];

/** The sign-up mode block. */
export function SignupModeSection({ labelledBy }: { labelledBy: string }) {
  const setting = useSignupMode();
  const set = useSetSignupMode();
  const name = useId();
  if (setting.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading…
      </p>
    );
  if (setting.isError) return <p className="text-sm text-destructive">Failed to load</p>;
  const current = set.isPending ? set.variables : setting.data.mode;
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-col gap-1.5">
        {MODES.map((mode) => (
          <label
            key={mode.value}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              current === mode.value && 'border-primary bg-accent/40',
            )}
          >
            <input
              type="radio"
              name={name}
              value={mode.value}
              checked={current === mode.value}
              onChange={() =>
                set.mutate(mode.value, {
                  onSuccess: () => toast.success(`Sign-up is now: ${mode.label}`),
                  onError: (err) =>
                    toast.error('Failed to change sign-up', { description: err.message }),
                })
              }
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium">{mode.label}</span>
              <span className="text-xs text-muted-foreground">{mode.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {setting.data.source === 'settings'
          ? 'Set here; it overrides the server’s SIGNUP setting.'
          : 'From the server’s SIGNUP setting until you choose here.'}{' '}
        Existing accounts always sign in.
      </p>
    </div>
  );
}
