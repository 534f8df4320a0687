import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Search, UserCheck } from 'lucide-react';
import { ROLES, type Role } from '@domain/accounts/schemas';
import { ACCOUNT_DISABLED, ROLE_LABELS, type AdminAccount, type AdminUserPatch } from '@domain/admin/users';
import { apiGet, apiPatch, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDate, formatDateTime, pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Input, fieldClasses } from '@client/ui/input';
import { toast } from '@client/ui/use-toast';
import { TableHead, TableScroll, TableState, tdClass } from './admin-ui';
import { ConfirmDialog } from './confirm-dialog';
import { STATS_KEY } from './listing-tab';

export const USERS_KEY = ['admin-users'] as const;
const PAGE = 100;

type Pending = { user: AdminAccount; patch: AdminUserPatch };

/** What a change does, said before it is made. */
function describeChange({ user, patch }: Pending): { title: string; description: string; confirm: string; destructive: boolean } {
  if (patch.disabled === true) {
    return {
      title: `Disable ${user.username}?`,
      description: `${user.email} is signed out on every device at once and cannot sign in until you enable the account again. They will read: “${ACCOUNT_DISABLED}”`,
      confirm: 'Disable account',
      destructive: true,
    };
  }
  if (patch.disabled === false) {
    return { title: `Enable ${user.username}?`, description: `${user.email} can sign in again.`, confirm: 'Enable account', destructive: false };
  }
  const role = patch.role as Role;
  return {
    title: `Make ${user.username} ${role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[role]}?`,
    description:
      role === 'admin'
        ? `${user.email} gets full access to this dashboard: orders, refunds, users and the catalogue. They are signed out and sign in again as an admin.`
        : `${user.email} changes from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]} at once, on the devices where they are signed in.`,
    confirm: `Make ${ROLE_LABELS[role]}`,
    destructive: role === 'admin',
  };
}

/** The Users tab (issue 26): accounts searched and filtered; a role changed, an account disabled or enabled, each confirmed. */
export function UsersTab({ me }: { me: number }) {
  const queryClient = useQueryClient();
  const searchId = useId();
  const roleId = useId();
  const statusId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | 'all'>('all');
  const [status, setStatus] = useState<'all' | 'active' | 'disabled'>('all');
  const [pending, setPending] = useState<Pending | null>(null);

  const users = useInfiniteQuery({
    queryKey: [...USERS_KEY, q, role, status],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      return apiGet('/api/admin/users', { params: { query: { role, status, limit: PAGE, q: q || undefined, after: pageParam ?? undefined } } });
    },
    getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1].id : null),
  });
  const rows = users.data?.pages.flat() ?? [];

  const change = useMutation({
    mutationFn: ({ user, patch }: Pending) => apiPatch('/api/admin/users/{id}', { params: { path: { id: user.id } }, body: patch }),
    onSuccess: (result, { patch }) => {
      const ended = result.sessionsEnded > 0 ? ` ${pluralize(result.sessionsEnded, 'session')} ended.` : '';
      const title = patch.disabled === true ? 'Account disabled' : patch.disabled === false ? 'Account enabled' : 'Role changed';
      const what = patch.role ? `${result.user.username} is now ${ROLE_LABELS[result.user.role]}.` : `${result.user.username} ${result.user.disabledAt ? 'cannot sign in.' : 'can sign in.'}`;
      toast({ title, description: `${what}${ended}`, variant: 'success' });
      setPending(null);
    },
    onError: (error) => {
      toast({ title: 'Change failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      setPending(null);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: USERS_KEY }), queryClient.invalidateQueries({ queryKey: STATS_KEY })]),
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  const shown = pending ? describeChange(pending) : null;

  return (
    <div className="grid min-w-0 gap-4">
      <form role="search" aria-label="Users" onSubmit={onSearch} className="flex min-w-0 flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1 sm:min-w-72">
          <label htmlFor={searchId} className="text-sm font-medium text-gray-700">
            Search users
          </label>
          <Input id={searchId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Name, e-mail, phone or #id" autoComplete="off" />
        </div>
        <div className="grid gap-1">
          <label htmlFor={roleId} className="text-sm font-medium text-gray-700">
            Role
          </label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as Role | 'all')} className={cn(fieldClasses, 'h-10 w-auto')}>
            <option value="all">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-gray-700">
            Account
          </label>
          <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} className={cn(fieldClasses, 'h-10 w-auto')}>
            <option value="all">Active and disabled</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </select>
        </div>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>

      {users.isPending ? (
        <TableState status="pending" label="users" />
      ) : users.isError ? (
        <TableState status="error" label="users" onRetry={() => void users.refetch()} />
      ) : rows.length === 0 ? (
        <TableState status="empty" label="users" emptyText="No accounts match this search." />
      ) : (
        <>
          <TableScroll label="Users table">
            <table className="min-w-full divide-y divide-gray-200">
              <caption className="sr-only">Accounts, oldest first</caption>
              <TableHead columns={['User', 'Joined', 'Role', 'Account']} actions />
              <tbody className="divide-y divide-gray-100 bg-white">
                {rows.map((u) => {
                  const self = u.id === me;
                  return (
                    <tr key={u.id}>
                      <td className={cn(tdClass, 'max-w-64')}>
                        <span className="block truncate font-medium">
                          {u.username}
                          {self ? <span className="font-normal text-gray-500"> (you)</span> : null}
                        </span>
                        <span className="block truncate text-xs text-gray-600">
                          #{u.id} · {u.email}
                        </span>
                      </td>
                      <td className={cn(tdClass, 'whitespace-nowrap')}>{formatDate(u.createdAt)}</td>
                      <td className={tdClass}>
                        <select
                          aria-label={`Role of ${u.username}`}
                          value={u.role}
                          disabled={self || change.isPending}
                          title={self ? 'You cannot change your own role' : undefined}
                          onChange={(e) => setPending({ user: u, patch: { role: e.target.value as Role } })}
                          className={cn(fieldClasses, 'h-9 w-auto py-1')}
                        >
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className={cn(tdClass, 'whitespace-nowrap')}>
                        {u.disabledAt ? (
                          <Badge variant="destructive" title={`Disabled ${formatDateTime(u.disabledAt)}`}>
                            Disabled
                          </Badge>
                        ) : (
                          <Badge variant="success">Active</Badge>
                        )}
                      </td>
                      <td className={cn(tdClass, 'whitespace-nowrap text-right')}>
                        {u.disabledAt ? (
                          <Button size="sm" variant="outline" onClick={() => setPending({ user: u, patch: { disabled: false } })} aria-label={`Enable ${u.username}`}>
                            <UserCheck className="size-3.5" aria-hidden="true" />
                            Enable
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={self}
                            title={self ? 'You cannot disable your own account' : undefined}
                            onClick={() => setPending({ user: u, patch: { disabled: true } })}
                            aria-label={`Disable ${u.username}`}
                          >
                            <Ban className="size-3.5" aria-hidden="true" />
                            Disable
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          {users.hasNextPage ? (
            <Button variant="outline" className="justify-self-center" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
              {users.isFetchingNextPage ? 'Loading…' : 'Load more users'}
            </Button>
          ) : null}
        </>
      )}
      {pending && shown ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setPending(null))}
          title={shown.title}
          description={shown.description}
          confirmLabel={shown.confirm}
          destructive={shown.destructive}
          busy={change.isPending}
          onConfirm={() => change.mutate(pending)}
        />
      ) : null}
    </div>
  );
}
