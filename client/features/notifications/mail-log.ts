import { MAIL_STATUSES, type AdminMail, type MailStatus } from '@domain/notifications/schemas';
import { apiJson } from '@client/lib/api';

/** Every admin mail query starts with this, so one invalidation refreshes the list and any open message. */
export const MAIL_KEY = '/api/admin/mail';

export type MailStatusFilter = MailStatus | 'all';
export type MailFilters = { status: MailStatusFilter; to: string };

export const MAIL_STATUS_FILTERS: readonly MailStatusFilter[] = ['all', ...MAIL_STATUSES];

export function isMailStatusFilter(value: string): value is MailStatusFilter {
  return (MAIL_STATUS_FILTERS as readonly string[]).includes(value);
}

/** GET /api/admin/mail?status=&to=, leaving out the filters that are not set (the server treats them as 'any'). */
export function mailListUrl({ status, to }: MailFilters): string {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  const address = to.trim();
  if (address) params.set('to', address);
  const query = params.toString();
  return query ? `${MAIL_KEY}?${query}` : MAIL_KEY;
}

/** How each outbox status reads in the table: 'queued' covers both waiting and retrying after a failure. */
export const MAIL_STATUS_LOOK: Record<MailStatus, { label: string; variant: 'secondary' | 'warning' | 'success' | 'destructive' }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** POST /api/admin/mail/:id/resend: queues the same message again; answers with the updated row. */
export function resendMail(id: number): Promise<AdminMail> {
  return apiJson<AdminMail>('POST', `${MAIL_KEY}/${id}/resend`, {});
}
