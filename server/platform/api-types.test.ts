import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { API_TYPES_FILE, renderApiTypes } from './api-types';

// The client is typed with client/lib/api-schema.d.ts, generated from the routes. A route whose request or answer
// changed without regenerating would leave the client checked against the old contract: this fails instead.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('client API types', () => {
  it('match the routes (otherwise: run npm run api:types)', async () => {
    const expected = await renderApiTypes(t.app.swagger());
    const committed = readFileSync(resolve(import.meta.dirname, '../..', API_TYPES_FILE), 'utf8');
    expect(committed === expected, `${API_TYPES_FILE} is out of date: run npm run api:types`).toBe(true);
  });

  it('type every route the document lists', async () => {
    const text = await renderApiTypes(t.app.swagger());
    const documented = new Set(t.app.routeTable.filter((r) => r.documented).map((r) => r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
    for (const path of documented) expect(text, path).toContain(`"${path}": {`);
  });
});
