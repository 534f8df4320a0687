import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, RefreshCw, Search } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@client/ui/popover';
import { Skeleton } from '@client/ui/skeleton';
import { filterCountries, useCountries, type Country } from './use-countries';

type CountryPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedCode: string | null;
  onSelect: (country: Country) => void;
  /** The trigger button (the header's CountryPicker renders it, so it looks the same before this module loads). */
  trigger: ReactNode;
};

/** The country picker's popover: a search box (ARIA combobox) over the server's country list, fetched when opened. */
export function CountryPopover({ open, onOpenChange, selectedCode, onSelect, trigger }: CountryPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        {open ? <CountryList selectedCode={selectedCode} onSelect={onSelect} /> : null}
      </PopoverContent>
    </Popover>
  );
}

type CountryListProps = {
  selectedCode: string | null;
  onSelect: (country: Country) => void;
};

function CountryList({ selectedCode, onSelect }: CountryListProps) {
  const query = useCountries();
  const baseId = useId();
  const inputId = `${baseId}-search`;
  const listId = `${baseId}-list`;
  const optionId = (code: string) => `${baseId}-opt-${code}`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => filterCountries(query.data ?? [], text), [query.data, text]);
  const activeCountry = results[Math.min(active, results.length - 1)];

  const activeOptionId = activeCountry ? optionId(activeCountry.code) : undefined;

  // Keep the highlighted option visible while moving with the arrow keys.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!results.length) return;
    const last = results.length - 1;
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, last));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(last);
    else if (event.key === 'PageDown') setActive((i) => Math.min(i + 8, last));
    else if (event.key === 'PageUp') setActive((i) => Math.max(i - 8, 0));
    else if (event.key === 'Enter' && activeCountry) onSelect(activeCountry);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col">
      <div className="border-b border-gray-200 p-3">
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-gray-800">
          Choose your country
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
          <Input
            id={inputId}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOptionId}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search countries"
            className="pl-9"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            disabled={!query.data}
          />
        </div>
      </div>

      {query.isPending ? (
        <div className="grid gap-2 p-3" role="status" aria-label="Loading countries">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-7" />
          ))}
        </div>
      ) : query.isError ? (
        <div className="grid justify-items-center gap-3 p-4 text-center text-sm text-gray-700" role="alert">
          <p>We could not load the country list.</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw className="size-3.5" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul id={listId} role="listbox" aria-label="Countries" className="max-h-72 overflow-y-auto overscroll-contain p-1">
            {results.map((country, index) => {
              const isSelected = country.code === selectedCode;
              const isActive = activeCountry?.code === country.code;
              return (
                <li
                  key={country.code}
                  id={optionId(country.code)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseMove={() => setActive(index)}
                  onClick={() => onSelect(country)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-2 text-sm',
                    isActive && 'bg-brand-50 text-brand-900',
                    isSelected && 'font-semibold',
                  )}
                >
                  <span className="w-6 shrink-0 text-center text-lg leading-none" aria-hidden="true">
                    {country.flag}
                  </span>
                  <span className="min-w-0 flex-1 truncate">{country.name}</span>
                  {isSelected ? <Check className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ul>
          {results.length === 0 ? (
            <p className="px-4 pb-4 text-center text-sm text-gray-600" role="status">
              No countries match “{text.trim()}”.
            </p>
          ) : (
            <p className="sr-only" role="status">
              {`${results.length} countries`}
            </p>
          )}
        </>
      )}
    </div>
  );
}
