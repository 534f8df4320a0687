import { useId, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FormFieldProps = {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  /** Receives the id and aria wiring to spread on the input. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, control, hint and error message, wired together for screen readers. */
export function FormField({ label, required, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const showHint = Boolean(hint) && !error;
  const hintId = showHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {showHint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level error (e.g. the server's 409 message), announced when it appears. */
export function FormAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  return (
    <div role="alert" aria-live="assertive" className={className}>
      {message ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{message}</p>
      ) : null}
    </div>
  );
}
