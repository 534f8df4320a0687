import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, pgliteDir, type Database } from '../server/db/connect';
import { createTestDatabase } from '../server/testing/test-db';

/**
 * A database of a bench's own: a fresh one on the PostgreSQL of DATABASE_URL, else PGlite on disk in a temporary
 * DATA_DIR (as the product runs it), migrated. `dataDir` is that folder (for the caller to remove), unset on PostgreSQL.
 */
export async function benchDatabase(prefix: string): Promise<{ database: Database; drop: () => Promise<void>; dataDir?: string }> {
  if (process.env.DATABASE_URL) return createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const database = await connect({ dataDir: pgliteDir(dataDir) });
  await database.migrate();
  return { database, drop: () => database.close(), dataDir };
}
