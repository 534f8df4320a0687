import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Booking, Delivery } from '@domain/bookings/schemas';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { CheckoutFlow, type CheckoutItem } from './checkout-flow';
import { bookingDeliveries } from './deliveries';
import { DeliveryList } from './delivery-list';
import { keepDialogForSuggestions } from './fulfilment-form';

export type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lines to book, or... */
  items?: CheckoutItem[];
  /** ...an existing pending booking to pay. */
  booking?: Booking;
  serviceName: string;
  successTitle?: string;
  /** The success toast's description (default: 'Thank you for booking <serviceName>!'). */
  successDescription?: string;
  onPaid?: (booking: Booking) => void;
  /**
   * The lines were refused as not available (409, with the server's reason): the dialog closes and this screen shows
   * the reason with other dates. Without it, the reason shows in the dialog.
   */
  onUnavailable?: (message: string) => void;
  /**
   * After payment, keep the dialog open on a list of the booking's deliveries (tracking numbers and Track links)
   * instead of closing: always (true), or when this says so for the paid deliveries. Off by default, for screens
   * that show their own result (the taxi section's booked panel).
   */
  listDeliveries?: boolean | ((deliveries: Delivery[]) => boolean);
  /**
   * After payment, land on the booking's confirmation screen (/bookings/:id/confirmation: the receipt, the tracking
   * links, what happens next). On by default, unless the deliveries are listed in the dialog or this is false (the
   * taxi section's own panel follows its ride).
   */
  confirmation?: boolean;
  /** Where keyboard focus goes when the dialog closes; by default the element that had focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * The payment dialog (spec 000 section 4, 'Card payment'): small width; after a successful payment it closes and the
 * customer lands on the booking's confirmation screen (or sees the deliveries listed in the dialog).
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  items,
  booking,
  serviceName,
  successTitle,
  successDescription,
  onPaid,
  onUnavailable,
  listDeliveries = false,
  confirmation = listDeliveries === false,
  returnFocusRef,
}: CheckoutDialogProps) {
  const navigate = useNavigate();
  const [paid, setPaid] = useState<{ booking: Booking; deliveries: Delivery[] } | null>(null);
  // A closed dialog forgets its result, so the next opening starts a fresh checkout.
  if (!open && paid) setPaid(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onInteractOutside={(e) => e.preventDefault()}
        onEscapeKeyDown={keepDialogForSuggestions}
        returnFocusRef={returnFocusRef}
      >
        {paid ? (
          <PaidDeliveries booking={paid.booking} deliveries={paid.deliveries} onDone={() => onOpenChange(false)} />
        ) : (
          <>
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
              successDescription={successDescription}
              onUnavailable={
                onUnavailable
                  ? (message) => {
                      onUnavailable(message);
                      onOpenChange(false);
                    }
                  : undefined
              }
              onPaid={(result) => {
                onPaid?.(result);
                const deliveries = bookingDeliveries(result);
                const list = typeof listDeliveries === 'function' ? listDeliveries(deliveries) : listDeliveries;
                if (list && deliveries.length > 0) setPaid({ booking: result, deliveries });
                else {
                  onOpenChange(false);
                  if (confirmation) void navigate(`/bookings/${result.id}/confirmation`);
                }
              }}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PaidDeliveries({ booking, deliveries, onDone }: { booking: Booking; deliveries: Delivery[]; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
          Payment successful
        </DialogTitle>
        <DialogDescription>
          Booking #{booking.id} is confirmed. {deliveries.length === 1 ? 'Follow your delivery here:' : `Follow each of its ${deliveries.length} deliveries here:`}
        </DialogDescription>
      </DialogHeader>
      <DeliveryList deliveries={deliveries} onNavigate={onDone} />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
