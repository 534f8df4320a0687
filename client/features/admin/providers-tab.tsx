import type { AdminServiceProvider } from '@domain/admin/schemas';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { TableScroll, TableState, tdClass, thClass } from './admin-ui';
import { ShowMore, usePagedList } from './paged-list';

const KIND_LABEL: Record<string, string> = { airline: 'Airline', driver: 'Driver', 'fashion-designer': 'Fashion designer' };

/**
 * The Providers tab: the provider records that approving an airline, driver or fashion designer creates (they have
 * no public listing of their own), with the registration each came from.
 */
export function ProvidersTab() {
  const { query: providers, rows: page, total } = usePagedList('/api/admin/{collection}', { path: { collection: 'service-providers' } });
  // The collection route answers rows whose fields depend on the collection (AdminRow): these are provider records.
  const rows = page as AdminServiceProvider[];

  if (providers.isPending) return <TableState status="pending" label="providers" />;
  if (providers.isError) return <TableState status="error" label="providers" onRetry={() => void providers.refetch()} />;
  if (rows.length === 0) return <TableState status="empty" label="providers" />;

  return (
    <>
      <TableScroll label="Providers table">
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">Approved providers</caption>
          <thead className="bg-gray-50">
            <tr>
              {['Business', 'Kind', 'Registration', 'Status', 'Approved'].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((p) => (
              <tr key={p.id}>
                <td className={cn(tdClass, 'max-w-64 truncate font-medium')}>{p.businessName}</td>
                <td className={tdClass}>{KIND_LABEL[p.serviceType] ?? p.serviceType}</td>
                <td className={tdClass}>{p.registrationId ? `#${p.registrationId}` : '—'}</td>
                <td className={tdClass}>{p.isOnline ? <Badge variant="success">Online</Badge> : <Badge variant="secondary">Offline</Badge>}</td>
                <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDateTime(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ShowMore shown={rows.length} total={total} noun="providers" list={providers} />
    </>
  );
}
