import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';

/** Props of {@link UploadAsCallCheckbox}. */
export interface UploadAsCallCheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * 'Left is me, right is the call': marks the next uploaded file as a two-channel call recording
 * (left channel the user's microphone, right the call), which the server then transcribes per
 * channel with the user's own echo of the call hidden (docs/product.md#recording-and-uploads).
 */
export function UploadAsCallCheckbox({ checked, onCheckedChange }: UploadAsCallCheckboxProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <Checkbox
        id={id}
        className="mt-0"
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
      />
      <label htmlFor={id} className="cursor-pointer">
        Left is me, right is the call
      </label>
    </div>
  );
}
