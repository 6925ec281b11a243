import { Label } from '@/components/ui/label';

/** Props of {@link LabelledSelect}. */
export interface LabelledSelectProps {
  /** The select's element id, which the label points at. */
  id: string;
  label: string;
  /** The chosen option's id. */
  value: string;
  /** The choices, in order: `id` is the value, `name` what is shown. */
  options: readonly { id: string; name: string }[];
  onChange: (id: string) => void;
  disabled?: boolean;
  /** Marks the select busy (its choices are still loading). */
  busy?: boolean;
  /** The wrapper's classes (label above select). */
  className: string;
  /** The select's own classes: each edit form keeps its input look. */
  selectClassName: string;
}

/**
 * A label over the browser's own `<select>`, as the inline edit forms of /todos use it (a
 * reminder's list, a Linear issue's state): keyboard and screen readers get the platform's picker.
 */
export function LabelledSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  busy,
  className,
  selectClassName,
}: LabelledSelectProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-busy={busy}
        className={selectClassName}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
