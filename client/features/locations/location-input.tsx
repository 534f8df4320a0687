import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2, Landmark, LoaderCircle, MapPin, Navigation, Plane, RefreshCw, type LucideIcon } from 'lucide-react';
import { LOCATION_SEARCH_MIN_LENGTH, type LocationEntry, type LocationType, type LocationTypeFilter } from '@domain/locations/search';
import { apiQuery } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';

export type { LocationEntry } from '@domain/locations/search';

/** Pause after the last keystroke before a search is sent. */
export const LOCATION_DEBOUNCE_MS = 250;

const TYPE_ICONS: Record<LocationType, LucideIcon> = {
  city: Building2,
  neighborhood: MapPin,
  street: Navigation,
  landmark: Landmark,
  airport: Plane,
};

const TYPE_LABELS: Record<LocationType, string> = {
  city: 'City',
  neighborhood: 'Neighbourhood',
  street: 'Street',
  landmark: 'Landmark',
  airport: 'Airport',
};

export type LocationInputProps = {
  label: string;
  /** The text in the box (controlled). */
  value: string;
  onValueChange: (text: string) => void;
  /** A suggestion was chosen; the box then shows `displayText(location)`. */
  onSelect: (location: LocationEntry) => void;
  /** Narrows suggestions: airports; cities and neighbourhoods; or street addresses. */
  type?: LocationTypeFilter;
  placeholder?: string;
  /** What the box shows after a choice (default: the name). */
  displayText?: (location: LocationEntry) => string;
  className?: string;
  id?: string;
  required?: boolean;
};

/**
 * Text box with location suggestions from GET /api/locations (ARIA 1.2 combobox with a listbox popup).
 * Typing at least 2 characters searches after a short pause; arrows move through the suggestions, Enter chooses,
 * Escape closes the list.
 */
export function LocationInput({
  label,
  value,
  onValueChange,
  onSelect,
  type,
  placeholder,
  displayText = (l) => l.name,
  className,
  id,
  required,
}: LocationInputProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listboxId = `${generatedId}-listbox`;
  const statusId = `${generatedId}-status`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced, setDebounced] = useState(value.trim());
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), LOCATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const long = debounced.length >= LOCATION_SEARCH_MIN_LENGTH;
  const search = useQuery({ ...apiQuery('/api/locations', { query: type ? { q: debounced, type } : { q: debounced } }), enabled: open && long });
  const results = search.data ?? [];
  // Keystrokes not yet searched count as loading, so "No locations found" never flashes for stale text.
  const waiting = value.trim() !== debounced || search.isFetching;
  const showList = open && value.trim().length >= LOCATION_SEARCH_MIN_LENGTH;

  useEffect(() => setActive(-1), [debounced]);

  // Close when focus or a click goes elsewhere.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (containerRef.current && event.target instanceof Node && !containerRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (location: LocationEntry) => {
    onValueChange(displayText(location));
    onSelect(location);
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
    if (waiting && results.length === 0) status = 'Searching locations…';
    else if (search.isError) status = 'Location search failed.';
    // Worded differently from the visible message so the page has one "No locations found" text.
    else if (results.length === 0 && !waiting) status = 'No suggestions. Try a major city, street or landmark.';
    else status = `${results.length} suggestion${results.length === 1 ? '' : 's'} available.`;
  }

  return (
    <div
      ref={containerRef}
      className={cn('relative grid min-w-0 gap-1.5', className)}
      onBlur={(event) => {
        // Tabbing away closes the list, so it does not hang over the next field.
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
        <Input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={statusId}
          aria-required={required || undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          className="pl-9 pr-9"
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
          }}
          // A click opens the list; focus alone does not (ARIA combobox practice), so focus that returns to the box
          // (a dialog restoring it, Escape elsewhere) never pops the list open over the buttons below.
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
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
        // The list scrolls, which would make it a Tab stop of its own; arrows from the input move through it.
        tabIndex={-1}
        hidden={!showList}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
      >
        {showList && results.length === 0 ? (
          <li role="presentation" className="px-3 py-3 text-sm text-gray-600">
            {waiting ? (
              <span>Searching…</span>
            ) : search.isError ? (
              <span className="flex flex-wrap items-center gap-2">
                Location search failed.
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded text-brand-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  onClick={() => void search.refetch()}
                >
                  <RefreshCw className="size-3.5" aria-hidden="true" />
                  Retry
                </button>
              </span>
            ) : (
              <span className="grid gap-0.5">
                <span className="font-medium text-gray-800">No locations found for &quot;{debounced}&quot;</span>
                <span className="text-xs text-gray-500">Try searching for major cities, streets, or landmarks</span>
              </span>
            )}
          </li>
        ) : null}
        {showList
          ? results.map((location, index) => {
              const Icon = TYPE_ICONS[location.type] ?? MapPin;
              return (
                <li
                  key={location.id}
                  id={`${listboxId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={cn(
                    'flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm',
                    index === active ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50',
                  )}
                  // mousedown, not click: keep focus in the input so the list does not close first.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(location)}
                  onMouseMove={() => setActive(index)}
                >
                  <Icon className="mt-0.5 size-4 shrink-0 text-gray-500" aria-label={TYPE_LABELS[location.type]} />
                  <span className="grid min-w-0">
                    <span className="truncate font-medium">{location.name}</span>
                    <span className="truncate text-xs text-gray-500">{location.address}</span>
                  </span>
                </li>
              );
            })
          : null}
      </ul>
    </div>
  );
}
