import { lazy, Suspense, useRef, useState } from 'react';
import type { Booking } from '@domain/bookings/schemas';
import type { GeneralService } from '@domain/catalogue/types';
import { formatMoney } from '@domain/format';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';
import { Button } from '@client/ui/button';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';
import { appointmentSummary } from './slot-logic';

// The slot dialog's code loads when a customer first opens it.
const SlotBookingDialog = lazy(() => import('./slot-booking-dialog').then((m) => ({ default: m.SlotBookingDialog })));

/**
 * 'Book from $35' for a service booked by appointment: choose a date and a free time, which holds it, then pay for
 * the held booking in the usual payment dialog.
 */
export function SlotBookButton({ service, className }: { service: GeneralService; className?: string }) {
  const [pickOpen, setPickOpen] = useState(false);
  const pickUsed = useHasBeenTrue(pickOpen);
  const [held, setHeld] = useState<{ booking: Booking; startAt: string } | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button ref={buttonRef} className={className} aria-haspopup="dialog" onClick={() => setPickOpen(true)} aria-label={`Book from ${formatMoney(service.priceFrom)}: choose a time with ${service.name}`}>
        Book from {formatMoney(service.priceFrom)}
      </Button>
      {pickUsed ? (
        <Suspense fallback={null}>
          <SlotBookingDialog
            service={service}
            open={pickOpen}
            onOpenChange={setPickOpen}
            onBooked={(booking, startAt) => {
              setHeld({ booking, startAt });
              setPickOpen(false);
              setPayOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {held ? (
        <CheckoutDialog
          open={payOpen}
          onOpenChange={setPayOpen}
          booking={held.booking}
          serviceName={appointmentSummary(service.name, held.startAt)}
          successTitle="Appointment booked"
          successDescription={`${appointmentSummary(service.name, held.startAt)} is confirmed.`}
          returnFocusRef={buttonRef}
        />
      ) : null}
    </>
  );
}
