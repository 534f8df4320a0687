import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReviewSchema,
  CreateReviewSchema,
  HelpfulVoteSchema,
  HideReviewSchema,
  ReviewableSchema,
  ReviewIdParams,
  ReviewListQuery,
  ReviewPageSchema,
  ReviewResultSchema,
  UpdateReviewSchema,
} from '../../../domain/reviews/schemas';
import { currentUser, requireRole, requireUser } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { adminReviews, createReview, hideReview, listReviews, restoreReview, reviewables, unvoteHelpful, updateReview, voteHelpful } from './service';

/** Reviews API (thin: validate with the domain schemas, guard, call the service). */
export async function reviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser };
  const adminOnly = { onRequest: requireRole('admin') };

  r.get('/api/reviews', { schema: { querystring: ReviewListQuery, response: { 200: ReviewPageSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listReviews(ctx.db, request.query, request.user?.id);
  });

  r.get('/api/reviews/mine', { ...signedIn, schema: { response: { 200: z.array(ReviewableSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reviewables(ctx.db, currentUser(request));
  });

  r.post('/api/reviews', { ...signedIn, schema: { body: CreateReviewSchema, response: { 201: ReviewResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await createReview(ctx.db, ctx.events, currentUser(request), request.body)),
  );

  r.patch('/api/reviews/:id', { ...signedIn, schema: { params: ReviewIdParams, body: UpdateReviewSchema, response: { 200: ReviewResultSchema } } }, async (request) =>
    updateReview(ctx.db, ctx.events, currentUser(request), request.params.id, request.body),
  );

  r.post('/api/reviews/:id/helpful', { ...signedIn, schema: { params: ReviewIdParams, response: { 200: HelpfulVoteSchema } } }, async (request) =>
    voteHelpful(ctx.db, currentUser(request), request.params.id),
  );

  r.delete('/api/reviews/:id/helpful', { ...signedIn, schema: { params: ReviewIdParams, response: { 200: HelpfulVoteSchema } } }, async (request) =>
    unvoteHelpful(ctx.db, currentUser(request), request.params.id),
  );

  r.get('/api/admin/reviews', { ...adminOnly, schema: { response: { 200: z.array(AdminReviewSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return adminReviews(ctx.db);
  });

  r.post('/api/admin/reviews/:id/hide', { ...adminOnly, schema: { params: ReviewIdParams, body: HideReviewSchema, response: { 200: AdminReviewSchema } } }, async (request) =>
    hideReview(ctx.db, ctx.events, request.params.id, request.body.reason),
  );

  r.post('/api/admin/reviews/:id/restore', { ...adminOnly, schema: { params: ReviewIdParams, response: { 200: AdminReviewSchema } } }, async (request) =>
    restoreReview(ctx.db, ctx.events, request.params.id),
  );
}
