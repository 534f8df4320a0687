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
