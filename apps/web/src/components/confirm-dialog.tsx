import { AlertDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Label of the confirming button, e.g. 'Delete'. */
  confirmLabel: string;
  /** Called on the confirming button or Enter; the dialog closes afterwards. */
  onConfirm: () => void;
  /** Red confirming button for destructive actions. */
  destructive?: boolean;
  /**
   * Where the focus goes when the dialog closes and this element is still on the page: the control
   * that asked for it, for a dialog opened from a menu item (Radix would return the focus to the
   * item, gone by then, leaving keyboard users at the top of the page).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A confirm dialog (Enter confirms, Escape cancels). Radix AlertDialog gives the focus trap, Escape
 * and the alertdialog role; the confirming button takes the initial focus so Enter activates it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = false,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95"
          onOpenAutoFocus={(event) => {
            // Focus the confirming button, so Enter confirms (Radix would focus Cancel).
            event.preventDefault();
            (event.currentTarget as HTMLElement)
              .querySelector<HTMLButtonElement>('[data-confirm]')
              ?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                data-confirm=""
                variant={destructive ? 'destructive' : 'default'}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
