import { forwardRef, useRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes, type RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

const overlayClasses =
  'fixed inset-0 z-50 bg-gray-950/50 backdrop-blur-[1px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';

export const DialogOverlay = forwardRef<
  ComponentRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return <DialogPrimitive.Overlay ref={ref} className={cn(overlayClasses, className)} {...props} />;
});

/** Whether keyboard focus is inside a dialog that is open (not one closing). */
function focusHeldByOpenDialog(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
}

type DialogContentProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
  /** Hide the corner close button (the dialog still closes with Escape and outside clicks). */
  hideClose?: boolean;
  /** Where focus goes on close; by default the element that had focus when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * Centred modal. The content sits inside a scrollable overlay so tall dialogs scroll on small phones
 * instead of being cut off. On close, focus returns to the element that had it when the dialog opened: Radix does
 * this only for a `DialogTrigger`, and most of our dialogs open from state, which would drop focus on <body>.
 */
export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(function DialogContent(
  { className, children, hideClose = false, returnFocusRef, onOpenAutoFocus, onCloseAutoFocus, ...props },
  ref,
) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn(overlayClasses, 'grid place-items-center overflow-y-auto p-4')}>
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'relative z-50 grid w-full max-w-lg gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-xl sm:p-6',
            'focus:outline-none data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
            className,
          )}
          onOpenAutoFocus={(event) => {
            // Runs before focus moves into the dialog, so the active element is still the opener.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            if (focusHeldByOpenDialog()) {
              // A dialog opened as this one closed (the cart's Checkout opens the checkout) keeps the focus it took.
              // Moving it back to the opener would make that dialog's focus trap bounce it back, selecting whatever
              // had been typed so far, so the next key replaced it.
              event.preventDefault();
              return;
            }
            const target = returnFocusRef?.current ?? opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...props}
        >
          {children}
          {hideClose ? null : (
            <DialogPrimitive.Close
              className="absolute right-3 top-3 rounded-md p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Overlay>
    </DialogPrimitive.Portal>
  );
});

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const DialogTitle = forwardRef<ComponentRef<typeof DialogPrimitive.Title>, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(
  function DialogTitle({ className, ...props }, ref) {
    return <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold leading-tight text-gray-900', className)} {...props} />;
  },
);

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-gray-600', className)} {...props} />;
});
