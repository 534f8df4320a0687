import { useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, Lock } from 'lucide-react';
import { checkCard, normalizeCardNumber } from '@domain/payments/cards';
import { parseApiError } from '@client/lib/api';
import { formatMoney } from '@domain/format';
import { stopIfOffline } from '@client/lib/online';
import { OfflineNotice } from '@client/ui/offline-notice';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { formatCardNumberInput, formatExpiryInput, parseExpiry } from './payment-format';
import { parseDeliveries } from './deliveries';
import { confirmPayment, createPaymentMethod, newIdempotencyKey, type PaidResult, type PaymentIntentResponse } from './payments-api';

type Field = 'number' | 'expiry' | 'cvc';
type FieldErrors = Partial<Record<Field, string>>;

/** Server/domain error keys -> the form field that shows them (month and year share the Expiry field). */
function toFieldErrors(errors: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  if (errors.number) out.number = errors.number;
  if (errors.expMonth || errors.expYear) out.expiry = errors.expMonth ?? errors.expYear;
  if (errors.cvc) out.cvc = errors.cvc;
  return out;
}

export type CardFormProps = {
  intent: PaymentIntentResponse;
  /** Paid. `trackingId` and `deliveries` are set when the server already knows the booking's tracking records. */
  onSuccess: (result: PaidResult) => void;
  /** The provider's message, e.g. 'Your card was declined.' */
  onFailure: (message: string) => void;
};

/** Card fields for the sandbox gateway: the card becomes a token on our server, then the intent is confirmed. */
export function SandboxCardForm({ intent, onSuccess, onFailure }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Guards against a second submit before React re-renders the disabled button.
  const submitting = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    setFormError(null);

    const exp = parseExpiry(expiry);
    // Number and CVC are checked even while the expiry is unreadable, so every mistake shows at once.
    const checked = checkCard({
      number,
      expMonth: exp?.expMonth ?? 12,
      expYear: exp?.expYear ?? new Date().getUTCFullYear() + 1,
      cvc: cvc.trim(),
    });
    const local: FieldErrors = checked.ok ? {} : toFieldErrors(checked.errors);
    if (!exp) local.expiry = 'Enter the expiry as MM/YY.';
    setErrors(local);
    if (Object.keys(local).length > 0 || !exp) return;
    if (stopIfOffline('paying')) return;

    submitting.current = true;
    setBusy(true);
    try {
      let methodId: string;
      try {
        const method = await createPaymentMethod({ number: normalizeCardNumber(number) ?? number, expMonth: exp.expMonth, expYear: exp.expYear, cvc: cvc.trim() });
        methodId = method.id;
      } catch (error) {
        const parsed = parseApiError(error);
        const fieldErrors = toFieldErrors(parsed.errors);
        if (Object.keys(fieldErrors).length > 0) {
          setErrors(fieldErrors);
          return;
        }
        throw error;
      }
      const result = await confirmPayment(intent.paymentIntentId, methodId, newIdempotencyKey());
      onSuccess({ trackingId: result.trackingId, deliveries: parseDeliveries(result.deliveries) });
    } catch (error) {
      const parsed = parseApiError(error);
      const message = parsed.status === null ? 'Unable to reach the server. Check your connection and try again.' : (parsed.message ?? 'Payment processing failed. Please try again.');
      setFormError(message);
      onFailure(message);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3" aria-label="Card details">
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Sandbox: use 4242 4242 4242 4242 with any future expiry and any 3-digit CVC. 4000 0000 0000 0002 is declined.
      </p>
      <FormAlert message={formError} />
      <OfflineNotice action="paying" />
      <FormField label="Card number" required error={errors.number}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatCardNumberInput(e.target.value))}
            disabled={busy}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 items-start gap-3">
        <FormField label="Expiry" required error={errors.expiry} hint="MM/YY">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={expiry}
              onChange={(e) => setExpiry(formatExpiryInput(e.target.value, expiry))}
              disabled={busy}
            />
          )}
        </FormField>
        <FormField label="CVC" required error={errors.cvc}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
              disabled={busy}
            />
          )}
        </FormField>
      </div>
      <FormField label="Name on card (optional)">
        {(control) => <Input {...control} autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Lock className="size-4" aria-hidden="true" />}
        {busy ? 'Processing...' : `Pay ${formatMoney(intent.amount / 100)}`}
      </Button>
    </form>
  );
}
