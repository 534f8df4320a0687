import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../../domain/ids';
import { BalanceSchema, PayoutRunSchema, PayoutSchema, StatementQuerySchema } from '../../../domain/money/schemas';
import { currentUser, requireRole } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { balance } from './balances';
import { listPayouts, reversePayout, runPayouts } from './payouts';
import { monthOf, statementCsv } from './statement';

/**
 * Balances, payouts and statements (issue 28): providers and drivers see their own (visitors 401, other roles 403);
 * the admin runs payouts, lists everyone's, and records a paid payout's transfer as reversed.
 */
export async function payoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = { onRequest: requireRole('provider') };
  const driver = { onRequest: requireRole('driver') };
  const adminOnly = { onRequest: requireRole('admin') };
  const holdDays = ctx.config.payoutHoldDays;

  r.get('/api/provider/balance', { ...provider, schema: { response: { 200: BalanceSchema } } }, async (request) =>
    balance(ctx.db, 'provider', currentUser(request).id, new Date(), holdDays),
  );
  r.get('/api/provider/payouts', { ...provider, schema: { response: { 200: z.array(PayoutSchema) } } }, async (request) =>
    listPayouts(ctx.db, { kind: 'provider', payeeId: currentUser(request).id }),
  );
  r.get('/api/provider/statement.csv', { ...provider, schema: { querystring: StatementQuerySchema } }, async (request, reply) => {
    const month = request.query.month ?? monthOf(new Date());
    const csv = await statementCsv(ctx.db, currentUser(request).id, month);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${month}.csv"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(csv);
  });

  r.get('/api/driver/balance', { ...driver, schema: { response: { 200: BalanceSchema } } }, async (request) =>
    balance(ctx.db, 'driver', currentUser(request).id, new Date(), holdDays),
  );
  r.get('/api/driver/payouts', { ...driver, schema: { response: { 200: z.array(PayoutSchema) } } }, async (request) =>
    listPayouts(ctx.db, { kind: 'driver', payeeId: currentUser(request).id }),
  );

  r.post('/api/admin/payouts/run', { ...adminOnly, schema: { response: { 200: PayoutRunSchema } } }, async (request) => {
    const run = await runPayouts({ db: ctx.db, gateway: ctx.payments, holdDays, now: new Date(), log: ctx.log }, { startedBy: currentUser(request).id });
    // A manual run has a period of its own: it always runs.
    if (!run) throw new Error('payout run was not started');
    return run;
  });
  r.get('/api/admin/payouts', { ...adminOnly, schema: { response: { 200: z.array(PayoutSchema) } } }, async () => listPayouts(ctx.db));
  r.post('/api/admin/payouts/:id/reverse', { ...adminOnly, schema: { params: IdParams('Invalid payout id'), response: { 200: PayoutSchema } } }, async (request) =>
    reversePayout(ctx.db, request.params.id, currentUser(request).id),
  );
}
