import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { Package } from 'lucide-react';
import { Button } from '@client/ui/button';
import { PlaceField } from '@client/features/locations/place-field';
import { destinationOf, getDeliveryPlace } from '@client/features/locations/delivery-place';
import { firstErrorKey, parcelSummary, shipmentKey, type AddressValue, type FulfilmentErrors, type FulfilmentForm } from './fulfilment';

type Line = { name: string; details: Record<string, unknown> };

export type FulfilmentStepProps = {
  items: readonly Line[];
  form: FulfilmentForm;
  errors: FulfilmentErrors;
  /** Counts refused submits (ours or the server's); each one puts the keyboard on the first field to fix. */
  attempt: number;
  onChange: (form: FulfilmentForm, clearedKey: string) => void;
  onSubmit: () => void;
  /** Shown after the addresses, before the submit button: the tip and the price breakdown. */
  children?: ReactNode;
};

/**
 * For a dialog's onEscapeKeyDown: Escape in an address box with its suggestions open closes the suggestions, not the
 * checkout. Radix hears Escape on the document before the box does, so the dialog has to be told to stay.
 */
export function keepDialogForSuggestions(event: KeyboardEvent): void {
  const target = event.target;
  if (target instanceof HTMLElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}

/**
 * The checkout's details step: where the food goes, and where each parcel is collected and delivered, then what the
 * checkout adds (the tip, the breakdown). The values live in the checkout, so a server refusal brings the customer
 * back here with everything still filled in.
 */
export function FulfilmentStep({ items, form, errors, attempt, onChange, onSubmit, children }: FulfilmentStepProps) {
  const baseId = useId();
  const fieldId = (key: string) => `${baseId}-${key.replace(/\./g, '-')}`;

  useEffect(() => {
    if (attempt === 0) return;
    const key = firstErrorKey(form, errors);
    if (key) document.getElementById(fieldId(key))?.focus();
    // Only a refused submit moves focus: typing (which changes `form` and clears that field's error) must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  // An empty delivery address starts from the customer's chosen place (the food section's address, pin or location).
  useEffect(() => {
    const chosen = getDeliveryPlace();
    if (form.delivery && !form.delivery.place && !form.delivery.text.trim() && chosen) {
      onChange({ ...form, delivery: { text: chosen.address, place: destinationOf(chosen) } }, 'delivery');
    }
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const shipmentIndexes = Object.keys(form.shipments)
    .map(Number)
    .sort((a, b) => a - b);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Delivery details">
      {form.delivery ? (
        <AddressField
          id={fieldId('delivery')}
          label="Delivery address"
          placeholder="Street address, postcode or place"
          hint="Pick a suggestion, then check the pin, so your driver finds your door."
          value={form.delivery}
          error={errors.delivery}
          onChange={(delivery) => onChange({ ...form, delivery }, 'delivery')}
        />
      ) : null}
      {shipmentIndexes.map((index) => {
        const shipment = form.shipments[index];
        const line = items[index];
        const summary = line ? parcelSummary(line.details) : '';
        return (
          <fieldset key={index} className="grid min-w-0 gap-3 rounded-lg border border-gray-200 p-3">
            <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-gray-900">
              <Package className="size-4 text-brand-700" aria-hidden="true" />
              {line?.name ?? 'Shipment'}
            </legend>
            {summary ? <p className="text-xs text-gray-600">Parcel: {summary}</p> : null}
            <AddressField
              id={fieldId(shipmentKey(index, 'from'))}
              label="Sender address"
              placeholder="Where the driver collects the parcel"
              value={shipment.from}
              error={errors[shipmentKey(index, 'from')]}
              onChange={(from) => onChange({ ...form, shipments: { ...form.shipments, [index]: { ...shipment, from } } }, shipmentKey(index, 'from'))}
            />
            <AddressField
              id={fieldId(shipmentKey(index, 'to'))}
              label="Recipient address"
              placeholder="Where the parcel goes"
              value={shipment.to}
              error={errors[shipmentKey(index, 'to')]}
              onChange={(to) => onChange({ ...form, shipments: { ...form.shipments, [index]: { ...shipment, to } } }, shipmentKey(index, 'to'))}
            />
          </fieldset>
        );
      })}
      {children}
      <Button type="submit" className="w-full">
        Continue to payment
      </Button>
    </form>
  );
}

function AddressField({
  id,
  label,
  placeholder,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  hint?: string;
  value: AddressValue;
  error: string | undefined;
  onChange: (value: AddressValue) => void;
}) {
  // House numbers and postcodes through the address search (GET /api/geocode), and the pin for the exact door.
  return <PlaceField id={id} label={label} required placeholder={placeholder} hint={hint} value={value} error={error} onChange={onChange} />;
}
