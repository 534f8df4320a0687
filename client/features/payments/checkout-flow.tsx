import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { Booking, ServiceType } from '@domain/bookings/schemas';
import { tipAllowed, type PriceBreakdown as Breakdown } from '@domain/bookings/breakdown';
import { apiKey, parseApiError } from '@client/lib/api';
import { offlineMessage, stopIfOffline } from '@client/lib/online';
import { formatMoney } from '@domain/format';
import { Button } from '@client/ui/button';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { AUTH_ME_KEY, useAuth } from '@client/features/accounts/use-auth';
import { InlineSignIn } from '@client/features/accounts/inline-sign-in';
import { bookingDeliveries, hasDeliverableLines } from './deliveries';
import {
  applyFulfilment,
  fulfilmentErrorsFromApi,
  initialFulfilment,
  needsFulfilment,
  quotableLines,
  validateFulfilment,
  type FulfilmentErrors,
  type FulfilmentForm,
} from './fulfilment';
import { FulfilmentStep } from './fulfilment-form';
import { checkoutErrorText as errorText, lineDetailsSummary } from './payment-format';
import { createBooking, createPaymentIntent, fetchBooking, quoteBooking, serverTotalFrom409, type PaidResult, type PaymentIntentResponse } from './payments-api';
import { BreakdownLines } from './breakdown-lines';
import { NO_TIP, tipDollars, type TipChoice } from './tip';
import { TipChooser } from './tip-chooser';
import { quoteRequest, useQuote } from './use-quote';
import { SandboxCardForm } from './sandbox-card-form';
import { HoldCountdown } from '@client/features/availability/hold-countdown';
import { holdDeadline } from '@client/features/availability/hold-countdown-logic';

// Only Stripe mode pulls in Stripe's code (and Stripe.js from their servers).
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** A line to book: what the customer chose and the price the screen showed (per unit, dollars). */
export type CheckoutItem = {
  serviceType: ServiceType;
  serviceId: number;
  quantity: number;
  details: Record<string, unknown>;
  name: string;
  price: number;
};

/** The items at the prices the screen showed (the server prices every line again: see the quote). */
export function estimateTotal(items: readonly CheckoutItem[]): number {
  return items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0) / 100;
}

/** A booking made or paid: My bookings and every booking shown (a receipt, a ride's panel) are read again. */
function invalidateBookings(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: apiKey('/api/bookings') });
  void queryClient.invalidateQueries({ queryKey: apiKey('/api/bookings/{id}') });
}

/** Whether the checkout asks before booking: addresses for food and parcels, a tip for food and rides. */
export function asksBeforeBooking(items: readonly Pick<CheckoutItem, 'serviceType'>[]): boolean {
  return needsFulfilment(items.map((i) => ({ ...i, details: {} }))) || tipAllowed(items.map((i) => i.serviceType));
}

export type CheckoutFlowProps = {
  /** Book these lines first (the booking is created when the flow starts, once signed in)... */
  items?: CheckoutItem[];
  /** ...or pay an existing pending booking. */
  booking?: Booking;
  /** Used in 'Thank you for booking {service}!'. */
  serviceName: string;
  successTitle?: string;
  successDescription?: string;
  /** Fixed failure text instead of the provider's message (the unified booking flow uses its own wording). */
  failureDescription?: string;
  onCreated?: (booking: Booking) => void;
  /**
   * The server refused the lines as not available (409 with its reason: 'Sold out on Dec 24', 'Booked from Mar 1 to
   * Jun 1'). With this set, the flow hands the reason over (the screen that chose the dates shows it with other dates)
   * instead of showing it with a Retry that could only be refused again.
   */
  onUnavailable?: (message: string) => void;
  /** Paid: the booking as confirmed, with every delivery it created (`deliveries`; `trackingId` is the first). */
  onPaid: (booking: Booking) => void;
};

type Step =
  | { kind: 'details' }
  | { kind: 'creating' }
  | { kind: 'create-error'; message: string }
  | { kind: 'total-changed'; message: string; serverTotal: number; seen: number | null }
  | { kind: 'intent'; booking: Booking }
  | { kind: 'intent-error'; booking: Booking; message: string }
  | { kind: 'pay'; booking: Booking; intent: PaymentIntentResponse };

/**
 * The shared checkout: sign in when needed, ask for delivery and shipping addresses and a tip when lines take them
 * (with the server's breakdown beside them, from POST /api/bookings/quote), create the booking at the total the
 * customer saw (the server prices it and refuses another total), show the booked breakdown, set up a payment intent
 * and take the card. Embedded by the checkout dialog and the unified booking.
 */
export function CheckoutFlow(props: CheckoutFlowProps) {
  const auth = useAuth();
  if (!props.booking && auth.status !== 'signed-in') {
    if (auth.status === 'loading') return <Spinner label="Checking your account…" showLabel className="justify-center py-6" />;
    return <CheckoutSignIn onRetryMe={auth.status === 'error' ? () => void auth.refetch() : undefined} />;
  }
  return <SignedInCheckout {...props} />;
}

function CheckoutSignIn({ onRetryMe }: { onRetryMe?: () => void }) {
  // The auth query updates on success, which moves the flow on by itself.
  return <InlineSignIn intro="Sign in or create an account to book and pay. Your selection is kept." onRetryMe={onRetryMe} />;
}

function SignedInCheckout({
  items,
  booking: existing,
  serviceName,
  successTitle,
  successDescription,
  failureDescription,
  onCreated,
  onUnavailable,
  onPaid,
}: CheckoutFlowProps) {
  const queryClient = useQueryClient();
  // Addresses (food, parcels) and a tip (food, rides) are asked first, with the server's breakdown beside them.
  const askAddresses = !existing && items !== undefined && asksBeforeBooking(items);
  const [step, setStep] = useState<Step>(existing ? { kind: 'intent', booking: existing } : askAddresses ? { kind: 'details' } : { kind: 'creating' });
  // The addresses outlive the details step, so a server refusal comes back to them still filled in.
  const [form, setForm] = useState<FulfilmentForm>(() => initialFulfilment(items ?? []));
  const [fieldErrors, setFieldErrors] = useState<FulfilmentErrors>({});
  const [refusals, setRefusals] = useState(0);
  const [tip, setTip] = useState<TipChoice>(NO_TIP);
  // The lines as last sent (addresses applied) and their tip: a retry or an accepted new total books exactly these.
  const booked = useRef<{ lines: CheckoutItem[]; tip: number }>({ lines: items ?? [], tip: 0 });
  const started = useRef(false);
  // Callbacks from the parent change identity on every render; the async steps read the latest through refs.
  const onCreatedRef = useRef(onCreated);
  const onPaidRef = useRef(onPaid);
  const onUnavailableRef = useRef(onUnavailable);
  onCreatedRef.current = onCreated;
  onPaidRef.current = onPaid;
  onUnavailableRef.current = onUnavailable;
  // When the answer creating the booking arrived: the hold's countdown runs from it (see holdDeadline).
  const createdAt = useRef<{ id: number; at: number } | null>(null);

  const setUpPayment = useCallback(async (booking: Booking) => {
    if (stopIfOffline('setting up the payment')) {
      setStep({ kind: 'intent-error', booking, message: offlineMessage('setting up the payment') });
      return;
    }
    setStep({ kind: 'intent', booking });
    try {
      const intent = await createPaymentIntent(booking.id);
      setStep({ kind: 'pay', booking, intent });
    } catch (error) {
      console.error('Payment intent request failed', error);
      setStep({ kind: 'intent-error', booking, message: errorText(error, 'Payment could not be set up.') });
    }
  }, []);

  /**
   * Books the lines with their tip at `seenTotal`, the total of the breakdown the customer saw; without one (nothing
   * was shown before booking: a stay, a car) at the server's quote, whose lines the payment step then shows before any
   * card is asked for.
   */
  const create = useCallback(
    async (lines: CheckoutItem[], tipAmount: number, seenTotal: number | null) => {
      if (lines.length === 0) return;
      booked.current = { lines, tip: tipAmount };
      // Nothing is sent while offline; the lines (and any addresses) stay for Retry.
      if (stopIfOffline('booking')) {
        setStep({ kind: 'create-error', message: offlineMessage('booking') });
        return;
      }
      setStep({ kind: 'creating' });
      try {
        const request = quoteRequest(lines, tipAmount);
        const totalAmount = seenTotal ?? (await quoteBooking(request)).total;
        const booking = await createBooking({
          items: lines.map((i) => ({ serviceType: i.serviceType, serviceId: i.serviceId, quantity: i.quantity, price: i.price, details: i.details })),
          ...(tipAmount > 0 ? { tip: tipAmount } : {}),
          totalAmount,
          bookingDate: new Date().toISOString(),
          status: 'pending',
        });
        createdAt.current = { id: booking.id, at: Date.now() };
        invalidateBookings(queryClient);
        onCreatedRef.current?.(booking);
        await setUpPayment(booking);
      } catch (error) {
        const changed = serverTotalFrom409(error);
        if (changed) {
          setStep({ kind: 'total-changed', message: changed.message, serverTotal: changed.totalAmount, seen: seenTotal });
          return;
        }
        const addressErrors = fulfilmentErrorsFromApi(error, lines);
        if (Object.keys(addressErrors).length > 0) {
          // Nothing was booked or charged: back to the address fields, with the server's words next to them.
          setFieldErrors(addressErrors);
          setRefusals((n) => n + 1);
          setStep({ kind: 'details' });
          return;
        }
        const refusal = parseApiError(error);
        if (refusal.status === 409 && onUnavailableRef.current) {
          // Not available (nothing was held or charged): the screen that chose the dates takes it from here.
          onUnavailableRef.current(refusal.message ?? 'Not available for these dates');
          return;
        }
        if (refusal.status === 401) {
          // The session ended since the page loaded: the auth query flips to signed-out and shows the sign-in form.
          void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
        }
        toast({ title: 'Booking Failed', description: 'Failed to create booking. Please try again.', variant: 'destructive' });
        setStep({ kind: 'create-error', message: errorText(error, 'Failed to create booking. Please try again.', lines) });
      }
    },
    [queryClient, setUpPayment],
  );

  // Runs once per opened checkout (the ref survives StrictMode's effect replay, so no duplicate booking).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (existing) void setUpPayment(existing);
    else if (items && !askAddresses) void create(items, 0, null);
  }, [existing, items, askAddresses, create, setUpPayment]);

  // The breakdown beside the details: the lines as they would be booked (picked places only), without a tip first
  // (it says what a tip is a share of), then with the chosen tip.
  const tippable = items !== undefined && tipAllowed(items.map((i) => i.serviceType));
  const previewLines = step.kind === 'details' && items ? quotableLines(items, form) : null;
  const base = useQuote(previewLines, 0);
  // Null while it cannot be told: a typed amount that is not one, or a percent before the items it is of are known.
  const tipAmount = !tippable || tip.kind === 'none' ? 0 : tip.kind === 'custom' ? tipDollars(tip, 0) : base.data ? tipDollars(tip, base.data.tippable) : null;
  const tipped = useQuote(tipAmount !== null && tipAmount > 0 ? previewLines : null, tipAmount);
  const shown: { query: typeof base; tip: number } = tipAmount !== null && tipAmount > 0 ? { query: tipped, tip: tipAmount } : { query: base, tip: 0 };

  const submitAddresses = () => {
    if (!items) return;
    // Offline, the addresses stay on screen for when the connection is back.
    if (stopIfOffline('booking')) return;
    const errors = validateFulfilment(form);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || tipAmount === null) {
      setRefusals((n) => n + 1);
      return;
    }
    const lines = applyFulfilment(items, form);
    // The total shown is what the customer agreed to when it priced exactly these lines (a picked place, this tip);
    // typed text the server places itself is priced again when booking.
    const seen = shown.query.data && !shown.query.isPlaceholderData && sameLines(lines, previewLines) && shown.tip === tipAmount ? shown.query.data.total : null;
    void create(lines, tipAmount, seen);
  };

  const paid = async (booking: Booking, result: PaidResult) => {
    toast({
      title: successTitle ?? 'Payment Successful',
      description: successDescription ?? `Thank you for booking ${serviceName}!`,
      variant: 'success',
    });
    invalidateBookings(queryClient);
    let deliveries = result.deliveries ?? [];
    let confirmed: Booking = { ...booking, status: 'confirmed', deliveries };
    if (deliveries.length === 0 && hasDeliverableLines(booking)) {
      // Stripe confirms through its webhook and reports no deliveries here; the booking lists them once it is paid.
      try {
        const fresh = await fetchBooking(booking.id);
        deliveries = bookingDeliveries(fresh);
        confirmed = { ...fresh, status: fresh.status === 'pending' ? 'confirmed' : fresh.status, deliveries };
      } catch (error) {
        console.warn('Could not reload the paid booking', error);
      }
    }
    const trackingId = result.trackingId ?? deliveries[0]?.trackingId ?? confirmed.trackingId;
    onPaidRef.current(trackingId ? { ...confirmed, trackingId } : confirmed);
  };

  const failed = (message: string) => {
    toast({ title: 'Payment Failed', description: failureDescription ?? message, variant: 'destructive' });
  };

  switch (step.kind) {
    case 'details':
      return (
        <FulfilmentStep
          items={items ?? []}
          form={form}
          errors={fieldErrors}
          attempt={refusals}
          onChange={(next, clearedKey) => {
            setForm(next);
            setFieldErrors((current) => {
              if (!(clearedKey in current)) return current;
              const { [clearedKey]: _cleared, ...rest } = current;
              return rest;
            });
          }}
          onSubmit={submitAddresses}
        >
          {tippable ? <TipChooser value={tip} onChange={setTip} tippable={base.data?.tippable ?? 0} /> : null}
          <QuotePanel
            breakdown={shown.query.data}
            loading={previewLines !== null && (shown.query.isPending || shown.query.isFetching)}
            error={shown.query.isError ? shown.query.error : null}
            waitingFor={previewLines === null ? 'The total appears once the sender and recipient are picked.' : null}
            onRetry={() => void shown.query.refetch()}
          />
        </FulfilmentStep>
      );
    case 'creating':
      return <Spinner label="Creating your booking..." showLabel className="justify-center py-6" />;
    case 'create-error':
      return <ErrorPanel title="Booking Failed" message={step.message} onRetry={() => void create(booked.current.lines, booked.current.tip, null)} />;
    case 'total-changed':
      return (
        <div className="grid gap-3" role="alert">
          <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">The total has changed</p>
              <p>
                {step.seen !== null ? `You saw ${formatMoney(step.seen)}. ` : ''}The current total is{' '}
                <strong>{formatMoney(step.serverTotal)}</strong>.
              </p>
            </div>
          </div>
          <Button onClick={() => void create(booked.current.lines, booked.current.tip, step.serverTotal)}>Continue with {formatMoney(step.serverTotal)}</Button>
        </div>
      );
    case 'intent':
      return (
        <div className="grid gap-4">
          <Hold booking={step.booking} receivedAt={createdAt.current} />
          <PriceBreakdown booking={step.booking} />
          <Spinner label="Setting up payment..." showLabel className="justify-center py-4" />
        </div>
      );
    case 'intent-error':
      return (
        <div className="grid gap-4">
          <Hold booking={step.booking} receivedAt={createdAt.current} />
          <PriceBreakdown booking={step.booking} />
          <ErrorPanel title="Payment could not be set up" message={step.message} onRetry={() => void setUpPayment(step.booking)} />
        </div>
      );
    case 'pay': {
      const useStripe = step.intent.gateway === 'stripe' && Boolean(step.intent.publishableKey);
      const formProps = {
        intent: step.intent,
        onSuccess: (result: PaidResult) => void paid(step.booking, result),
        onFailure: failed,
      };
      return (
        <div className="grid gap-4">
          <Hold booking={step.booking} receivedAt={createdAt.current} />
          <PriceBreakdown booking={step.booking} />
          {useStripe ? (
            <Suspense fallback={<Spinner label="Setting up payment..." showLabel className="justify-center py-4" />}>
              <StripeCardForm {...formProps} />
            </Suspense>
          ) : (
            <SandboxCardForm {...formProps} />
          )}
        </div>
      );
    }
  }
}

/** The hold's countdown of a pending booking (nothing for a booking that holds nothing). */
function Hold({ booking, receivedAt }: { booking: Booking; receivedAt: { id: number; at: number } | null }) {
  const deadline = holdDeadline(booking, receivedAt?.id === booking.id ? receivedAt.at : undefined);
  return deadline === null ? null : <HoldCountdown key={booking.id} deadline={deadline} />;
}

function ErrorPanel({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="grid gap-3" role="alert">
      <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p className="font-semibold">{title}</p>
        <p className="break-words">{message}</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** Whether two line lists price the same (same lines and details, in order). */
function sameLines(a: readonly CheckoutItem[], b: readonly CheckoutItem[] | null): boolean {
  return b !== null && JSON.stringify(quoteRequest(a).items) === JSON.stringify(quoteRequest(b).items);
}

/**
 * The server's breakdown beside the checkout's details (addresses, tip), refreshed as they change: the last answer
 * stays while the next loads; a refusal (the restaurant does not deliver that far, it is closed) says why.
 */
function QuotePanel({
  breakdown,
  loading,
  error,
  waitingFor,
  onRetry,
}: {
  breakdown: Breakdown | undefined;
  loading: boolean;
  error: unknown;
  waitingFor: string | null;
  onRetry: () => void;
}) {
  if (waitingFor) return <p className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-600">{waitingFor}</p>;
  if (error) {
    const refusal = parseApiError(error);
    return (
      <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p className="break-words">{refusal.message ?? (refusal.status === null ? 'The total could not be worked out: no connection.' : 'The total could not be worked out.')}</p>
        {refusal.status === null || refusal.status >= 500 ? (
          <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <section aria-label="Price breakdown" aria-live="polite" className="rounded-lg border border-gray-200 bg-gray-50 p-3">
      {breakdown ? (
        <BreakdownLines breakdown={breakdown} totalTestId="checkout-quote-total" busy={loading} />
      ) : (
        <Spinner label="Working out the total…" showLabel className="justify-center py-2" />
      )}
    </section>
  );
}

/** The server's priced lines, the booking's breakdown (fees, taxes, tip) and its total. */
export function PriceBreakdown({ booking }: { booking: Booking }) {
  return (
    <section aria-label="Price breakdown" className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-gray-500">Booking #{booking.id}</p>
      <ul className="grid gap-2">
        {booking.items.map((line) => {
          const summary = lineDetailsSummary(line);
          return (
            <li key={line.id} className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">{line.name}</p>
                <p className="text-xs text-gray-600">
                  {[summary, line.quantity > 1 ? `Qty ${line.quantity} x ${formatMoney(line.unitPrice)}` : `Qty ${line.quantity}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <span className="shrink-0 font-medium tabular-nums">{formatMoney(line.lineTotal)}</span>
            </li>
          );
        })}
      </ul>
      <BreakdownLines breakdown={booking.breakdown} totalTestId="checkout-total" className="mt-3 border-t border-gray-200 pt-2" />
    </section>
  );
}
