import { MAIL_STATUSES, type MailStatus } from '@domain/notifications/schemas';
import { apiKey, apiPost } from '@client/lib/api';

/** The admin mail list's queries (every filter), and an open message's. */
export const MAIL_LIST_KEY = apiKey('/api/admin/mail');
export const MAIL_DETAIL_KEY = apiKey('/api/admin/mail/{id}');

export type MailStatusFilter = MailStatus | 'all';
export type MailFilters = { status: MailStatusFilter; to: string };

export const MAIL_STATUS_FILTERS: readonly MailStatusFilter[] = ['all', ...MAIL_STATUSES];

export function isMailStatusFilter(value: string): value is MailStatusFilter {
  return (MAIL_STATUS_FILTERS as readonly string[]).includes(value);
}

/** The query of GET /api/admin/mail?status=&to=, leaving out the filters that are not set (the server treats them as 'any'). */
export function mailListQuery({ status, to }: MailFilters): { status?: MailStatus; to?: string } {
  const address = to.trim();
  return { ...(status !== 'all' ? { status } : {}), ...(address ? { to: address } : {}) };
}

/** How each outbox status reads in the table: 'queued' covers both waiting and retrying after a failure. */
export const MAIL_STATUS_LOOK: Record<MailStatus, { label: string; variant: 'secondary' | 'warning' | 'success' | 'destructive' }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** POST /api/admin/mail/:id/resend: queues the same message again; answers with the updated row. */
export function resendMail(id: number) {
  return apiPost('/api/admin/mail/{id}/resend', { params: { path: { id } } });
}
