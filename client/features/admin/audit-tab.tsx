import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction } from '@domain/audit/schemas';
import { formatDateTime } from '@domain/format';
import { apiQuery } from '@client/lib/api';
import { TableScroll, TableState, tdClass, TableHead } from './admin-ui';
import { describeChanges } from './audit-format';

/** The Audit tab: admin and money actions (who, when, what changed), newest first, filterable by action. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const entries = useQuery(apiQuery('/api/admin/audit', { query: { limit: 100, action: action || undefined } }));

  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="audit-action" className="text-sm font-medium text-gray-700">
          Action
        </label>
        <select
          id="audit-action"
          value={action}
          onChange={(e) => setAction(e.target.value as AuditAction | '')}
          className="h-9 max-w-full rounded-md border border-gray-300 bg-white px-2 text-sm"
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      {entries.isPending ? (
        <TableState status="pending" label="audit entries" />
      ) : entries.isError ? (
        <TableState status="error" label="audit entries" onRetry={() => void entries.refetch()} />
      ) : entries.data.length === 0 ? (
        <TableState status="empty" label="audit entries" />
      ) : (
        <TableScroll label="Audit log table">
          <table className="min-w-full divide-y divide-gray-200">
            <caption className="sr-only">Audit log: admin and money actions</caption>
            <TableHead columns={['When', 'Who', 'Action', 'Target', 'What changed']} />
            <tbody className="divide-y divide-gray-100 bg-white">
              {entries.data.map((e) => (
                <tr key={e.id}>
                  <td className={tdClass}>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td className={tdClass}>{e.actor}</td>
                  <td className={tdClass}>{e.action}</td>
                  <td className={tdClass}>
                    {e.targetType}
                    {e.targetId ? ` #${e.targetId}` : ''}
                  </td>
                  <td className={`${tdClass} max-w-md break-words`}>{describeChanges(e.changes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
