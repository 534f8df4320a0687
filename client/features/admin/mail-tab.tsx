import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Mail, RefreshCw, RotateCw } from 'lucide-react';
import type { AdminMail, AdminMailDetail } from '@domain/notifications/schemas';
import { apiGet, apiKey, apiQuery, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/ui/select';
import { Skeleton } from '@client/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui/tabs';
import { toast } from '@client/ui/use-toast';
import {
  MAIL_DETAIL_KEY,
  MAIL_LIST_KEY,
  MAIL_STATUS_FILTERS,
  MAIL_STATUS_LOOK,
  isMailStatusFilter,
  mailListQuery,
  resendMail,
  type MailStatusFilter,
} from '@client/features/notifications/mail-log';
import { TableScroll, TableState, tdClass, thClass } from './admin-ui';

/** The list refreshes this often while the tab is open, so queued mail is seen going out. */
const REFRESH_MS = 10_000;
/** Typing in the To box waits this long before asking the server, instead of one request per key. */
const SEARCH_DELAY_MS = 300;

const FILTER_LABEL: Record<MailStatusFilter, string> = {
  all: 'All',
  queued: MAIL_STATUS_LOOK.queued.label,
  sending: MAIL_STATUS_LOOK.sending.label,
  sent: MAIL_STATUS_LOOK.sent.label,
  failed: MAIL_STATUS_LOOK.failed.label,
};

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function StatusBadge({ status }: { status: AdminMail['status'] }) {
  const look = MAIL_STATUS_LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

/**
 * The Mail tab: every e-mail the app queued (newest first) with its delivery state, filterable by status and
 * recipient. Open shows a message's text and HTML; Resend queues it again. Without SMTP_URL this is the only
 * place the messages can be read, so it doubles as the developer's inbox.
 */
export function MailTab() {
  const ids = useId();
  const [status, setStatus] = useState<MailStatusFilter>('all');
  const [toInput, setToInput] = useState('');
  const to = useDebounced(toInput.trim(), SEARCH_DELAY_MS);
  // The id outlives `open`, so the dialog keeps its message on screen while it animates closed.
  const [openId, setOpenId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const filtered = status !== 'all' || to !== '';

  const query = mailListQuery({ status, to });
  const mails = useQuery({
    queryKey: apiKey('/api/admin/mail', { query }),
    queryFn: () => apiGet('/api/admin/mail', { params: { query } }),
    refetchInterval: REFRESH_MS,
    // Changing a filter keeps the old rows on screen until the new ones arrive, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:flex sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-status`}>Status</Label>
          <Select value={status} onValueChange={(value) => isMailStatusFilter(value) && setStatus(value)}>
            <SelectTrigger id={`${ids}-status`} className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MAIL_STATUS_FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {FILTER_LABEL[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 gap-1.5 sm:w-72">
          <Label htmlFor={`${ids}-to`}>To</Label>
          <Input
            id={`${ids}-to`}
            type="search"
            inputMode="email"
            autoComplete="off"
            placeholder="Search by address"
            value={toInput}
            onChange={(event) => setToInput(event.target.value)}
          />
        </div>
        <p className="text-sm text-gray-500 sm:ml-auto" aria-live="polite">
          {mails.isFetching && mails.isPlaceholderData ? 'Updating…' : mails.data ? `${mails.data.length} shown` : ''}
        </p>
      </div>

      {mails.isPending ? (
        <TableState status="pending" label="mail" />
      ) : mails.isError && !mails.data ? (
        <TableState status="error" label="mail" onRetry={() => void mails.refetch()} />
      ) : mails.data.length === 0 ? (
        <TableState status="empty" label="mail" emptyText={filtered ? 'No mail matches these filters.' : 'No mail yet.'} />
      ) : (
        <TableScroll label="Mail table">
          <table className="min-w-full divide-y divide-gray-200">
            <caption className="sr-only">E-mail sent by the app, newest first</caption>
            <thead className="bg-gray-50">
              <tr>
                {['To', 'Subject', 'Template', 'Status', 'Attempts', 'Last error', 'Created', 'Sent'].map((h) => (
                  <th key={h} scope="col" className={thClass}>
                    {h}
                  </th>
                ))}
                {/* Visible on purpose: an sr-only (absolutely positioned) header escapes the scroll box on phones. */}
                <th scope="col" className={cn(thClass, 'text-right')}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {mails.data.map((mail) => (
                <tr key={mail.id}>
                  <td className={cn(tdClass, 'max-w-56 truncate')} title={mail.to}>
                    {mail.to}
                  </td>
                  <td className={cn(tdClass, 'max-w-64 truncate font-medium')} title={mail.subject}>
                    {mail.subject}
                  </td>
                  <td className={cn(tdClass, 'font-mono text-xs')}>{mail.template}</td>
                  <td className={tdClass}>
                    <StatusBadge status={mail.status} />
                  </td>
                  <td className={cn(tdClass, 'text-right tabular-nums')}>{mail.attempts}</td>
                  <td className={cn(tdClass, 'max-w-48 truncate text-red-700')} title={mail.lastError ?? undefined}>
                    {mail.lastError ?? <span className="text-gray-400">—</span>}
                  </td>
                  <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDateTime(mail.createdAt)}</td>
                  <td className={cn(tdClass, 'whitespace-nowrap')}>{mail.sentAt ? formatDateTime(mail.sentAt) : '—'}</td>
                  <td className={cn(tdClass, 'text-right')}>
                    <Button size="sm" variant="outline" onClick={() => {
                        setOpenId(mail.id);
                        setOpen(true);
                      }} aria-label={`Open ${mail.subject} to ${mail.to}`}>
                      <Mail className="size-3.5" aria-hidden="true" />
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {mails.isError && mails.data ? (
        <p role="alert" className="text-sm text-red-700">
          The list could not be refreshed; it shows what was loaded last.
        </p>
      ) : null}

      <MailDialog id={openId} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

/** One message: its headers, the HTML part in a sandboxed frame and the text part, with Resend. */
function MailDialog({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ ...apiQuery('/api/admin/mail/{id}', { path: { id: id ?? 0 } }), enabled: id !== null });
  const resend = useMutation({
    mutationFn: resendMail,
    onSuccess: (mail) => toast({ title: 'Mail queued again', description: `It will be sent to ${mail.to} shortly.`, variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Resend failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: MAIL_LIST_KEY }), queryClient.invalidateQueries({ queryKey: MAIL_DETAIL_KEY })]),
  });
  const mail = detail.data;

  return (
    <Dialog open={open && id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-words">{mail?.subject ?? 'E-mail'}</DialogTitle>
          <DialogDescription className="break-words">
            {mail ? `To ${mail.to} · template ${mail.template} · created ${formatDateTime(mail.createdAt)}` : 'Loading the message'}
          </DialogDescription>
        </DialogHeader>

        {detail.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading the message">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-64" />
          </div>
        ) : detail.isError ? (
          <div className="grid justify-items-center gap-3 p-6 text-center text-sm text-gray-700" role="alert">
            <AlertCircle className="size-6 text-red-600" aria-hidden="true" />
            <p>We could not load this message. {parseApiError(detail.error).message ?? ''}</p>
            <Button size="sm" variant="outline" onClick={() => void detail.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <MailBody mail={detail.data} />
        )}

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => id !== null && resend.mutate(id)} disabled={id === null || !mail || resend.isPending}>
            <RotateCw className={cn('size-4', resend.isPending && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
            {resend.isPending ? 'Resending…' : 'Resend'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MailBody({ mail }: { mail: AdminMailDetail }) {
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Status</dt>
          <dd>
            <StatusBadge status={mail.status} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Attempts:</dt>
          <dd className="tabular-nums">{mail.attempts}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Sent:</dt>
          <dd>{mail.sentAt ? `${formatDateTime(mail.sentAt)}${mail.transport ? ` via ${mail.transport}` : ''}` : 'not yet'}</dd>
        </div>
        {mail.lastError ? (
          <div className="flex min-w-0 basis-full gap-1 text-red-700">
            <dt>Last error:</dt>
            <dd className="min-w-0 break-words">{mail.lastError}</dd>
          </div>
        ) : null}
      </dl>
      <Tabs defaultValue="html" className="min-w-0">
        <TabsList aria-label="Message part">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Text</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="mt-3">
          {/*
            The HTML is rendered, not trusted: sandbox="" gives the frame no scripts, no forms, no top navigation and
            an opaque origin, so a message cannot touch this page or the admin's session.
          */}
          <iframe
            sandbox=""
            srcDoc={mail.html}
            title={`HTML part of ${mail.subject}`}
            className="h-[55vh] min-h-64 w-full rounded-lg border border-gray-200 bg-white"
          />
        </TabsContent>
        <TabsContent value="text" className="mt-3">
          <pre
            className="max-h-[55vh] min-h-32 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-gray-200 bg-gray-50 p-3 font-mono text-sm text-gray-900"
          >
            {mail.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}
