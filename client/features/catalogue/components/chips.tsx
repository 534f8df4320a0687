import { useId } from 'react';
import { cn } from '@client/lib/cn';
import { formatNumber } from '@domain/format';

/**
 * Toggle chips for a single-choice filter; each chip is a button with aria-pressed. With `counts`, each value shows
 * how many listings it has (the count of a search facet, issue 29) beside its name; the chip's name stays the value
 * alone, and the count is its description ("3 restaurants").
 */
export function FilterChips({
  label,
  options,
  value,
  onChange,
  counts,
  countNoun,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  counts?: ReadonlyMap<string, number>;
  /** Plural noun of the counts, read to screen readers ("restaurants"). */
  countNoun?: string;
}) {
  const id = useId();
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option, i) => {
        const active = option === value;
        const count = counts?.get(option);
        const countId = `${id}-count-${i}`;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            aria-describedby={count !== undefined ? countId : undefined}
            onClick={() => onChange(option)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:border-brand-300 hover:bg-brand-50',
            )}
          >
            {option}
            {count !== undefined ? (
              <>
                <span aria-hidden="true" className={cn('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-white/20 text-white' : 'bg-gray-100 text-gray-600')}>
                  {formatNumber(count)}
                </span>
                <span id={countId} hidden>
                  {`${count} ${countNoun ?? 'results'}`}
                </span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
