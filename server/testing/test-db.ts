import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Database } from '../db/connect';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when DATABASE_URL is set — a new
 * database of its own on that PostgreSQL server, dropped at close.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = await connect({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await connect({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
