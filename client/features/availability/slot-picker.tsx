import { useId } from 'react';
import { cn } from '@client/lib/cn';
import type { SlotOption } from './slot-logic';

/**
 * The free times of a day as a group of radio buttons, drawn as chips: Tab enters the group, the arrow keys move
 * between times, Space picks one; screen readers hear 'Free times on Mar 4, 2026, radio group, 2:30 PM, 3 of 8'.
 */
export function SlotPicker({
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: readonly SlotOption[];
  value: string | null;
  onChange: (start: string) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-gray-900">{legend}</legend>
      <div className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4">
        {options.map((o) => (
          <label
            key={o.start}
            className={cn(
              'relative flex min-h-11 flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-center text-sm font-medium transition-colors',
              'border-gray-300 bg-white text-gray-800 hover:border-brand-300 hover:bg-brand-50',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1',
              'has-[:disabled]:opacity-60',
            )}
          >
            {/* The input covers the chip, so a click or tap anywhere on it picks the time. */}
            <input
              type="radio"
              name={name}
              value={o.start}
              checked={value === o.start}
              onChange={() => onChange(o.start)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus:outline-none disabled:cursor-not-allowed"
            />
            <span className="tabular-nums">{o.label}</span>
            {o.note ? <span className="text-xs font-normal opacity-80">{o.note}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
