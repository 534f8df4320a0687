import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs transition-colors sm:text-sm ' +
  'placeholder:text-gray-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30 ' +
  'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:opacity-70 ' +
  'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/30';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, type, ...props }, ref) {
  return <input ref={ref} type={type ?? 'text'} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />;
});
