import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMailDetailSchema,
  AdminMailQuerySchema,
  AdminMailSchema,
  MailPreferencesSchema,
  SendNotificationResultSchema,
  SendNotificationSchema,
  type AdminMail,
  type AdminMailDetail,
  type SendNotificationResult,
} from '../../../domain/notifications/schemas';
import { users } from '../../db/schema';
import { currentUser, requireRole, requireUser } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { MailRow } from '../../platform/mailer/mailer';
import { templates } from './templates';
import { IdParams as SharedIdParams } from '../../../domain/ids';

const IdParams = SharedIdParams('Invalid mail id');

function adminMail(m: MailRow): AdminMail {
  return {
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    template: m.template,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    transport: m.transport,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
  };
}

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireRole('admin') };

  r.get('/api/account/preferences', { onRequest: requireUser, schema: { response: { 200: MailPreferencesSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const [u] = await ctx.db.select({ emailOptOut: users.emailOptOut }).from(users).where(eq(users.id, currentUser(request).id));
    return { emailOptOut: u?.emailOptOut ?? false };
  });

  r.patch('/api/account/preferences', { onRequest: requireUser, schema: { body: MailPreferencesSchema, response: { 200: MailPreferencesSchema } } }, async (request) => {
    await ctx.db.update(users).set({ emailOptOut: request.body.emailOptOut }).where(eq(users.id, currentUser(request).id));
    return { emailOptOut: request.body.emailOptOut };
  });

  /**
   * The test page (spec 002 section 2): a customer copy to the given address and an owner copy to the admin who
   * asked. Admin only, since it mails any address. Sent at once; the answer says whether each went out.
   */
  r.post('/api/send-notification', { ...adminOnly, schema: { body: SendNotificationSchema, response: { 200: SendNotificationResultSchema } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const admin = currentUser(request);
    const body = request.body;
    const orderId = body.orderId || `TEST${String(Date.now()).slice(-6)}`;
    const amount = body.totalAmount ?? null;
    const stamp = `${orderId}:${Date.now()}`;
    const ids = await ctx.db.transaction(async (tx) => {
      const site = ctx.config.siteUrl;
      const customer = templates.testCustomer({ customerName: body.customerName, serviceType: body.serviceType, orderId, amount });
      const owner = templates.testOwner({ customerName: body.customerName, customerEmail: body.customerEmail, serviceType: body.serviceType, orderId, amount });
      const c = await ctx.mailer.enqueue(tx, { dedupeKey: `test-customer:${stamp}`, to: body.customerEmail, template: customer.name, ...customer.render(site) });
      const o = await ctx.mailer.enqueue(tx, { dedupeKey: `test-owner:${stamp}`, to: admin.email, userId: admin.id, template: owner.name, ...owner.render(site) });
      return [c, o];
    });
    ctx.mailer.kick();
    await ctx.mailer.idle();
    const [customerSent, ownerSent] = await Promise.all(ids.map(async (id) => (id ? (await ctx.mailer.get(id))?.status === 'sent' : false)));
    const result: SendNotificationResult = {
      success: customerSent && ownerSent,
      customerSent,
      ownerSent,
      message:
        customerSent && ownerSent
          ? `Sent to ${body.customerEmail} and to you (${admin.email}).`
          : 'Queued: the mail server did not accept them yet; they will be retried. See the Mail tab.',
    };
    return result;
  });

  r.get('/api/admin/mail', { ...adminOnly, schema: { querystring: AdminMailQuerySchema, response: { 200: z.array(AdminMailSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return (await ctx.mailer.list(request.query)).map(adminMail);
  });

  r.get('/api/admin/mail/:id', { ...adminOnly, schema: { params: IdParams, response: { 200: AdminMailDetailSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const m = await ctx.mailer.get(request.params.id);
    if (!m) throw notFound('Mail not found');
    return { ...adminMail(m), html: m.html, text: m.text } satisfies AdminMailDetail;
  });

  r.post('/api/admin/mail/:id/resend', { ...adminOnly, schema: { params: IdParams, response: { 200: AdminMailSchema } } }, async (request) => {
    const m = await ctx.mailer.resend(request.params.id);
    if (!m) throw notFound('Mail not found');
    return adminMail(m);
  });
}
