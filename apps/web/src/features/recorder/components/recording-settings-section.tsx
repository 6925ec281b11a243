import { Switch } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { setRecordingSettings, useRecordingSettings } from '../utils/recording-settings';

function SettingSwitch({
  checked,
  disabled,
  onCheckedChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center disabled:cursor-not-allowed disabled:opacity-50 rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80"
    >
      <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5 dark:data-[state=checked]:bg-primary-foreground" />
    </Switch.Root>
  );
}

function SettingRow({
  title,
  description,
  control,
  titleId,
  descriptionId,
}: {
  title: ReactNode;
  description: ReactNode;
  control: ReactNode;
  titleId: string;
  descriptionId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={titleId} className="text-sm">
          {title}
        </span>
        <span id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </span>
      </div>
      {control}
    </div>
  );
}

/** A whole-number input that keeps what is typed and stores only valid values (1..max). */
function NumberSetting({
  id,
  value,
  max,
  unit,
  disabled,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  unit: string;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);
  const number = Number(shown);
  const valid = shown.trim() !== '' && Number.isInteger(number) && number >= 1 && number <= max;
  return (
    <div className="flex items-center gap-2">
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        disabled={disabled}
        value={shown}
        aria-invalid={!valid || undefined}
        className="h-8 w-20 text-right tabular-nums"
        onChange={(event) => {
          const next = event.currentTarget.value;
          setDraft(next);
          const parsed = Number(next);
          if (next.trim() !== '' && Number.isInteger(parsed) && parsed >= 1 && parsed <= max) {
            onChange(parsed);
          }
        }}
        onBlur={() => setDraft(null)}
      />
      <span className="w-7 text-xs text-muted-foreground">{unit}</span>
    </div>
  );
}

/** The 'Live transcript' switch: its value, stored on the server by the live feature. */
export interface LiveTranscriptSwitch {
  /** Undefined until the server answered (the switch is disabled meanwhile). */
  checked: boolean | undefined;
  onCheckedChange: (checked: boolean) => void;
}

/** The 'Live transcript' row of the section. */
function LiveTranscriptRow({ checked, onCheckedChange }: LiveTranscriptSwitch) {
  const base = useId();
  return (
    <SettingRow
      titleId={`${base}-title`}
      descriptionId={`${base}-desc`}
      title="Live transcript"
      description="Show a draft transcript while you record."
      control={
        <SettingSwitch
          checked={checked ?? false}
          disabled={checked === undefined}
          onCheckedChange={onCheckedChange}
          labelledBy={`${base}-title`}
          describedBy={`${base}-desc`}
        />
      }
    />
  );
}

/**
 * The 'Recording' section of Settings (defaults in): whether a live draft transcript shows while
 * recording (`liveTranscript`, the person's setting on the server, composed by the app layer from
 * the live feature; no row without it), and when a recording in progress offers a backup to
 * downloads (kept in this browser only). Handed to the Settings dialog through its `recording`
 * slot.
 */
export function RecordingSettingsSection({
  liveTranscript,
}: {
  liveTranscript?: LiveTranscriptSwitch;
}) {
  return (
    <div className="flex flex-col gap-4">
      {liveTranscript && <LiveTranscriptRow {...liveTranscript} />}
      <BackupSettingRows />
    </div>
  );
}

/** The backup offer's rows, kept in this browser. */
function BackupSettingRows() {
  const settings = useRecordingSettings();
  const base = useId();
  const ids = {
    auto: `${base}-auto`,
    autoDesc: `${base}-auto-desc`,
    threshold: `${base}-threshold`,
    thresholdDesc: `${base}-threshold-desc`,
    long: `${base}-long`,
    longDesc: `${base}-long-desc`,
    minutes: `${base}-minutes`,
    minutesDesc: `${base}-minutes-desc`,
  };
  return (
    <>
      <SettingRow
        titleId={ids.auto}
        descriptionId={ids.autoDesc}
        title="Auto backup"
        description="Offer to save a copy of a recording to your downloads."
        control={
          <SettingSwitch
            checked={settings.autoBackupEnabled}
            onCheckedChange={(checked) => setRecordingSettings({ autoBackupEnabled: checked })}
            labelledBy={ids.auto}
            describedBy={ids.autoDesc}
          />
        }
      />
      <SettingRow
        titleId={`${ids.threshold}-label`}
        descriptionId={ids.thresholdDesc}
        title={<Label htmlFor={ids.threshold}>Backup threshold</Label>}
        description="Offer the backup once the recording reaches this size."
        control={
          <NumberSetting
            id={ids.threshold}
            value={settings.backupThresholdMB}
            max={1000}
            unit="MB"
            disabled={!settings.autoBackupEnabled}
            onChange={(value) => setRecordingSettings({ backupThresholdMB: value })}
          />
        }
      />
      <SettingRow
        titleId={ids.long}
        descriptionId={ids.longDesc}
        title="Back up long recordings"
        description="Also offer it once a recording runs long."
        control={
          <SettingSwitch
            checked={settings.backupLongRecordings}
            onCheckedChange={(checked) => setRecordingSettings({ backupLongRecordings: checked })}
            labelledBy={ids.long}
            describedBy={ids.longDesc}
          />
        }
      />
      <SettingRow
        titleId={`${ids.minutes}-label`}
        descriptionId={ids.minutesDesc}
        title={<Label htmlFor={ids.minutes}>Long recording</Label>}
        description="How long counts as a long recording."
        control={
          <NumberSetting
            id={ids.minutes}
            value={settings.longRecordingMinutes}
            max={600}
            unit="min"
            disabled={!settings.autoBackupEnabled || !settings.backupLongRecordings}
            onChange={(value) => setRecordingSettings({ longRecordingMinutes: value })}
          />
        }
      />
    </>
  );
}
