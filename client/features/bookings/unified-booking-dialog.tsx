import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CalendarCheck, CheckCircle2 } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import { formatMoney } from '@domain/format';
import { QuotedTotals } from '@client/features/payments/quoted-totals';
import { useQuote } from '@client/features/payments/use-quote';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { toast } from '@client/ui/use-toast';
import { clearCart } from '@client/features/cart/cart-store';
import { LineItemRow } from '@client/features/cart/line-item-row';
import { CheckoutFlow, type CheckoutItem } from '@client/features/payments/checkout-flow';
import { bookingDeliveries } from '@client/features/payments/deliveries';
import { DeliveryList } from '@client/features/payments/delivery-list';
import { keepDialogForSuggestions } from '@client/features/payments/fulfilment-form';
import { useUnifiedBooking } from './unified-booking-store';

export type UnifiedBookingDialogProps = { open: boolean; onOpenChange(open: boolean): void };

type Step = { kind: 'review' } | { kind: 'payment'; items: CheckoutItem[] } | { kind: 'confirmed'; booking: Booking };

/** Review → payment → confirmation for the services collected on the Unified Booking tab (spec 000 section 4). */
export function UnifiedBookingDialog({ open, onOpenChange }: UnifiedBookingDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'review' });
  const change = (next: boolean) => {
    // Leaving mid-payment or after confirmation starts over next time.
    if (!next) setStep({ kind: 'review' });
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        className={step.kind === 'payment' ? 'max-w-md' : 'max-w-lg'}
        onInteractOutside={(e) => step.kind !== 'review' && e.preventDefault()}
        onEscapeKeyDown={keepDialogForSuggestions}
      >
        {step.kind === 'review' ? <Review onContinue={(items) => setStep({ kind: 'payment', items })} /> : null}
        {step.kind === 'payment' ? (
          <>
            <DialogHeader>
              <DialogTitle>Payment</DialogTitle>
              <DialogDescription>Your booking is priced by the provider; pay once for everything.</DialogDescription>
            </DialogHeader>
            <CheckoutFlow
              items={step.items}
              serviceName="your unified booking"
              successDescription="Your booking has been confirmed!"
              failureDescription="Payment processing failed. Please try again."
              onCreated={(booking) => toast({ title: 'Booking Created', description: `Booking #${booking.id}`, variant: 'success' })}
              onPaid={(booking) => setStep({ kind: 'confirmed', booking })}
            />
          </>
        ) : null}
        {step.kind === 'confirmed' ? <Confirmed booking={step.booking} onDone={() => change(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Review({ onContinue }: { onContinue: (items: CheckoutItem[]) => void }) {
  const unified = useUnifiedBooking();
  const quote = useQuote(unified.lines.length > 0 ? unified.lines : null);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Review your booking</DialogTitle>
        <DialogDescription>Everything below is booked and paid together.</DialogDescription>
      </DialogHeader>
      {unified.lines.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-6 text-center text-gray-600">
          <CalendarCheck className="size-10 text-gray-300" aria-hidden="true" />
          <p>No items to book</p>
        </div>
      ) : (
        <>
          <ul className="grid max-h-[50vh] gap-3 overflow-y-auto pr-1" aria-label="Booking items">
            {unified.lines.map((line) => (
              <LineItemRow key={line.id} line={line} onQuantity={(q) => unified.setQuantity(line.id, q)} onRemove={() => unified.remove(line.id)} />
            ))}
          </ul>
          {/* The server's breakdown (fees, taxes) and total, as the payment step shows them (issue 26). */}
          <QuotedTotals quote={quote} estimate={unified.total} />
        </>
      )}
      <DialogFooter>
        <Button
          disabled={unified.lines.length === 0}
          onClick={() =>
            onContinue(
              unified.lines.map((l) => ({
                serviceType: l.serviceType,
                serviceId: l.serviceId,
                quantity: l.quantity,
                details: l.details,
                name: l.name,
                price: l.price,
              })),
            )
          }
        >
          Continue to payment
        </Button>
      </DialogFooter>
    </>
  );
}

function Confirmed({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const unified = useUnifiedBooking();
  const navigate = useNavigate();
  const deliveries = bookingDeliveries(booking);
  const first = deliveries[0]?.trackingId ?? booking.trackingId;
  // Leaving the confirmation (by the button or a delivery's Track link) empties the cart and the booking.
  const leave = () => {
    clearCart();
    unified.clear();
    onDone();
  };
  const finish = () => {
    leave();
    void navigate(first ? `/track/${encodeURIComponent(first)}` : '/track');
  };
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <CheckCircle2 className="size-14 text-emerald-600" aria-hidden="true" />
      <DialogTitle className="text-xl">Booking Confirmed!</DialogTitle>
      <DialogDescription>
        Booking #{booking.id} is confirmed. Total paid {formatMoney(booking.totalAmount)}.
      </DialogDescription>
      {deliveries.length > 0 ? (
        <>
          <p className="w-full text-left text-sm font-medium text-gray-900">{deliveries.length === 1 ? 'Your delivery' : `Your ${deliveries.length} deliveries`}</p>
          <DeliveryList deliveries={deliveries} onNavigate={leave} />
        </>
      ) : null}
      <Button className="w-full sm:w-auto" onClick={finish}>
        Track your booking
      </Button>
    </div>
  );
}
