import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Info, LoaderCircle, MapPin, RefreshCw } from 'lucide-react';
import { GEOCODE_QUERY_MIN_LENGTH, type GeocodeAnswer, type GeocodeResult } from '@domain/locations/geocode';
import { apiQuery } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';

export type { GeocodeAnswer, GeocodeResult } from '@domain/locations/geocode';

/** Pause after the last keystroke before an address search is sent. */
export const ADDRESS_DEBOUNCE_MS = 300;

/** The address search's answer for `text` (after the debounce), shared by every view asking for the same text. */
export function useGeocode(text: string, enabled = true) {
  const [debounced, setDebounced] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const long = debounced.length >= GEOCODE_QUERY_MIN_LENGTH;
  const query = useQuery({ ...apiQuery('/api/geocode', { query: { q: debounced } }), enabled: enabled && long, staleTime: 5 * 60_000 });
  return { query, debounced, long, waiting: text.trim() !== debounced || query.isFetching };
}

export type AddressInputProps = {
  label: string;
  value: string;
  /** What is searched for when it is more than the box shows (e.g. the address with the form's country). */
  searchText?: string;
  onValueChange: (text: string) => void;
  /** A result was chosen (the typed text is what the box held). */
  onSelect: (result: GeocodeResult, typed: string) => void;
  /** Every answer for the text in the box, chosen or not (a map pin can start at the best match). */
  onAnswer?: (answer: GeocodeAnswer, text: string) => void;
  placeholder?: string;
  id?: string;
  name?: string;
  required?: boolean;
  invalid?: boolean;
  /** Ids of texts that describe the box besides its own status (a hint, an error). */
  describedBy?: string;
  onBlur?: () => void;
  className?: string;
  /** Hide the visible label (the caller renders one, e.g. FormField). */
  hideLabel?: boolean;
};

/**
 * Text box with address suggestions from GET /api/geocode (ARIA 1.2 combobox with a listbox popup): street addresses
 * with house numbers and postcodes through the configured geocoder; otherwise the location directory's closest
 * places with the server's note to place the pin (never a bare 'No locations found'). Arrows move through the
 * suggestions, Enter chooses, Escape closes the list.
 */
export function AddressInput({
  label,
  value,
  searchText,
  onValueChange,
  onSelect,
  onAnswer,
  placeholder,
  id,
  name,
  required,
  invalid,
  describedBy,
  onBlur,
  className,
  hideLabel,
}: AddressInputProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listboxId = `${generatedId}-listbox`;
  const statusId = `${generatedId}-status`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);
  // Searches while the list is open or a caller follows the answers (a pin placing itself at the best match).
  const { query, debounced, waiting } = useGeocode(searchText ?? value, open || Boolean(onAnswer));
  const answer = query.data;
  const results = answer?.results ?? [];
  const showList = open && value.trim().length >= GEOCODE_QUERY_MIN_LENGTH;

  useEffect(() => setActive(-1), [debounced]);

  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  useEffect(() => {
    if (answer && !query.isPlaceholderData) onAnswerRef.current?.(answer, debounced);
    // Once per answer: a new object from the query, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // Close when a click goes elsewhere.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (containerRef.current && event.target instanceof Node && !containerRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (result: GeocodeResult) => {
    onSelect(result, value);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (results.length > 0) setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length > 0) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (showList && active >= 0 && results[active]) {
        event.preventDefault();
        choose(results[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const activeId = showList && active >= 0 && results[active] ? `${listboxId}-${active}` : undefined;
  let status = '';
  if (showList) {
    if (waiting && results.length === 0) status = 'Searching addresses…';
    else if (query.isError) status = 'Address search failed.';
    else if (results.length === 0 && !waiting) status = answer?.message ?? 'No matching address.';
    else status = `${results.length} suggestion${results.length === 1 ? '' : 's'} available.${answer?.message ? ` ${answer.message}` : ''}`;
  }

  return (
    <div
      ref={containerRef}
      className={cn('relative grid min-w-0 gap-1.5', className)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <Label htmlFor={inputId} required={required} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
        <Input
          id={inputId}
          name={name}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          className="pl-9 pr-9"
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {showList && waiting ? (
          <LoaderCircle className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
        ) : null}
      </div>
      <span id={statusId} role="status" aria-live="polite" className="sr-only">
        {status}
      </span>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={`${label} suggestions`}
        tabIndex={-1}
        hidden={!showList}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
      >
        {showList && answer?.message && !waiting ? (
          <li role="presentation" className="flex items-start gap-2 px-2.5 py-2 text-xs text-amber-900">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{answer.message}</span>
          </li>
        ) : null}
        {showList && results.length === 0 && (waiting || query.isError) ? (
          <li role="presentation" className="px-3 py-3 text-sm text-gray-600">
            {waiting ? (
              <span>Searching…</span>
            ) : (
              <span className="flex flex-wrap items-center gap-2">
                Address search failed.
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded text-brand-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  onClick={() => void query.refetch()}
                >
                  <RefreshCw className="size-3.5" aria-hidden="true" />
                  Retry
                </button>
              </span>
            )}
          </li>
        ) : null}
        {showList
          ? results.map((result, index) => (
              <li
                key={`${result.label}-${result.lat}-${result.lng}`}
                id={`${listboxId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm',
                  index === active ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(result)}
                onMouseMove={() => setActive(index)}
              >
                <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
                <span className="min-w-0 break-words">{result.label}</span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
