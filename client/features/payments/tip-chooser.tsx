import { useId } from 'react';
import { formatMoney } from '@domain/format';
import { cn } from '@client/lib/cn';
import { Input } from '@client/ui/input';
import { parseTipText, TIP_PERCENTS, tipDollars, type TipChoice } from './tip';

const chip = cn(
  'relative flex min-h-11 flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-center text-sm font-medium transition-colors',
  'border-gray-300 bg-white text-gray-800 hover:border-brand-300 hover:bg-brand-50',
  'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white',
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1',
);

/**
 * The driver's tip for food deliveries and rides: none, 10/15/20 % of the items it is for, or a typed amount. A
 * radio group (arrow keys move between the choices); the custom amount's box appears with its choice.
 */
export function TipChooser({ value, onChange, tippable }: { value: TipChoice; onChange: (choice: TipChoice) => void; tippable: number }) {
  const name = useId();
  const customId = useId();
  const errorId = useId();
  const selected = value.kind === 'percent' ? `p${value.percent}` : value.kind;
  const custom = value.kind === 'custom' ? parseTipText(value.text) : null;
  const options: Array<{ key: string; label: string; note?: string; choice: TipChoice }> = [
    { key: 'none', label: 'No tip', choice: { kind: 'none' } },
    ...TIP_PERCENTS.map((percent) => ({
      key: `p${percent}`,
      label: `${percent}%`,
      note: formatMoney(tipDollars({ kind: 'percent', percent }, tippable) ?? 0),
      choice: { kind: 'percent', percent } as TipChoice,
    })),
    { key: 'custom', label: 'Other', choice: { kind: 'custom', text: value.kind === 'custom' ? value.text : '' } },
  ];
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium text-gray-900">Tip for your driver</legend>
      <p className="-mt-1 text-xs text-gray-600">All of it goes to the driver. Percentages are of {formatMoney(tippable)}, the food and rides in this order.</p>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {options.map((o) => (
          <label key={o.key} className={chip}>
            <input
              type="radio"
              name={name}
              value={o.key}
              checked={selected === o.key}
              onChange={() => onChange(o.choice)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus:outline-none"
            />
            <span>{o.label}</span>
            {o.note ? <span className="text-xs font-normal tabular-nums opacity-80">{o.note}</span> : null}
          </label>
        ))}
      </div>
      {value.kind === 'custom' ? (
        <div className="grid gap-1">
          <label htmlFor={customId} className="text-sm font-medium text-gray-900">
            Tip amount ($)
          </label>
          <Input
            id={customId}
            inputMode="decimal"
            autoComplete="off"
            placeholder="5.00"
            value={value.text}
            aria-invalid={custom && !custom.ok ? true : undefined}
            aria-describedby={custom && !custom.ok ? errorId : undefined}
            onChange={(e) => onChange({ kind: 'custom', text: e.target.value })}
            className="max-w-40"
          />
          {custom && !custom.ok ? (
            <p id={errorId} className="text-sm text-red-700">
              {custom.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
