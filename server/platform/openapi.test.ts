import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openApiPath } from './openapi';

// ADR 017: the document is generated from the route table, so a route added by any module is covered by this test.
let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; parameters?: Array<{ in: string; name: string }> }>> };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t?.close());

describe('OpenAPI', () => {
  it('is OpenAPI 3.1 and documents every registered /api route, with its parameters, body and error answers', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = t.app.routeTable.filter((r) => r.documented);
    expect(documented.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of documented) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(op.responses?.['4XX'] ?? op.responses?.['4xx'], `${route.method} ${route.url} error answer`).toBeDefined();
      if (route.hasBody) expect(op.requestBody, `${route.method} ${route.url} body`).toBeDefined();
      for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
        expect(op.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)), `${route.method} ${route.url} ${name}`).toBe(true);
      }
    }
    expect(missing).toEqual([]);
  });

  // Routes whose success answer is not a JSON body, so they declare no 2xx schema. Each says why; anything else
  // without one fails, so a new route must declare its answer (domain/<capability>/ zod) to pass.
  const NO_JSON_ANSWER: Record<string, string> = {
    'GET /api/admin/export/:file': 'a CSV download (text/csv attachment)',
    'GET /api/provider/statement.csv': 'a CSV download (text/csv attachment)',
    'GET /api/placeholder/:w/:h': 'an SVG image (image/svg+xml)',
    'DELETE /api/provider/listings/restaurants/:id/menu/:itemId': '204 No Content: no body',
    'DELETE /api/provider/listings/:kind/:id/blocks/:blockId': '204 No Content: no body',
  };

  it('documents a success answer (a 2xx schema) for every /api route except the listed non-JSON ones', () => {
    const documented = t.app.routeTable.filter((r) => r.documented);
    const lacking: string[] = [];
    for (const route of documented) {
      const key = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const ok = Object.entries(op?.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      const hasSchema = ok.some(([, answer]) => Boolean((answer as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']?.schema));
      if (key in NO_JSON_ANSWER) {
        // The exemption list stays honest: a listed route exists and really declares no JSON answer.
        expect(hasSchema, `${key} is exempt but declares a JSON answer: remove it from the list`).toBe(false);
        continue;
      }
      if (!hasSchema) lacking.push(key);
    }
    expect(lacking).toEqual([]);
    const keys = new Set(documented.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(NO_JSON_ANSWER)) expect(keys.has(key), `${key} is not a route`).toBe(true);
  });

  it('documents the fields of an answer: the taxi quote has distanceKm and rides, both required', async () => {
    const quote = doc.paths['/api/taxi-rides/quote'].get as unknown as { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }> };
    const schema = quote.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(['distanceKm', 'rides']);
    expect(schema.required?.sort()).toEqual(['distanceKm', 'rides']);
  });

  it('documents declared answers: the sign-in returns a PublicUser, errors the shared ErrorBody', () => {
    const login = doc.paths['/api/auth/login'].post as unknown as { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> };
    // A named schema is a $ref into components; every $ref of the document resolves.
    const resolve = (schema: { $ref?: string }) =>
      schema.$ref ? (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas[schema.$ref.split('/').pop()!] : schema;
    const ok = resolve(login.responses['200'].content['application/json'].schema) as { properties: Record<string, unknown> };
    expect(Object.keys(ok.properties).sort()).toEqual(['email', 'id', 'role', 'username']);
    const err = resolve(login.responses['4XX'].content['application/json'].schema) as { properties: Record<string, unknown> };
    expect(err.properties).toHaveProperty('message');
    for (const ref of JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []) {
      expect(resolve({ $ref: ref.slice(8, -1) }), ref).toBeDefined();
    }
  });

  it('serves the interactive docs from local files, within the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger-ui-bundle\.js/);
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\/[^"']*\.js/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });
});
