import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';
import { AlertCircle, Inbox, RefreshCw } from 'lucide-react';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';
import { humanize } from './admin-listings';

/** A stored value as text for tables and dialogs. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => displayValue(v)).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    // A registration's menu dish: "Pho Bo $14.50".
    const dish = value as { name?: unknown; price?: unknown };
    if (typeof dish.name === 'string' && (typeof dish.price === 'string' || typeof dish.price === 'number')) return `${dish.name} $${String(dish.price)}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** Loading, error and empty states shared by every admin table. */
export function TableState({
  status,
  onRetry,
  emptyText,
  label,
}: {
  status: 'pending' | 'error' | 'empty';
  onRetry?: () => void;
  emptyText?: string;
  label: string;
}) {
  if (status === 'pending') {
    return (
      <div className="grid gap-2 p-4" role="status" aria-label={`Loading ${label}`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center text-sm text-gray-700" role="alert">
        <AlertCircle className="size-6 text-red-600" aria-hidden="true" />
        <p>We could not load the {label}.</p>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RefreshCw className="size-3.5" aria-hidden="true" />
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-2 p-8 text-center text-sm text-gray-600" role="status">
      <Inbox className="size-6 text-gray-400" aria-hidden="true" />
      <p>{emptyText ?? `No ${label} yet.`}</p>
    </div>
  );
}

/** Horizontal scrolling stays inside the table's box, so the page never overflows on a phone. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="w-full max-w-full overflow-x-auto rounded-lg border border-gray-200 bg-white" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export const thClass = 'whitespace-nowrap px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-gray-600';
export const tdClass = 'px-3 py-2.5 align-middle text-sm text-gray-800';

/** A table's header row: one column header per name, and a right-aligned Actions header when asked. */
export function TableHead({ columns, actions = false }: { columns: string[]; actions?: boolean }) {
  return (
    <thead className="bg-gray-50">
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className={thClass}>
            {name}
          </th>
        ))}
        {actions && (
          <th scope="col" className={cn(thClass, 'text-right')}>
            Actions
          </th>
        )}
      </tr>
    </thead>
  );
}

/** Read-only dialog listing every field of a record. */
export function DetailsDialog({
  open,
  onOpenChange,
  title,
  description,
  record,
  labels,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  record: Record<string, unknown> | null;
  /** Field labels by key; other keys are humanized. */
  labels?: Readonly<Record<string, string>>;
  footer?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">All fields</DialogDescription>}
        </DialogHeader>
        {record ? (
          <dl className="grid max-h-[60vh] gap-x-4 gap-y-2 overflow-y-auto text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
            {Object.entries(record).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-medium text-gray-600">{labels?.[key] ?? humanize(key)}</dt>
                <dd className="min-w-0 whitespace-pre-wrap break-words text-gray-900">{displayValue(value)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {footer}
      </DialogContent>
    </Dialog>
  );
}
