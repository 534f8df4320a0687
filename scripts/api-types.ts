/**
 * `npm run api:types`: writes client/lib/api-schema.d.ts, the types of every /api route, from the OpenAPI document
 * the app builds from its routes' zod schemas (server/platform/openapi.ts). The app is built but never listens, on
 * an empty in-memory database (the document depends on the routes only, not on data).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestApp } from '../server/testing/test-app';
import { API_TYPES_FILE, renderApiTypes } from '../server/platform/api-types';

const t = await createTestApp({ seed: false });
try {
  await t.app.ready();
  const text = await renderApiTypes(t.app.swagger());
  writeFileSync(resolve(import.meta.dirname, '..', API_TYPES_FILE), text);
  console.log(`wrote ${API_TYPES_FILE} (${text.length} characters)`);
} finally {
  await t.close();
}
