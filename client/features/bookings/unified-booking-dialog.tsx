import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CalendarCheck, CheckCircle2, Trash2 } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import { formatMoney } from '@client/lib/format';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/ui/select';
import { toast } from '@client/ui/use-toast';
import { clearCart } from '@client/features/cart/cart-store';
import { CheckoutFlow, type CheckoutItem } from '@client/features/payments/checkout-flow';
import { useUnifiedBooking, type UnifiedBookingLine } from './unified-booking-store';

export type UnifiedBookingDialogProps = { open: boolean; onOpenChange(open: boolean): void };

type Step = { kind: 'review' } | { kind: 'payment'; items: CheckoutItem[] } | { kind: 'confirmed'; booking: Booking };

const QUANTITIES = [1, 2, 3, 4, 5] as const;

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
      <DialogContent className={step.kind === 'payment' ? 'max-w-md' : 'max-w-lg'} onInteractOutside={(e) => step.kind !== 'review' && e.preventDefault()}>
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
              <ReviewLine key={line.id} line={line} onQuantity={(q) => unified.setQuantity(line.id, q)} onRemove={() => unified.remove(line.id)} />
            ))}
          </ul>
          <div className="flex items-center justify-between border-t border-gray-200 pt-3 text-base font-semibold">
            <span>Total</span>
            <span className="tabular-nums">{formatMoney(unified.total)}</span>
          </div>
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

function ReviewLine({ line, onQuantity, onRemove }: { line: UnifiedBookingLine; onQuantity: (q: number) => void; onRemove: () => void }) {
  const options = line.quantity > 5 ? [...QUANTITIES, line.quantity] : QUANTITIES;
  return (
    <li className="flex gap-3 rounded-lg border border-gray-200 p-3">
      {line.image ? <img src={line.image} alt="" className="size-14 shrink-0 rounded-md bg-gray-100 object-cover" loading="lazy" /> : null}
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words text-gray-900">{line.name}</p>
            {line.description ? <p className="line-clamp-2 text-xs text-gray-600">{line.description}</p> : null}
          </div>
          <span className="shrink-0 font-semibold tabular-nums">{formatMoney(line.price * line.quantity)}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <Select value={String(line.quantity)} onValueChange={(v) => onQuantity(Number(v))}>
            <SelectTrigger className="h-8 w-20" aria-label={`Quantity of ${line.name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((q) => (
                <SelectItem key={q} value={String(q)}>
                  {q}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onRemove} aria-label={`Remove ${line.name}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

function Confirmed({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const unified = useUnifiedBooking();
  const navigate = useNavigate();
  const finish = () => {
    clearCart();
    unified.clear();
    onDone();
    void navigate(booking.trackingId ? `/track/${encodeURIComponent(booking.trackingId)}` : '/track');
  };
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <CheckCircle2 className="size-14 text-emerald-600" aria-hidden="true" />
      <DialogTitle className="text-xl">Booking Confirmed!</DialogTitle>
      <DialogDescription>
        Booking #{booking.id} is confirmed. Total paid {formatMoney(booking.totalAmount)}.
      </DialogDescription>
      <Button className="w-full sm:w-auto" onClick={finish}>
        Track your booking
      </Button>
    </div>
  );
}
