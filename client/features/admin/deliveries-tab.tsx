import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminDelivery } from '@domain/orders/schemas';
import { apiQuery } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { TableScroll, TableState, tdClass, thClass } from './admin-ui';

const KIND_LABEL: Record<AdminDelivery['kind'], string> = { food: 'Food', taxi: 'Ride', shipping: 'Shipment' };

/**
 * The Deliveries tab: every unfinished delivery order, with its driver and its journey step (the customer's words). Orders nobody took within the dispatch
 * window are flagged and listed first, so the admin can step in. Refreshed every 15 s while open.
 */
export function DeliveriesTab() {
  const deliveries = useQuery({ ...apiQuery('/api/admin/deliveries'), refetchInterval: 15_000 });

  if (deliveries.isPending) return <TableState status="pending" label="deliveries" />;
  if (deliveries.isError) return <TableState status="error" label="deliveries" onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <TableState status="empty" label="deliveries" emptyText="No deliveries are in progress." />;

  const flagged = deliveries.data.filter((d) => d.unassigned).length;
  return (
    <div className="grid gap-3">
      {flagged > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {flagged === 1 ? '1 order has' : `${flagged} orders have`} waited over 10 minutes for a driver.
        </p>
      ) : null}
      <TableScroll label="Deliveries table">
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">Deliveries in progress</caption>
          <thead className="bg-gray-50">
            <tr>
              {['Tracking', 'Kind', 'From', 'To', 'Driver', 'Status', 'Created'].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {deliveries.data.map((d) => (
              <tr key={d.id} className={d.unassigned ? 'bg-amber-50' : undefined}>
                <td className={cn(tdClass, 'font-mono text-xs')}>
                  <Link className="text-brand-700 underline-offset-4 hover:underline" to={`/track/${d.trackingId}`}>
                    {d.trackingNumber}
                  </Link>
                </td>
                <td className={tdClass}>
                  {KIND_LABEL[d.kind]} · {d.serviceName}
                </td>
                <td className={cn(tdClass, 'max-w-48 truncate')}>{d.pickupAddress}</td>
                <td className={cn(tdClass, 'max-w-48 truncate')}>{d.dropoffAddress}</td>
                <td className={tdClass}>{d.driverName ?? '—'}</td>
                <td className={tdClass}>
                  {d.unassigned ? (
                    <Badge variant="warning">Looking for a driver</Badge>
                  ) : (
                    // The journey's step, worded as the customer's tracking words it (domain/orders/journey.ts).
                    <Badge variant={d.status === 'pending' ? 'secondary' : 'success'}>{d.stepLabel}</Badge>
                  )}
                </td>
                <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDateTime(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
