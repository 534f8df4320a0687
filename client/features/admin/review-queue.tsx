import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Eye, X } from 'lucide-react';
import {
  RejectRegistrationSchema,
  type AdminRegistration,
  type ApproveResult,
  type RejectRegistration,
} from '@domain/admin/schemas';
import { apiKey, apiPost, apiQueriesUnder, collectionListPath, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { KIND_LABELS, registrationDetails } from './admin-listings';
import { DetailsDialog, TableScroll, TableState, tdClass, TableHead } from './admin-ui';
import { STATS_KEY } from './listing-tab';
import { ConfirmDialog } from './confirm-dialog';
import { ShowMore, usePagedList } from './paged-list';

export const PENDING_KEY = apiKey('/api/admin/registrations', { query: { status: 'pending' } });

/** The Review queue tab: pending registrations of every kind, with View, Approve and Reject. */
export function ReviewQueue() {
  const queryClient = useQueryClient();
  const { query: pending, rows, total } = usePagedList('/api/admin/registrations', { query: { status: 'pending' } });
  const [viewing, setViewing] = useState<AdminRegistration | null>(null);
  const [rejecting, setRejecting] = useState<AdminRegistration | null>(null);
  // Approval publishes at once: it is confirmed first (issue 26).
  const [approving, setApproving] = useState<AdminRegistration | null>(null);
  // A driver account created by an approval: its one-time set-password link, shown once to the admin.
  const [granted, setGranted] = useState<NonNullable<ApproveResult['account']> | null>(null);
  const details = viewing ? registrationDetails(viewing.kind, viewing.data) : null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PENDING_KEY }),
      queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      // A published registration appears in its listing tab and on the public pages.
      queryClient.invalidateQueries(apiQueriesUnder('/api/admin')),
    ]);

  const approve = useMutation({
    mutationFn: (registration: AdminRegistration) =>
      apiPost('/api/admin/registrations/{id}/approve', { params: { path: { id: registration.id } }, body: {} }),
    onSuccess: (result, registration) => {
      void queryClient.invalidateQueries(apiQueriesUnder(collectionListPath(result.published.collection)));
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      const account = result.account;
      const who = account ? ` ${account.email} now has the ${account.role} role${account.created ? ' (they sign in once they set a password)' : ''}.` : '';
      toast({ title: 'Registration approved', description: `${registration.name} is now published.${who}`, variant: 'success' });
      setViewing(null);
      setApproving(null);
      if (account?.setPasswordPath) setGranted(account);
    },
    onError: (error) => {
      toast({ title: 'Approval failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      setApproving(null);
    },
    onSettled: refresh,
  });

  const grantedDialog = granted ? <SetPasswordLinkDialog account={granted} onClose={() => setGranted(null)} /> : null;
  const approveDialog = approving ? (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : setApproving(null))}
      title={`Approve ${approving.name}?`}
      description={
        approving.kind === 'driver' || approving.kind === 'driver-application'
          ? 'The applicant becomes a driver at once and can take orders.'
          : 'It is published at once: customers can find and book it, and its owner gets the provider portal.'
      }
      confirmLabel="Approve and publish"
      busyLabel="Approving…"
      busy={approve.isPending}
      onConfirm={() => approve.mutate(approving)}
    >
      <p className="text-sm text-gray-700">
        {KIND_LABELS[approving.kind] ?? approving.kind} · submitted {formatDateTime(approving.submittedAt)}
      </p>
    </ConfirmDialog>
  ) : null;
  if (pending.isPending) return <TableState status="pending" label="pending registrations" />;
  if (pending.isError) return <TableState status="error" label="pending registrations" onRetry={() => void pending.refetch()} />;
  if (rows.length === 0)
    return (
      <>
        <TableState status="empty" label="pending registrations" emptyText="No registrations are waiting for review." />
        {grantedDialog}
        {approveDialog}
      </>
    );

  return (
    <>
      <TableScroll label="Review queue table">
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">Registrations waiting for review</caption>
          <TableHead columns={['Kind', 'Name', 'Submitted']} actions />
          <tbody className="divide-y divide-gray-100">
            {rows.map((registration) => {
              const busy = approve.isPending && approve.variables.id === registration.id;
              return (
                <tr key={registration.id}>
                  <td className={tdClass}>
                    <Badge variant="secondary">{KIND_LABELS[registration.kind] ?? registration.kind}</Badge>
                  </td>
                  <td className={cn(tdClass, 'max-w-64 font-medium')}>
                    <span className="block truncate">{registration.name || '—'}</span>
                    {registration.blockedReason ? (
                      <span className="mt-1 block whitespace-normal text-xs font-normal text-amber-800" id={`blocked-${registration.id}`}>
                        {registration.blockedReason}
                      </span>
                    ) : null}
                  </td>
                  <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDateTime(registration.submittedAt)}</td>
                  <td className={cn(tdClass, 'whitespace-nowrap text-right')}>
                    <div className="inline-flex gap-1">
                      <Button size="sm" variant="ghost" onClick={() => setViewing(registration)} aria-label={`View ${registration.name}`}>
                        <Eye className="size-3.5" aria-hidden="true" />
                        View
                      </Button>
                      <Button size="sm" onClick={() => setApproving(registration)}
                        disabled={busy || Boolean(registration.blockedReason)}
                        aria-label={`Approve ${registration.name}`}
                        aria-describedby={registration.blockedReason ? `blocked-${registration.id}` : undefined}
                      >
                        {busy ? <Spinner label="Approving…" className="text-white [&_svg]:text-white" /> : <Check className="size-3.5" aria-hidden="true" />}
                        Approve
                      </Button>
                      <Button size="sm" variant="destructive" onClick={() => setRejecting(registration)} aria-label={`Reject ${registration.name}`}>
                        <X className="size-3.5" aria-hidden="true" />
                        Reject
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <ShowMore shown={rows.length} total={total} noun="registrations waiting" list={pending} />
      <DetailsDialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title={viewing ? `${KIND_LABELS[viewing.kind]}: ${viewing.name}` : ''}
        description={viewing ? `Submitted ${formatDateTime(viewing.submittedAt)}` : undefined}
        record={details?.record ?? null}
        labels={details?.labels}
        footer={
          viewing ? (
            <DialogFooter>
              <Button
                variant="destructive"
                onClick={() => {
                  setRejecting(viewing);
                  setViewing(null);
                }}
              >
                Reject
              </Button>
              {viewing.blockedReason ? <p className="text-sm text-amber-800">{viewing.blockedReason}</p> : null}
              <Button onClick={() => setApproving(viewing)} disabled={approve.isPending || Boolean(viewing.blockedReason)}>
                Approve
              </Button>
            </DialogFooter>
          ) : null
        }
      />
      {rejecting ? (
        <RejectDialog
          key={rejecting.id}
          registration={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
            void refresh();
          }}
        />
      ) : null}
      {grantedDialog}
      {approveDialog}
    </>
  );
}

/** Shows the one-time link of an account an approval created, for the admin to pass on (it is not stored in clear). */
function SetPasswordLinkDialog({ account, onClose }: { account: NonNullable<ApproveResult['account']>; onClose: () => void }) {
  const link = `${window.location.origin}${account.setPasswordPath ?? ''}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link Copied', description: 'The set-password link is on the clipboard.' });
    } catch {
      toast({ title: 'Copy the link', description: link });
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{account.role === 'driver' ? 'Driver' : 'Provider'} account created</DialogTitle>
          <DialogDescription>
            No account used {account.email}, so one was created with the {account.role} role. Send this one-time link to its owner so they can
            set a password (it was also e-mailed to them). It works once, for 72 hours, and is not shown again.
          </DialogDescription>
        </DialogHeader>
        <label className="grid gap-1 text-sm">
          <span className="font-medium text-gray-700">Set-password link</span>
          <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-xs" />
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
          <Button onClick={() => void copy()}>Copy link</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RejectDialog({
  registration,
  onClose,
  onRejected,
}: {
  registration: AdminRegistration;
  onClose: () => void;
  onRejected: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RejectRegistration>({ resolver: zodResolver(RejectRegistrationSchema), defaultValues: { reason: '' } });

  const onSubmit = async (values: RejectRegistration) => {
    setFormError(null);
    try {
      await apiPost('/api/admin/registrations/{id}/reject', { params: { path: { id: registration.id } }, body: values });
      toast({ title: 'Registration rejected', description: `${registration.name} will not be published.`, variant: 'success' });
      onRejected();
    } catch (error) {
      const parsed = parseApiError(error);
      if (parsed.errors.reason) setError('reason', { type: 'server', message: parsed.errors.reason });
      else setFormError(parsed.message ?? 'The registration could not be rejected. Please try again.');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-words">Reject {registration.name}</DialogTitle>
          <DialogDescription>It will not be published. Give the reason for the rejection: it is kept with the registration.</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label={`Reject ${registration.name}`}>
          <FormAlert message={formError} />
          <FormField label="Reason" required error={errors.reason?.message}>
            {(aria) => <Textarea {...aria} rows={4} {...register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Rejecting...' : 'Reject registration'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
