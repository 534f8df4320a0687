import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplates, type DatabaseTemplates } from './database-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Builds the run's database templates once, before any test file (see database-templates.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, drop } = await buildDatabaseTemplates(process.env.DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return drop;
}
