import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { fieldClasses } from '@client/ui/input';

/** The sovereign countries (about 195), loaded once and shared by every form. */
export function useSovereignCountries() {
  return useQuery({ ...apiQuery('/api/countries', { query: { scope: 'sovereign' } }), staleTime: Infinity });
}

/**
 * Country select storing the country NAME (spec 001 section 3). A native select: typing letters jumps to a
 * country, and it works with every screen reader and on phones.
 */
export const CountrySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function CountrySelect(
  { className, ...props },
  ref,
) {
  const countries = useSovereignCountries();
  return (
    <>
      <select ref={ref} className={cn(fieldClasses, 'h-10 py-2', className)} {...props}>
        <option value="">{countries.isPending ? 'Loading countries…' : 'Select a country'}</option>
        {(countries.data ?? []).map((country) => (
          <option key={country.code} value={country.name}>
            {country.flag} {country.name}
          </option>
        ))}
      </select>
      {countries.isError ? (
        <p className="text-xs text-red-700" role="alert">
          We could not load the country list.{' '}
          <button type="button" className="underline" onClick={() => void countries.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
    </>
  );
});
