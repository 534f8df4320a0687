import { useState } from 'react';
import type { Booking, ServiceType } from '@domain/bookings/schemas';
import { Button } from '@client/ui/button';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';

export type CheckoutLine = {
  serviceType: ServiceType;
  serviceId: number;
  quantity: number;
  details: Record<string, unknown>;
  name: string;
  price: number;
};

export type BookNowButtonProps = {
  lines: CheckoutLine[];
  serviceName: string;
  /** Toast title on success instead of 'Payment Successful', e.g. 'Hotel Booked Successfully!'. */
  successTitle?: string;
  label?: string;
  disabled?: boolean;
  className?: string;
  onBooked?: (booking: Booking) => void;
  /** After payment, list the booking's deliveries (tracking numbers, Track links) before the dialog closes. */
  listDeliveries?: boolean;
  /** After payment, land on the confirmation screen (default), or stay (the section shows its own result). */
  confirmation?: boolean;
};

/** Opens the checkout (sign-in if needed, booking, payment) for the given lines. */
export function BookNowButton({ lines, serviceName, successTitle, label = 'Book Now', disabled, className, onBooked, listDeliveries, confirmation }: BookNowButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={className} disabled={disabled || lines.length === 0} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <CheckoutDialog
        open={open}
        onOpenChange={setOpen}
        items={lines}
        serviceName={serviceName}
        successTitle={successTitle}
        onPaid={onBooked}
        listDeliveries={listDeliveries}
        confirmation={confirmation}
      />
    </>
  );
}
