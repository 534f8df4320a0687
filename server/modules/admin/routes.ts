import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import {
  AdminContactMessageSchema,
  AdminRegistrationSchema,
  AdminRowSchema,
  AdminStatsSchema,
  ApproveRegistrationSchema,
  ApproveResultSchema,
  RegistrationsQuerySchema,
  RejectRegistrationSchema,
  RejectResultSchema,
  isAdminCollection,
  isEditableCollection,
} from '../../../domain/admin/schemas';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { AdminDeliverySchema } from '../../../domain/orders/schemas';
import { openDeliveries } from '../orders';
import { approveRegistration, rejectRegistration } from '../onboarding';
import { markMessageRead } from '../support';
import { collectionCsv, collectionPage, messagesPage, registrationsPage, updateCollectionRow } from './collections';
import { PAGE_FIELDS, PageQuerySchema, pageHeaders, pageRequest, pagedList, type Page } from '../../../domain/catalogue/paging';
import { adminStats } from './service';
import { IdParams as SharedIdParams } from '../../../domain/ids';
import { AuditEntrySchema, AuditQuerySchema } from '../../../domain/audit/schemas';
import { listAudit } from '../audit';
import { CancelledBookingSchema } from '../../../domain/bookings/schemas';
import { AdminOrderDetailSchema, AdminOrdersPageSchema, AdminOrdersQuerySchema, RefundOrderSchema, isAdminReport } from '../../../domain/admin/orders';
import { AdminAccountSchema, AdminUserChangeSchema, AdminUserPatchSchema, AdminUsersQuerySchema } from '../../../domain/admin/users';
import { orderDetail, refundOrder, searchOrders } from './orders';
import { reportStream } from './reports';
import { changeAccount, listAccounts } from './users';

const IdParams = SharedIdParams('Invalid id');
const CollectionParams = z.object({ collection: z.string().max(64) });
const CollectionIdParams = CollectionParams.extend(IdParams.shape);
const ExportParams = z.object({ file: z.string().max(80) });
/** The fields to change: which fields a row takes depends on its collection, so the handler checks them (AdminEditSchemas). */
const ListingFieldsBody = z.record(z.string(), z.unknown());
const RegistrationsPageQuery = RegistrationsQuerySchema.extend(PAGE_FIELDS);

/** A page of an admin table: the rows, with X-Total-Count and (unless it is the last) the next page's Link. */
function sendPage<T>(reply: FastifyReply, path: string, query: Record<string, unknown>, page: Page<T>): T[] {
  reply.header('cache-control', 'no-store').headers(pageHeaders(path, query, page));
  return page.items;
}

function collectionOr404(name: string) {
  if (!isAdminCollection(name)) throw notFound(`Unknown collection: ${name}`);
  return name;
}

/** Admin API: every route requires an admin session (401 without a session, 403 for other roles). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  // onRequest, so an unauthorised caller gets 401/403 before any validation of its input.
  const adminOnly = { onRequest: requireRole('admin') };

  r.get('/api/admin/stats', { ...adminOnly, schema: { response: { 200: AdminStatsSchema } } }, async () => adminStats(db));

  // Deliveries in progress; those nobody took within the dispatch window come first (flagged).
  r.get('/api/admin/deliveries', { ...adminOnly, schema: { response: { 200: z.array(AdminDeliverySchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return openDeliveries(db);
  });

  // Review queue.
  // Paged (issue 29): `limit` and `cursor`, X-Total-Count and Link rel="next", as every admin table.
  r.get('/api/admin/registrations', { ...adminOnly, schema: { querystring: RegistrationsPageQuery, response: { 200: pagedList(AdminRegistrationSchema) } } }, async (request, reply) => {
    const { limit: _limit, cursor: _cursor, ...filter } = request.query;
    return sendPage(reply, '/api/admin/registrations', request.query, await registrationsPage(db, filter, pageRequest(request.query)));
  });
  r.post(
    '/api/admin/registrations/:id/approve',
    { ...adminOnly, schema: { params: IdParams, body: ApproveRegistrationSchema.optional(), response: { 200: ApproveResultSchema } } },
    async (request) => approveRegistration(ctx, request.params.id, currentUser(request).id, request.body?.notes),
  );
  r.post(
    '/api/admin/registrations/:id/reject',
    { ...adminOnly, schema: { params: IdParams, body: RejectRegistrationSchema, response: { 200: RejectResultSchema } } },
    async (request) => rejectRegistration(ctx.events, request.params.id, currentUser(request).id, request.body.reason),
  );

  // The audit log of admin and money actions (ADR 017), newest first.
  r.get('/api/admin/audit', { ...adminOnly, schema: { querystring: AuditQuerySchema, response: { 200: z.array(AuditEntrySchema) } } }, async (request) => listAudit(db, request.query));

  // Contact messages.
  r.get('/api/admin/messages', { ...adminOnly, schema: { querystring: PageQuerySchema, response: { 200: pagedList(AdminContactMessageSchema) } } }, async (request, reply) =>
    sendPage(reply, '/api/admin/messages', request.query, await messagesPage(db, pageRequest(request.query))),
  );
  r.post('/api/admin/messages/:id/read', { ...adminOnly, schema: { params: IdParams, response: { 200: AdminContactMessageSchema } } }, async (request) =>
    markMessageRead(db, request.params.id),
  );

  // Orders (issue 26): bookings searched by id, customer e-mail or name, tracking number; one opened; refunded.
  r.get('/api/admin/orders', { ...adminOnly, schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrdersPageSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return searchOrders(db, request.query);
  });
  r.get('/api/admin/orders/:id', { ...adminOnly, schema: { params: IdParams, response: { 200: AdminOrderDetailSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return orderDetail(db, currentUser(request), request.params.id);
  });
  r.post(
    '/api/admin/orders/:id/refund',
    { ...adminOnly, schema: { params: IdParams, body: RefundOrderSchema, response: { 200: CancelledBookingSchema } } },
    async (request) => refundOrder(ctx.events, ctx.payments, currentUser(request), request.params.id, request.body),
  );

  // Users (issue 26): search, change a role, disable or enable (static paths win over /api/admin/:collection).
  r.get('/api/admin/users', { ...adminOnly, schema: { querystring: AdminUsersQuerySchema, response: { 200: z.array(AdminAccountSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAccounts(db, request.query);
  });
  r.patch('/api/admin/users/:id', { ...adminOnly, schema: { params: IdParams, body: AdminUserPatchSchema, response: { 200: AdminUserChangeSchema } } }, async (request) =>
    changeAccount(ctx.events, currentUser(request).id, request.params.id, request.body),
  );

  // CSV export: /api/admin/export/<collection>.csv, and the bookings.csv and orders.csv reports (streamed).
  r.get('/api/admin/export/:file', { ...adminOnly, schema: { params: ExportParams } }, async (request, reply) => {
    const match = /^([a-z-]+)\.csv$/.exec(request.params.file);
    if (!match) throw notFound(`Unknown export: ${request.params.file}`);
    const date = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    if (isAdminReport(match[1])) {
      return reply.header('content-disposition', `attachment; filename="${match[1]}-${date}.csv"`).send(reportStream(db, match[1]));
    }
    const collection = collectionOr404(match[1]);
    // Streamed a page at a time (issue 29), as the reports are.
    return reply.header('content-disposition', `attachment; filename="${collection}-${date}.csv"`).send(Readable.from(collectionCsv(db, collection)));
  });

  // Generic collections (static routes above take precedence).
  r.get('/api/admin/:collection', { ...adminOnly, schema: { params: CollectionParams, querystring: PageQuerySchema, response: { 200: pagedList(AdminRowSchema) } } }, async (request, reply) => {
    const collection = collectionOr404(request.params.collection);
    return sendPage(reply, `/api/admin/${collection}`, request.query, await collectionPage(db, collection, pageRequest(request.query)));
  });
  r.patch('/api/admin/:collection/:id', { ...adminOnly, schema: { params: CollectionIdParams, body: ListingFieldsBody, response: { 200: AdminRowSchema } } }, async (request) => {
    const { collection, id } = request.params;
    if (!isEditableCollection(collection)) throw notFound(`Unknown or read-only collection: ${collection}`);
    return updateCollectionRow(ctx.events, collection, id, request.body, currentUser(request));
  });
}
