import type { RefObject } from 'react';
import type { Booking } from '@domain/bookings/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { CheckoutFlow, type CheckoutItem } from './checkout-flow';

export type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lines to book, or... */
  items?: CheckoutItem[];
  /** ...an existing pending booking to pay. */
  booking?: Booking;
  serviceName: string;
  successTitle?: string;
  onPaid?: (booking: Booking) => void;
  /** Where keyboard focus goes when the dialog closes; by default the element that had focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** The payment dialog (spec 000 section 4, 'Card payment'): small width, closes itself after a successful payment. */
export function CheckoutDialog({ open, onOpenChange, items, booking, serviceName, successTitle, onPaid, returnFocusRef }: CheckoutDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onInteractOutside={(e) => e.preventDefault()}
        returnFocusRef={returnFocusRef}
      >
        <DialogHeader>
          <DialogTitle>{booking ? `Pay for booking #${booking.id}` : 'Complete your booking'}</DialogTitle>
          <DialogDescription className="break-words">{serviceName}</DialogDescription>
        </DialogHeader>
        {/* Content unmounts when closed, so every opening starts a fresh checkout. */}
        <CheckoutFlow
          items={items}
          booking={booking}
          serviceName={serviceName}
          successTitle={successTitle}
          onPaid={(paid) => {
            onPaid?.(paid);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
