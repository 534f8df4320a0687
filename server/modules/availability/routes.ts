import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVAILABILITY_KINDS,
  AvailabilitySchema,
  BlockBodySchema,
  BlockSchema,
  BookingRulesSchema,
  CalendarSchema,
  CapacityBodySchema,
  DAY_KINDS,
  DayRangeQuery,
  HoursBodySchema,
  OccupancySchema,
} from '../../../domain/availability/schemas';
import { WeeklyHoursSchema } from '../../../domain/availability/hours-schema';
import { idParam } from '../../../domain/ids';
import { KIND_PAGE_FIELDS, kindPageHeaders, kindPageRequest } from '../../../domain/catalogue/kind-paging';
import { currentUser, requireRole } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { addBlock, calendar, dayAvailability, occupancy, opening, removeBlock, setCapacity, setHours, setRules, slotAvailability } from './service';

const KindParams = z.object({ kind: z.enum(AVAILABILITY_KINDS, { error: 'Unknown listing kind' }), id: idParam('Invalid listing id') });
const BlockParams = KindParams.extend({ blockId: idParam('Invalid block id') });
/** The admin's occupancy: a page (issue 29), of one kind or of all (an empty `kind=` means all). */
const OccupancyQuery = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DAY_KINDS, { error: 'Unknown listing kind' }).optional()),
  ...KIND_PAGE_FIELDS,
});
/** Restaurants answer with their opening, which needs no days. */
const OptionalRange = z.union([DayRangeQuery, z.object({ from: z.undefined().optional(), to: z.undefined().optional() })]);

export async function availabilityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const provider = { onRequest: requireRole('provider') };

  r.get(
    '/api/availability/:kind/:id',
    { schema: { params: KindParams, querystring: OptionalRange, response: { 200: AvailabilitySchema } } },
    async (request, reply) => {
      const { kind, id } = request.params;
      const q = request.query;
      // What is free changes with every booking: never cached.
      reply.header('cache-control', 'no-store');
      if (kind === 'restaurants') return opening(db, id);
      if (!q.from || !q.to) throw badRequest('From and To are required', { from: 'From is required' });
      if (kind === 'general-services') return slotAvailability(db, id, q.from, q.to);
      return dayAvailability(db, kind, id, q.from, q.to);
    },
  );

  r.get(
    '/api/provider/listings/:kind/:id/calendar',
    { ...provider, schema: { params: KindParams, querystring: DayRangeQuery, response: { 200: CalendarSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return calendar(db, currentUser(request), request.params.kind, request.params.id, request.query.from, request.query.to);
    },
  );
  r.put('/api/provider/listings/:kind/:id/capacity', { ...provider, schema: { params: KindParams, body: CapacityBodySchema, response: { 200: CapacityBodySchema } } }, async (request) =>
    setCapacity(ctx.events, currentUser(request), request.params.kind, request.params.id, request.body.units),
  );
  r.put('/api/provider/listings/:kind/:id/rules', { ...provider, schema: { params: KindParams, body: BookingRulesSchema, response: { 200: BookingRulesSchema } } }, async (request) =>
    setRules(db, currentUser(request), request.params.kind, request.params.id, request.body),
  );
  r.put(
    '/api/provider/listings/:kind/:id/hours',
    { ...provider, schema: { params: KindParams, body: HoursBodySchema, response: { 200: z.object({ hours: WeeklyHoursSchema.nullable(), durationMinutes: z.number().nullable() }) } } },
    async (request) => setHours(ctx.events, currentUser(request), request.params.kind, request.params.id, request.body),
  );
  r.post('/api/provider/listings/:kind/:id/blocks', { ...provider, schema: { params: KindParams, body: BlockBodySchema, response: { 201: BlockSchema } } }, async (request, reply) => {
    const block = await addBlock(db, currentUser(request), request.params.kind, request.params.id, request.body);
    return reply.status(201).send(block);
  });
  r.delete('/api/provider/listings/:kind/:id/blocks/:blockId', { ...provider, schema: { params: BlockParams } }, async (request, reply) => {
    await removeBlock(db, currentUser(request), request.params.kind, request.params.id, request.params.blockId);
    return reply.status(204).send();
  });

  // Paged (issue 29): `listings` holds one page (`limit`, `cursor`; optionally one `kind`), with X-Total-Count and
  // Link rel="next" as every admin table.
  r.get(
    '/api/admin/occupancy',
    { onRequest: requireRole('admin'), schema: { querystring: OccupancyQuery, response: { 200: OccupancySchema } } },
    async (request, reply) => {
      const { from, to, items, total, nextAfter } = await occupancy(db, { kind: request.query.kind }, kindPageRequest(request.query));
      reply.header('cache-control', 'no-store').headers(kindPageHeaders('/api/admin/occupancy', request.query, { total, nextAfter }));
      return { from, to, listings: items };
    },
  );
}
