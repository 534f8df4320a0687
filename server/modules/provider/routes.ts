import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../domain/ids';
import { PageQuerySchema, pageHeaders, pageRequest, pagedList } from '../../../domain/catalogue/paging';
import { KindPageQuerySchema, kindPageHeaders, kindPageRequest } from '../../../domain/catalogue/kind-paging';
import {
  OrderAcceptedSchema,
  OrderReadySchema,
  PHOTO_MAX_BYTES,
  PROVIDER_KINDS,
  ProviderEarningsSchema,
  ProviderListingSchema,
  MenuItemPatchSchema,
  MenuItemSchema,
  ProviderMenuItemSchema,
  ProviderOrderSchema,
  StoredPhotoSchema,
} from '../../../domain/provider/schemas';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { CompletedOrderSchema, DeclinedOrderSchema, DeclineOrderSchema } from '../../../domain/money/schemas';
import { completeOrder, declineOrder } from '../money';
import type { AppContext } from '../../platform/context';
import { badRequest, HttpError } from '../../platform/errors';
import { RateCounters } from '../../platform/rate-counters';
import { discardPhoto, gateFor, readPhoto, storePhoto } from './photos';
import {
  acceptOrder,
  addMenuItem,
  assertOwns,
  deleteMenuItem,
  getMyListing,
  listMenu,
  listMyListings,
  listMyOrders,
  markReady,
  myEarnings,
  setListingPhoto,
  updateMenuItem,
  updateMyListing,
} from './service';

const id = (label: string) => idParam(`Invalid ${label}`);
const KindParams = z.object({ kind: z.enum(PROVIDER_KINDS, { error: 'Unknown listing kind' }), id: id('listing id') });
const RestaurantParams = z.object({ id: id('restaurant id') });
const MenuItemParams = z.object({ id: id('restaurant id'), itemId: id('menu item id') });
const OrderParams = z.object({ id: id('order id') });
/** The fields to change: which fields a listing takes depends on its kind, so the handler checks them (ProviderEditSchemas). */
const ListingFieldsBody = z.record(z.string(), z.unknown());
const PHOTO_MESSAGE = 'The photo must be at most 5 MB';

/**
 * The provider portal API (issue 15). Every /api/provider route: visitors 401, other roles 403 (checked before the
 * body), listings of other providers 404. Bodies are validated by the domain schemas in the service.
 */
export async function providerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = { onRequest: requireRole('provider') };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  // Paged (issue 29): `limit` and `cursor`, X-Total-Count and Link rel="next"; kind by kind, each kind oldest first.
  r.get(
    '/api/provider/listings',
    { ...provider, schema: { querystring: KindPageQuerySchema, response: { 200: pagedList(ProviderListingSchema) } } },
    async (request, reply) => {
      const page = await listMyListings(ctx.db, me(request), kindPageRequest(request.query));
      reply.header('cache-control', 'no-store').headers(kindPageHeaders('/api/provider/listings', request.query, page));
      return page.items;
    },
  );

  r.get('/api/provider/listings/:kind/:id', { ...provider, schema: { params: KindParams, response: { 200: ProviderListingSchema } } }, async (request) =>
    getMyListing(ctx.db, me(request), request.params.kind, request.params.id),
  );

  r.patch('/api/provider/listings/:kind/:id', { ...provider, schema: { params: KindParams, body: ListingFieldsBody, response: { 200: ProviderListingSchema } } }, async (request) =>
    updateMyListing(ctx.events, me(request), request.params.kind, request.params.id, request.body),
  );

  r.get('/api/provider/listings/restaurants/:id/menu', { ...provider, schema: { params: RestaurantParams, response: { 200: z.array(ProviderMenuItemSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listMenu(ctx.db, me(request), request.params.id);
  });

  r.post('/api/provider/listings/restaurants/:id/menu', { ...provider, schema: { params: RestaurantParams, body: MenuItemSchema, response: { 201: ProviderMenuItemSchema } } }, async (request, reply) => {
    reply.status(201);
    return addMenuItem(ctx.events, me(request), request.params.id, request.body);
  });

  r.patch('/api/provider/listings/restaurants/:id/menu/:itemId', { ...provider, schema: { params: MenuItemParams, body: MenuItemPatchSchema, response: { 200: ProviderMenuItemSchema } } }, async (request) =>
    updateMenuItem(ctx.events, me(request), request.params.id, request.params.itemId, request.body),
  );

  r.delete('/api/provider/listings/restaurants/:id/menu/:itemId', { ...provider, schema: { params: MenuItemParams } }, async (request, reply) => {
    await deleteMenuItem(ctx.events, me(request), request.params.id, request.params.itemId);
    return reply.status(204).send();
  });

  // Photo uploads (issue 27): a per-provider limit held in the database (every instance counts the same uploads),
  // then at most `concurrency` decodes at once on this instance, the rest in a bounded queue.
  const gate = gateFor(ctx.config.uploads);
  const counters = new RateCounters(ctx.db);
  const UPLOAD_WINDOW_MS = 10 * 60_000;

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/api/provider/listings/:kind/:id/photos',
      { ...provider, bodyLimit: PHOTO_MAX_BYTES + 1024 * 1024, schema: { params: KindParams, response: { 201: StoredPhotoSchema } } },
      async (request, reply) => {
        const { kind, id: listingId } = request.params;
        await assertOwns(ctx.db, me(request), kind, listingId);
        const slot = await counters.reserve(`photo-upload:${me(request)}`, ctx.config.uploads.limitPer10Min, UPLOAD_WINDOW_MS);
        if (!slot.allowed) {
          const message = `Too many photo uploads; please try again in ${Math.ceil(slot.retryAfter / 60)} minute(s)`;
          throw new HttpError(429, message, undefined, undefined, { 'retry-after': String(slot.retryAfter) });
        }
        if (!request.isMultipart()) throw badRequest('Please choose a photo', { photo: 'Please choose a photo' });
        const file = await request.file();
        if (!file || file.fieldname !== 'photo') throw badRequest('Please choose a photo', { photo: 'Please choose a photo' });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw badRequest(PHOTO_MESSAGE, { photo: PHOTO_MESSAGE });
        }
        if (file.file.truncated) throw badRequest(PHOTO_MESSAGE, { photo: PHOTO_MESSAGE });
        const stored = await storePhoto(ctx.config.dataDir, bytes, gate);
        const { image: previous } = await getMyListing(ctx.db, me(request), kind, listingId);
        try {
          await setListingPhoto(ctx.events, me(request), kind, listingId, stored.url);
        } catch (err) {
          await discardPhoto(ctx.db, ctx.config.dataDir, stored.url);
          throw err;
        }
        // The replaced photo's files go, unless a listing still shows them.
        if (previous !== stored.url) {
          await discardPhoto(ctx.db, ctx.config.dataDir, previous).catch((err: unknown) => request.log.warn({ err }, 'replaced photo not deleted'));
        }
        reply.status(201);
        return stored;
      },
    );
  });

  // Stored photos: content-addressed names, so they are cached for a year and never revalidated.
  r.get('/uploads/:file', { schema: { params: z.object({ file: z.string().max(100) }) } }, async (request, reply) => {
    const bytes = await readPhoto(ctx.config.dataDir, request.params.file);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('image/webp').send(bytes);
  });

  // Paged (issue 29): newest first, `limit` and `cursor`, X-Total-Count and Link rel="next".
  r.get('/api/provider/orders', { ...provider, schema: { querystring: PageQuerySchema, response: { 200: pagedList(ProviderOrderSchema) } } }, async (request, reply) => {
    const page = await listMyOrders(ctx.db, me(request), pageRequest(request.query));
    reply.header('cache-control', 'no-store').headers(pageHeaders('/api/provider/orders', request.query, page));
    return page.items;
  });

  r.post('/api/provider/orders/:id/accept', { ...provider, schema: { params: OrderParams, response: { 200: OrderAcceptedSchema } } }, async (request) => acceptOrder(ctx.events, me(request), request.params.id));

  r.post('/api/provider/orders/:id/ready', { ...provider, schema: { params: OrderParams, response: { 200: OrderReadySchema } } }, async (request) => markReady(ctx.events, me(request), request.params.id));

  // Issue 28: a provider declines its own order (that order refunded, the others stand) or completes a reservation.
  r.post('/api/provider/orders/:id/decline', { ...provider, schema: { params: OrderParams, body: DeclineOrderSchema, response: { 200: DeclinedOrderSchema } } }, async (request) =>
    declineOrder(ctx.events, ctx.payments, me(request), request.params.id, request.body.reason),
  );

  r.post('/api/provider/orders/:id/complete', { ...provider, schema: { params: OrderParams, response: { 200: CompletedOrderSchema } } }, async (request) =>
    completeOrder(ctx.events, me(request), request.params.id),
  );

  r.get('/api/provider/earnings', { ...provider, schema: { response: { 200: ProviderEarningsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return myEarnings(ctx.db, me(request));
  });
}
