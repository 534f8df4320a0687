import { useEffect } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { regionsOf } from '@domain/onboarding';
import { cn } from '@client/lib/cn';
import type { FieldControlProps } from '@client/ui/form-field';
import { fieldClasses, Input } from '@client/ui/input';
import type { FieldValues } from './form-fields';

type RegionFieldProps = {
  aria: FieldControlProps;
  control: Control<FieldValues, unknown, FieldValues>;
  name: string;
  /** The form field holding the country NAME the region belongs to. */
  countryField: string;
};

/**
 * The province or state of the country chosen in the same form (issue 26): Canada's provinces and territories or the
 * US states as a list, a text field for any other country. A region that does not belong to a newly chosen country
 * is cleared, so a US state is never sent for Canada.
 */
export function RegionField({ aria, control, name, countryField }: RegionFieldProps) {
  const country = String(useWatch({ control, name: countryField }) ?? '');
  const regions = regionsOf(country);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <RegionControl aria={aria} country={country} regions={regions} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />}
    />
  );
}

function RegionControl({
  aria,
  country,
  regions,
  value,
  onChange,
  onBlur,
  name,
}: {
  aria: FieldControlProps;
  country: string;
  regions: ReturnType<typeof regionsOf>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
}) {
  const listed = regions ? regions.options.some((o) => o.value === value) : true;
  useEffect(() => {
    if (regions && value !== '' && !listed) onChange('');
  }, [regions, value, listed, onChange]);

  if (regions) {
    return (
      <select {...aria} name={name} className={cn(fieldClasses, 'h-10 py-2')} value={listed ? value : ''} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} autoComplete="address-level1">
        <option value="">{`Select a ${regions.noun}`}</option>
        {regions.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <Input
      {...aria}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      autoComplete="address-level1"
      placeholder={country ? `State, province or region in ${country}` : 'Choose the country first, or type your region'}
    />
  );
}
