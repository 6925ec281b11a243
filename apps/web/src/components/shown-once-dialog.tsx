/**
 * A dialog that shows a credential the server keeps only a hash or a ciphertext of (a personal API
 * key, a webhook's signing secret): the only time it is shown, selected on focus, with Copy and
 * Done. Closing it forgets the value.
 */
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';

/** Props of {@link ShownOnceDialog}: open while `value` is set. */
export interface ShownOnceDialogProps {
  /** The credential; null closes the dialog. */
  value: string | null;
  title: string;
  /** Why it is shown once and what to do if it is lost. */
  description: ReactNode;
  /** The field's accessible name ('API key', 'Signing secret'). */
  label: string;
  /** The toast after a copy ('API key copied'). */
  copied: string;
  /** The toast when the clipboard refuses ('Copy failed: select the key and copy it'). */
  copyFailed: string;
  onClose: () => void;
}

/** The dialog. */
export function ShownOnceDialog({
  value,
  title,
  description,
  label,
  copied,
  copyFailed,
  onClose,
}: ShownOnceDialogProps) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Input
          readOnly
          value={value ?? ''}
          aria-label={label}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              void navigator.clipboard.writeText(value ?? '').then(
                () => toast.success(copied),
                () => toast.error(copyFailed),
              )
            }
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
