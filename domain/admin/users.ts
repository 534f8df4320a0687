/**
 * The admin's Users tab (issue 26): list and search accounts, change a role, disable or enable an account. A
 * disabled account's sessions end and its sign-in is refused with {@link ACCOUNT_DISABLED}.
 */
import { z } from 'zod';
import { assertExact } from '../exact';
import { ROLES, type Role } from '../accounts/schemas';
import { idParam } from '../ids';

/** What a disabled account is told when it signs in (403), and what the admin's dialog promises. */
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support if you think this is a mistake.';

/** GET /api/admin/users: oldest first (ids ascending), `limit` per page, the next page with `after`. */
export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  role: z.enum([...ROLES, 'all'], { error: 'Role must be user, provider, driver, admin or all' }).default('all'),
  status: z.enum(['all', 'active', 'disabled'], { error: 'Status must be all, active or disabled' }).default('all'),
  after: idParam('Invalid cursor').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(500, 'Limit must be at most 500').default(100),
});
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

/** PATCH /api/admin/users/:id: a new role, disabled on or off (at least one). */
export const AdminUserPatchSchema = z
  .strictObject({
    role: z.enum(ROLES, { error: 'Role must be user, provider, driver or admin' }),
    disabled: z.boolean({ error: 'Disabled must be true or false' }),
  })
  .partial()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'Nothing to update');
export type AdminUserPatch = z.output<typeof AdminUserPatchSchema>;

/** Refusals of a change to an account, said as they are. */
export const ADMIN_USER_MESSAGES = {
  ownRole: 'You cannot change your own role',
  ownAccount: 'You cannot disable your own account',
  notFound: 'User not found',
} as const;

/** A row of the Users tab (never a password hash). `disabledAt` is when it was disabled, null while active. */
export type AdminAccount = {
  id: number;
  username: string;
  email: string;
  phone: string | null;
  role: Role;
  createdAt: string;
  disabledAt: string | null;
};

/** The answer of PATCH /api/admin/users/:id: the account now, and how many sessions the change ended. */
export type AdminUserChange = { user: AdminAccount; sessionsEnded: number };

export const AdminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
assertExact<z.output<typeof AdminAccountSchema>, AdminAccount>(true);

export const AdminUserChangeSchema = z.object({ user: AdminAccountSchema, sessionsEnded: z.number() });
assertExact<z.output<typeof AdminUserChangeSchema>, AdminUserChange>(true);

/** What each role may do, for the role picker. */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Customer',
  provider: 'Provider',
  driver: 'Driver',
  admin: 'Admin',
};
