/**
 * The admin's money API (issue 28): commission rules, the trial balance and the finance report. Admin only (401
 * without a session, 403 for other roles, before any validation of the input).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommissionRulesSchema } from '../../../domain/money/commission';
import { TrialBalanceSchema } from '../../../domain/money/ledger';
import { FinanceQuerySchema, FinanceReportSchema } from '../../../domain/money/schemas';
import { LISTING_COLLECTIONS } from '../../../domain/catalogue/kinds';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { commissionRules, setCommissionRules } from './commission';
import { financeReport } from './finance';
import { trialBalance } from './ledger';

const CommissionRulesAnswer = z.object({
  rules: z.array(z.object({ kind: z.enum(LISTING_COLLECTIONS), percent: z.number(), minCents: z.number().int() })),
});

export async function moneyAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const adminOnly = { onRequest: requireRole('admin') };

  r.get('/api/admin/commission', { ...adminOnly, schema: { response: { 200: CommissionRulesAnswer } } }, async () => ({ rules: await commissionRules(db) }));

  // Names some kinds (the others stay); audited as 'commission.changed'. Orders already paid keep their rule.
  r.put('/api/admin/commission', { ...adminOnly, schema: { body: CommissionRulesSchema, response: { 200: CommissionRulesAnswer } } }, async (request) => ({
    rules: await setCommissionRules(db, { id: currentUser(request).id }, request.body.rules),
  }));

  r.get('/api/admin/ledger/trial-balance', { ...adminOnly, schema: { response: { 200: TrialBalanceSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return trialBalance(db);
  });

  // ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days; the last 30 days by default, at most 366).
  r.get('/api/admin/finance', { ...adminOnly, schema: { querystring: FinanceQuerySchema, response: { 200: FinanceReportSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return financeReport(db, request.query);
  });
}
