import { LoaderCircle } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** Spinning indicator with an accessible label (announced politely). */
export function Spinner({ label = 'Loading…', className, showLabel = false }: { label?: string; className?: string; showLabel?: boolean }) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center gap-2 text-gray-600', className)}>
      <LoaderCircle className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** Centred spinner for a whole page or panel that is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner label={label} showLabel />
    </div>
  );
}
