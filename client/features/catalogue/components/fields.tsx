import { useId } from 'react';
import { cn } from '@client/lib/cn';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/ui/select';

export type Option = { value: string; label: string };

/** A labelled Radix select. */
export function SelectField({
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
  options: readonly Option[];
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A labelled date input; `error` shows under it, read out and tied to the input (aria-invalid, aria-describedby). */
export function DateField({
  label,
  value,
  onChange,
  min,
  disabled,
  className,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  disabled?: boolean;
  className?: string;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text or number input. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  min,
  step,
  className,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'search';
  placeholder?: string;
  min?: number;
  step?: number | 'any';
  className?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} placeholder={placeholder} min={min} step={step} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
