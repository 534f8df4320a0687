import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import type { GeneralService } from '@domain/catalogue/types';
import { apiKey } from '@client/lib/api';
import { offlineMessage, stopIfOffline } from '@client/lib/online';
import { formatCalendarDay, formatDate, formatMoney } from '@domain/format';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';
import { AUTH_ME_KEY, useAuth } from '@client/features/accounts/use-auth';
import { InlineSignIn } from '@client/features/accounts/inline-sign-in';
import { DateField } from '@client/features/catalogue/components/fields';
import { EmptyState, ErrorState } from '@client/features/catalogue/components/states';
import { localToday } from '@client/features/catalogue/components/dates';
import { checkoutErrorText } from '@client/features/payments/payment-format';
import { createBooking, quoteBooking } from '@client/features/payments/payments-api';
import { appointmentLine, slotOptions, slotQueriesKey, slotQuery, slotRefusal, type SlotOption } from './slot-logic';
import { SlotPicker } from './slot-picker';

export type SlotBookingDialogProps = {
  service: GeneralService;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment is held (a pending booking): the caller takes the customer on to payment. */
  onBooked: (booking: Booking, startAt: string) => void;
};

/**
 * Booking a general service by appointment: a date, then the free times of that day (GET
 * /api/availability/general-services/:id), then the booking with the chosen slot's start as details.startAt. A slot
 * taken meanwhile (409) refreshes the times and says so in the server's words.
 */
export function SlotBookingDialog({ service, open, onOpenChange, onBooked }: SlotBookingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Book {service.name}</DialogTitle>
          <DialogDescription>
            {service.appointmentMinutes ? `${service.appointmentMinutes}-minute appointment` : 'Appointment'} · from {formatMoney(service.priceFrom)}. Times
            are shown in your time zone.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: every opening asks the server for fresh times. */}
        <SlotBookingBody service={service} onCancel={() => onOpenChange(false)} onBooked={onBooked} />
      </DialogContent>
    </Dialog>
  );
}

type Notice = { tone: 'error'; text: string } | { tone: 'price'; text: string; totalAmount: number };

function SlotBookingBody({ service, onCancel, onBooked }: { service: GeneralService; onCancel: () => void; onBooked: SlotBookingDialogProps['onBooked'] }) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const today = localToday();
  const [day, setDay] = useState(today);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [creating, setCreating] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const onBookedRef = useRef(onBooked);
  onBookedRef.current = onBooked;

  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= today;
  const slots = useQuery({
    ...slotQuery(service.id, day),
    enabled: validDay,
    // Free times change as others book: never served from an earlier look.
    staleTime: 0,
    gcTime: 0,
  });
  const options: SlotOption[] = slots.data ? slotOptions(slots.data.slots, day, new Date()) : [];
  const chosen = options.find((o) => o.start === selected) ?? null;

  // A refreshed list without the chosen time (taken meanwhile) drops the choice.
  useEffect(() => {
    if (selected && slots.data && !chosen) setSelected(null);
  }, [selected, slots.data, chosen]);

  const book = useCallback(
    /** `totalAmount`: the total the customer agreed to, or null for the server's quote (shown before the card). */
    async (startAt: string, totalAmount: number | null) => {
      if (stopIfOffline('booking')) {
        setNotice({ tone: 'error', text: offlineMessage('booking') });
        return;
      }
      const line = appointmentLine(service, startAt);
      setCreating(true);
      setNotice(null);
      try {
        const items = [{ serviceType: line.serviceType, serviceId: line.serviceId, quantity: line.quantity, price: line.price, details: line.details }];
        const booking = await createBooking({
          items,
          // The price plus service fee and taxes (issue 26): the payment dialog shows that breakdown before the card.
          totalAmount: totalAmount ?? (await quoteBooking({ items })).total,
          bookingDate: new Date().toISOString(),
          status: 'pending',
        });
        void queryClient.invalidateQueries({ queryKey: apiKey('/api/bookings') });
        void queryClient.invalidateQueries({ queryKey: slotQueriesKey(service.id) });
        onBookedRef.current(booking, startAt);
      } catch (error) {
        const refusal = slotRefusal(error);
        if (refusal.kind === 'total-changed') {
          setNotice({ tone: 'price', text: refusal.message, totalAmount: refusal.totalAmount });
        } else if (refusal.kind === 'taken') {
          setSelected(null);
          setNotice({ tone: 'error', text: refusal.message });
          void slots.refetch();
        } else if (refusal.kind === 'signed-out') {
          // The session ended since the page loaded: sign in again, the chosen time is kept.
          void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
          setSigningIn(true);
        } else {
          console.error('Appointment booking failed', error);
          setNotice({ tone: 'error', text: checkoutErrorText(error, 'Could not book this time. Please try again.', [line]) });
        }
      } finally {
        setCreating(false);
      }
    },
    [queryClient, service, slots],
  );

  const start = () => {
    if (!chosen) return;
    if (auth.status !== 'signed-in') setSigningIn(true);
    else void book(chosen.start, null);
  };

  // Signed in from the inline form: carry on with the chosen time.
  useEffect(() => {
    if (!signingIn || auth.status !== 'signed-in') return;
    setSigningIn(false);
    if (chosen) void book(chosen.start, null);
  }, [signingIn, auth.status, chosen, book]);

  if (signingIn) {
    return (
      <div className="grid gap-3">
        <InlineSignIn
          intro={`Sign in or create an account to book ${chosen ? `${chosen.label} on ${formatDate(chosen.start)}` : 'this time'}. Your choice is kept.`}
          onRetryMe={auth.status === 'error' ? () => void auth.refetch() : undefined}
        />
        <Button variant="outline" onClick={() => setSigningIn(false)}>
          Back to times
        </Button>
      </div>
    );
  }

  return (
    <>
      <DateField
        label="Date"
        value={day}
        min={today}
        onChange={(value) => {
          setDay(value);
          setSelected(null);
          setNotice(null);
        }}
      />
      <div aria-live="polite" aria-atomic="true">
        {notice?.tone === 'error' ? (
          <div role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="break-words font-medium">{notice.text}</p>
          </div>
        ) : notice?.tone === 'price' ? (
          <div role="alert" className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              <span className="font-semibold">{notice.text}.</span> You saw {formatMoney(service.priceFrom)}; the current price is{' '}
              <strong>{formatMoney(notice.totalAmount)}</strong>.
            </p>
            {chosen ? (
              <Button size="sm" disabled={creating} onClick={() => void book(chosen.start, notice.totalAmount)}>
                Book at {formatMoney(notice.totalAmount)}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!validDay ? (
        <p className="text-sm text-gray-600">{day ? 'Choose today or a later date to see free times.' : 'Choose a date to see free times.'}</p>
      ) : slots.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading free times…</span>
          <Skeleton className="h-5 w-40" />
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-11" />
            ))}
          </div>
        </div>
      ) : slots.isError ? (
        <ErrorState title="Could not load free times" error={slots.error} onRetry={() => void slots.refetch()} />
      ) : options.length === 0 ? (
        <EmptyState>No free times on this day</EmptyState>
      ) : (
        <SlotPicker
          legend={`Free times on ${formatCalendarDay(day, 'medium')}`}
          options={options}
          value={selected}
          disabled={creating}
          onChange={(value) => {
            setSelected(value);
            if (notice?.tone === 'error') setNotice(null);
          }}
        />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!chosen || creating} onClick={start}>
          <CalendarClock className="size-4" aria-hidden="true" />
          {creating ? 'Booking…' : chosen ? `Book ${chosen.label}` : 'Choose a time'}
        </Button>
      </DialogFooter>
    </>
  );
}
