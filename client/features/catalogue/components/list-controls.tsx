import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { List, LoaderCircle, Map as MapIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { pluralize } from '@domain/format';
import { fieldClasses } from '@client/ui/input';
import { Button } from '@client/ui/button';

/**
 * The controls around a searched list (issue 29), shared by the sections and the results page: the sort, the count
 * of all matches (announced politely as it changes), 'Show more' and the List / Map switch. Native selects and plain
 * buttons: light enough for the home page's first screen.
 */

export type SortOption = { value: string; label: string };

/** The sorts a list offers; distance only when there is a place to measure from. */
export function sortOptions(hasPlace: boolean): SortOption[] {
  return [
    { value: 'relevance', label: 'Relevance' },
    { value: 'price', label: 'Price (lowest first)' },
    { value: 'rating', label: 'Rating (highest first)' },
    ...(hasPlace ? [{ value: 'distance', label: 'Distance (nearest first)' }] : []),
  ];
}

/** A labelled native select (the sort, the radius). */
export function NativeSelect({
  label,
  value,
  onChange,
  options,
  className,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SortOption[];
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className={cn(fieldClasses, 'h-10 py-2 pr-8')}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The sort as a row of toggle buttons (aria-pressed) under a visible "Sort by": for the home page's first screen, where
 * a select widget's code would weigh on the first load and a native select's options mix with the page's listboxes.
 */
export function SortChips({ value, onChange, options, label = 'Sort by' }: { value: string; onChange: (value: string) => void; options: readonly SortOption[]; label?: string }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={id} className="text-sm font-medium text-gray-800">
        {label}
      </span>
      <div role="group" aria-labelledby={id} className="flex flex-wrap gap-1.5">
        {options.map((o) => {
          const active = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(o.value)}
              className={cn(
                'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
                active ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-gray-300 bg-white text-gray-700 hover:border-brand-300 hover:bg-brand-50',
              )}
            >
              {o.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Short sort names for {@link SortChips}. */
export function sortChipOptions(hasPlace: boolean): SortOption[] {
  return [
    { value: 'relevance', label: 'Relevance' },
    { value: 'price', label: 'Price' },
    { value: 'rating', label: 'Rating' },
    ...(hasPlace ? [{ value: 'distance', label: 'Distance' }] : []),
  ];
}

/** "24 restaurants", "About 12,000 results" (an estimate), or "Searching…" before the first answer, in a polite live region. */
export function ResultCount({
  total,
  singular,
  plural,
  pending,
  estimated,
  className,
}: {
  total: number;
  singular: string;
  plural: string;
  pending?: boolean;
  estimated?: boolean;
  className?: string;
}) {
  const count = pluralize(total, singular, plural);
  return (
    <p role="status" aria-live="polite" className={cn('text-sm font-medium text-gray-700', className)}>
      {pending ? 'Searching…' : estimated ? `About ${count}` : count}
    </p>
  );
}

/** The 'Show more' button, busy while the next page loads. */
export function ShowMoreButton({ onClick, loading, children }: { onClick: () => void; loading: boolean; children: ReactNode }) {
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading} aria-busy={loading || undefined}>
        {loading ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {loading ? 'Loading more…' : children}
      </Button>
    </div>
  );
}

/**
 * 'Show more' under a list read a page at a time (an infinite query): nothing once the last page is in; the first new
 * item takes the focus (useRevealFocus) when it arrives.
 */
export function NextPageButton({
  pages,
  reveal,
  children,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  reveal: { mark: () => void };
  children: ReactNode;
}) {
  if (!pages.hasNextPage) return null;
  const next = () => {
    reveal.mark();
    void pages.fetchNextPage();
  };
  return (
    <ShowMoreButton loading={pages.isFetchingNextPage} onClick={next}>
      {children}
    </ShowMoreButton>
  );
}

/** List / Map: two toggle buttons (aria-pressed) in a labelled group. */
export function ViewToggle({ view, onChange, label = 'Show results as' }: { view: 'list' | 'map'; onChange: (view: 'list' | 'map') => void; label?: string }) {
  const base =
    'inline-flex h-9 items-center gap-1.5 px-3 text-sm font-medium transition-colors focus-visible:z-10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-lg border border-gray-300 bg-white">
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')} className={cn(base, view === 'list' ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50')}>
        <List className="size-4" aria-hidden="true" />
        List
      </button>
      <button
        type="button"
        aria-pressed={view === 'map'}
        onClick={() => onChange('map')}
        className={cn(base, 'border-l border-gray-300', view === 'map' ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50')}
      >
        <MapIcon className="size-4" aria-hidden="true" />
        Map
      </button>
    </div>
  );
}

/**
 * Keyboard focus after 'Show more': `mark()` before asking for more; once the list has grown past the old count,
 * the first new card (the one given `refFor(index)`, focusable with tabIndex -1) takes the focus, so a keyboard or
 * screen reader user continues where the new results start rather than at the top or on a vanished button.
 */
export function useRevealFocus(count: number): { mark: () => void; refFor: (index: number) => RefObject<HTMLElement | null> | undefined } {
  const target = useRef<HTMLElement | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (pending.current && from !== null && count > from) {
      pending.current = false;
      target.current?.focus();
    }
  }, [count, from]);
  const mark = useCallback(() => {
    pending.current = true;
    setFrom(count);
  }, [count]);
  return { mark, refFor: (index: number) => (index === from ? target : undefined) };
}

/** The list is narrowed to the map's area ('Search this area'); a button searches everywhere again. */
export function AreaNote({ onClear }: { onClear: () => void }) {
  return (
    <p className="mt-2 text-sm text-gray-700">
      Showing the map area.{' '}
      <button type="button" onClick={onClear} className="rounded text-brand-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        Search everywhere again
      </button>
    </p>
  );
}
