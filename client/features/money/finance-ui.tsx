import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { TableScroll, tdClass, thClass } from '@client/features/admin/admin-ui';

/** The pieces the Finance tab's parts (figures, payouts) share. */

/** An amount's cell and its column's header: right-aligned, figures in a column. */
export const numClass = cn(tdClass, 'whitespace-nowrap text-right tabular-nums');
export const numHead = cn(thClass, 'text-right');

/**
 * A part of the Finance tab: a section named by its h2, with what it is about and its controls (`actions`) beside
 * the heading from the `wideAt` breakpoint up, below it on a phone.
 */
export function FinancePanel({
  id,
  title,
  intro,
  actions,
  wideAt,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  actions: ReactNode;
  wideAt: 'sm' | 'lg';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-4">
      <div className={cn('flex flex-col gap-3', wideAt === 'lg' ? 'lg:flex-row lg:items-end lg:justify-between' : 'sm:flex-row sm:items-end sm:justify-between')}>
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="text-sm text-gray-600">{intro}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A table of the Finance tab, scrolling inside its box: a hidden caption, one header per column (the last `amounts`
 * right-aligned, for amounts), then its rows and, when given, its footer.
 */
export function FinanceTable({
  label,
  caption = label,
  columns,
  amounts = 0,
  bodyClassName,
  foot,
  children,
}: {
  label: string;
  caption?: string;
  columns: readonly string[];
  amounts?: number;
  bodyClassName?: string;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="min-w-full divide-y divide-gray-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((name, i) => (
              <th key={name} scope="col" className={i >= columns.length - amounts ? numHead : thClass}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-gray-100', bodyClassName)}>{children}</tbody>
        {foot}
      </table>
    </TableScroll>
  );
}
