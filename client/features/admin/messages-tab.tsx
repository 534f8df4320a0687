import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, MailCheck } from 'lucide-react';
import type { AdminContactMessage } from '@domain/admin/schemas';
import { apiKey, apiPost, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { toast } from '@client/ui/use-toast';
import { DetailsDialog, TableScroll, TableState, tdClass, TableHead } from './admin-ui';
import { STATS_KEY } from './listing-tab';
import { ShowMore, usePagedList } from './paged-list';

export const MESSAGES_KEY = apiKey('/api/admin/messages');

/** The Messages tab: contact messages sent from /contact, newest first and a page at a time, with Mark as read. */
export function MessagesTab() {
  const queryClient = useQueryClient();
  const { query: messages, rows, total } = usePagedList('/api/admin/messages');
  const [viewing, setViewing] = useState<AdminContactMessage | null>(null);

  const markRead = useMutation({
    mutationFn: (message: AdminContactMessage) => apiPost('/api/admin/messages/{id}/read', { params: { path: { id: message.id } } }),
    onSuccess: () => toast({ title: 'Marked as read', variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Update failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]),
  });

  if (messages.isPending) return <TableState status="pending" label="messages" />;
  if (messages.isError) return <TableState status="error" label="messages" onRetry={() => void messages.refetch()} />;
  if (rows.length === 0) return <TableState status="empty" label="messages" />;

  return (
    <>
      <TableScroll label="Messages table">
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">Contact messages</caption>
          <TableHead columns={['From', 'Subject', 'Received', 'Status']} actions />
          <tbody className="divide-y divide-gray-100">
            {rows.map((message) => (
              <tr key={message.id} className={message.readAt ? undefined : 'font-medium'}>
                <td className={cn(tdClass, 'max-w-56')}>
                  <span className="block truncate">{message.name}</span>
                  <span className="block truncate text-xs text-gray-500">{message.email}</span>
                </td>
                <td className={cn(tdClass, 'max-w-64 truncate')}>{message.subject || message.message.slice(0, 60)}</td>
                <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDateTime(message.createdAt)}</td>
                <td className={tdClass}>
                  {message.readAt ? <Badge variant="secondary">Read</Badge> : <Badge variant="warning">Unread</Badge>}
                </td>
                <td className={cn(tdClass, 'whitespace-nowrap text-right')}>
                  <div className="inline-flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setViewing(message)} aria-label={`View message from ${message.name}`}>
                      <Eye className="size-3.5" aria-hidden="true" />
                      View
                    </Button>
                    {message.readAt ? null : (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={markRead.isPending && markRead.variables.id === message.id}
                        onClick={() => markRead.mutate(message)}
                        aria-label={`Mark message from ${message.name} as read`}
                      >
                        <MailCheck className="size-3.5" aria-hidden="true" />
                        Mark as read
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ShowMore shown={rows.length} total={total} noun="messages" list={messages} />
      <DetailsDialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title={viewing ? viewing.subject || `Message from ${viewing.name}` : ''}
        description={viewing ? `From ${viewing.name} <${viewing.email}>, ${formatDateTime(viewing.createdAt)}` : undefined}
        record={viewing ? { message: viewing.message, name: viewing.name, email: viewing.email, readAt: viewing.readAt } : null}
      />
    </>
  );
}
