import { Star } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** Read-only stars for a whole-number rating, labelled for screen readers. */
export function StarRow({ value, className }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className={cn('inline-flex', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-gray-300')} />
      ))}
    </span>
  );
}

/**
 * The star picker of the review form: five native radio buttons (arrow keys move between them, screen readers say
 * "4 stars, 4 of 5") drawn as stars. `error` is announced with the group.
 */
export function StarInput({ value, onChange, error, name }: { value: number | null; onChange: (n: number) => void; error?: string; name: string }) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium text-gray-900">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded focus-within:ring-2 focus-within:ring-brand-500">
            <input type="radio" className="sr-only" name={name} value={n} checked={value === n} onChange={() => onChange(n)} aria-label={`${n} star${n === 1 ? '' : 's'}`} />
            <Star aria-hidden="true" className={cn('size-8', value !== null && n <= value ? 'fill-amber-400 text-amber-400' : 'text-gray-300')} />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
