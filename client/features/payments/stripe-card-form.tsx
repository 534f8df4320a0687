import { useMemo, useState, type FormEvent } from 'react';
import { LoaderCircle, Lock } from 'lucide-react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { formatMoney } from '@domain/format';
import { stopIfOffline } from '@client/lib/online';
import { OfflineNotice } from '@client/ui/offline-notice';
import { Button } from '@client/ui/button';
import { FormAlert } from '@client/ui/form-field';
import type { CardFormProps } from './sandbox-card-form';

/**
 * Stripe mode: Stripe's Payment Element collects the card, so card data never touches our server. This module is
 * only imported (lazily) when the server reports a publishable key, so sandbox mode loads nothing from Stripe.
 */
export function StripeCardForm(props: CardFormProps) {
  const { publishableKey, clientSecret } = props.intent;
  const stripePromise = useMemo(() => (publishableKey ? loadStripe(publishableKey) : null), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ intent, onSuccess, onFailure }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    if (stopIfOffline('paying')) return;
    setBusy(true);
    setFormError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.origin },
        redirect: 'if_required',
      });
      if (result.error) {
        const message = result.error.message ?? 'Payment processing failed. Please try again.';
        setFormError(message);
        onFailure(message);
        return;
      }
      onSuccess({});
    } catch (error) {
      console.error('Stripe confirmPayment failed', error);
      const message = 'Payment processing failed. Please try again.';
      setFormError(message);
      onFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="Card details">
      <FormAlert message={formError} />
      <OfflineNotice action="paying" />
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !stripe || !elements}>
        {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Lock className="size-4" aria-hidden="true" />}
        {busy ? 'Processing...' : `Pay ${formatMoney(intent.amount / 100)}`}
      </Button>
    </form>
  );
}
