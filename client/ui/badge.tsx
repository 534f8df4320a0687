import type { HTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

const variants = {
  default: 'border-transparent bg-brand-600 text-white',
  secondary: 'border-transparent bg-gray-100 text-gray-800',
  outline: 'border-gray-300 text-gray-800',
  success: 'border-transparent bg-emerald-100 text-emerald-800',
  warning: 'border-transparent bg-amber-100 text-amber-900',
  destructive: 'border-transparent bg-red-100 text-red-800',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({ className, variant = 'default', ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', variants[variant], className)}
      {...props}
    />
  );
}
