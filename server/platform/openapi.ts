import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The one error shape of every route (server/platform/errors.ts), with the extra fields some answers carry. */
export const ErrorBodySchema = z
  .looseObject({ message: z.string(), errors: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'ErrorBody', description: '{ message, errors? }: errors maps a field path to its message (400).' });

const DOCS_PREFIX = '/api/docs';

/** One registered method + path, as the route table (`app.routeTable`) lists it for the docs and the fuzz test. */
export type ApiRoute = { method: string; url: string; documented: boolean; hasBody: boolean; hasParams: boolean; hasQuery: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after installOpenApi, collected by an onRoute hook (HEAD left out). */
    routeTable: ApiRoute[];
  }
}

/** `/api/bookings/:id` -> `/api/bookings/{id}`, as OpenAPI writes path parameters. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Routes that are not part of the API a caller uses: the docs themselves, sockets, the client's files. */
export function isDocumentable(route: Pick<RouteOptions, 'url' | 'method'> & { websocket?: boolean; schema?: { hide?: boolean } }): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((m) => m === 'HEAD')) return false;
  if (route.websocket || route.schema?.hide) return false;
  return route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX) && route.url !== '/api/openapi.json';
}

/**
 * OpenAPI 3.1 from the routes' zod schemas (ADR 017): @fastify/swagger collects every route registered after this
 * (so routes other modules add later are documented without a list to keep), fastify-type-provider-zod's transform
 * turns zod into JSON Schema, /api/openapi.json serves the document and /api/docs the interactive page (Swagger UI's
 * own files, served from the package: nothing from a CDN, within the CSP). Every /api route also gets the shared
 * error answers (4xx and 5xx: ErrorBody) in its schema.
 */
export async function installOpenApi(app: FastifyInstance, opts: { version: string }) {
  const table: ApiRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      table.push({ method, url: route.url, documented: isDocumentable(route), hasBody: Boolean(route.schema?.body), hasParams: Boolean(route.schema?.params), hasQuery: Boolean(route.schema?.querystring) });
    }
    if (!isDocumentable(route)) return;
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; tags?: string[] };
    schema.response ??= {};
    schema.response['4xx'] ??= ErrorBodySchema;
    schema.response['5xx'] ??= ErrorBodySchema;
    schema.tags ??= [route.url.split('/')[2] ?? 'api'];
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Go Live API',
        version: opts.version,
        description:
          'Every answer is JSON; errors are { message, errors? } with the right status. State-changing requests must be JSON from this origin (CSRF). Sign in with POST /api/auth/login: the session is the HttpOnly cookie `sid`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } as never }),
    // Schemas with a `.meta({ id })` (PublicUser, ErrorBody...) become components, referenced by $ref.
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig: { unrepresentable: 'any' } as never }),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
