import { Headphones, Mic, MonitorSpeaker, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { browserCallCaptureSupport } from '../utils/call-capture-support';
import {
  RECORDING_SOURCES,
  SOURCE_LABELS,
  recordsCall,
  type RecordingSource,
} from '../utils/recording-source';

const ICONS: Record<RecordingSource, LucideIcon> = {
  microphone: Mic,
  'microphone-and-call': Headphones,
  call: MonitorSpeaker,
};

/** Props of {@link SourceChoice}. */
export interface SourceChoiceProps {
  value: RecordingSource;
  onChange: (source: RecordingSource) => void;
  disabled?: boolean;
}

/**
 * 'Record from': the microphone, the microphone and a call's audio, or the call alone. Under it,
 * what to pick in this browser's share picker, or why the call sources are disabled here.
 */
export function SourceChoice({ value, onChange, disabled }: SourceChoiceProps) {
  const [support] = useState(browserCallCaptureSupport);
  const labelId = useId();
  const hintId = useId();
  const showHint = recordsCall(value) || !support.available;
  return (
    <div className="flex w-full flex-col gap-2 text-left">
      <span id={labelId} className="text-sm font-medium">
        Record from
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        aria-describedby={showHint ? hintId : undefined}
        value={value}
        disabled={disabled}
        onValueChange={(next) => onChange(next as RecordingSource)}
        className="grid gap-2 sm:grid-cols-3"
      >
        {RECORDING_SOURCES.map((source) => {
          const Icon = ICONS[source];
          return (
            <RadioGroup.Item
              key={source}
              value={source}
              disabled={recordsCall(source) && !support.available}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-background px-3 py-2 text-left text-sm font-medium text-muted-foreground transition-colors outline-none',
                'hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                'data-[state=checked]:border-brand data-[state=checked]:bg-brand-soft data-[state=checked]:text-brand-soft-foreground',
                'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[disabled]:hover:bg-background',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {SOURCE_LABELS[source]}
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {showHint && (
        <p id={hintId} className="text-xs text-pretty text-muted-foreground">
          {support.hint}
        </p>
      )}
    </div>
  );
}
