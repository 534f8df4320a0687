import { useRef, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { buttonVariants } from '@client/ui/button';
import { Spinner } from '@client/ui/spinner';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens, said plainly (read out with the title). */
  description: ReactNode;
  /** Facts shown between the description and the buttons (an amount, who is concerned). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
};

/**
 * An accessible confirmation (Radix AlertDialog: role alertdialog, focus trapped, Escape cancels, focus starts on
 * Cancel so Enter never confirms by accident and returns to the opener on close). The dialog stays open while
 * `busy`; the caller closes it when the action has answered.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  busyLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-gray-950/50 p-4 backdrop-blur-[1px] data-[state=open]:animate-fade-in">
          <AlertDialog.Content
            className="relative z-50 grid w-full max-w-md gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-xl focus:outline-none data-[state=open]:animate-zoom-in sm:p-6"
            onOpenAutoFocus={() => {
              const active = document.activeElement;
              opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            }}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
          >
            <div className="grid gap-1.5">
              <AlertDialog.Title className="break-words text-lg font-semibold leading-tight text-gray-900">{title}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-gray-600">{description}</AlertDialog.Description>
            </div>
            {children}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })} disabled={busy}>
                {cancelLabel}
              </AlertDialog.Cancel>
              <button
                type="button"
                className={cn(buttonVariants({ variant: destructive ? 'destructive' : 'default' }))}
                disabled={busy}
                aria-busy={busy}
                onClick={onConfirm}
              >
                {busy ? <Spinner label={busyLabel ?? `${confirmLabel}…`} className="text-white [&_svg]:text-white" /> : null}
                {confirmLabel}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
