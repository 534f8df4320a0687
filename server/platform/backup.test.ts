import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, pgliteDir, type Database, type Db } from '../db/connect';
import { DataDirInUse } from '../db/data-dir-lock';
import { bookings, chatMessages, hotels, ledgerEntries, mailOutbox, payments, users } from '../db/schema';
import { onServer, databaseUrlOf } from '../testing/database-templates';
import { createTestDatabase } from '../testing/test-db';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { bookHotel, firstHotel, pay } from '../modules/bookings/test-helpers';
import { sendMessage } from '../modules/chat';
import { uploadsDir } from '../modules/provider';
import { backup, BackupRefused, readManifest, restore } from './backup';

const databaseUrl = process.env.DATABASE_URL;
const TABLES = { users, bookings, payments, ledgerEntries, chatMessages, mailOutbox } as const;
type Rows = Record<keyof typeof TABLES, unknown[]>;

async function everyRow(db: Db): Promise<Rows> {
  const rows = {} as Rows;
  for (const [name, table] of Object.entries(TABLES) as Array<[keyof typeof TABLES, PgTable & { id: AnyPgColumn }]>) {
    rows[name] = await db.select().from(table).orderBy(asc(table.id));
  }
  return rows;
}

let root: string;
let dataDir: string;
let t: TestApp;
let before: Rows;
/** The PostgreSQL database the app runs on (a test database of its own), or undefined on PGlite. */
let appDatabaseUrl: string | undefined;
/** Whether the app was stopped (to back up the embedded database). */
let stopped = false;
const restoredDatabases: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'backup-test-'));
  dataDir = join(root, 'data');
  // The marketplace as a server runs it: the embedded database in DATA_DIR/pglite, or a PostgreSQL database.
  const opened: { database: Database; drop(): Promise<void>; url?: string } = databaseUrl
    ? await createTestDatabase()
    : await connect({ dataDir: pgliteDir(dataDir) }).then(async (database) => {
        await database.migrate();
        return { database, drop: () => database.close() };
      });
  appDatabaseUrl = opened.url;
  t = await createTestApp({ database: opened, env: { DATA_DIR: dataDir } });
  // A customer books and pays a hotel (a booking, its payment and ledger entries, mails) and writes to the provider.
  const customer = await signUp(t);
  const booking = await bookHotel(t, customer.cookie);
  expect((await pay(t, customer.cookie, booking)).statusCode).toBe(200);
  const provider = await signUp(t, { role: 'provider' });
  const hotel = await firstHotel(t);
  await t.database.db.update(hotels).set({ ownerId: provider.id }).where(eq(hotels.id, hotel.id));
  const chat = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: customer.cookie }, payload: { serviceType: 'hotels', serviceId: hotel.id } });
  expect(chat.statusCode).toBe(201);
  await sendMessage(t.ctx.events, customer.id, { conversationId: chat.json().id, message: 'Is there parking?', clientMessageId: 'backup-test-1' });
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  writeFileSync(join(uploadsDir(dataDir), 'photo-640.webp'), 'a photo');
  before = await everyRow(t.database.db);
  for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);
});

afterAll(async () => {
  if (!stopped) await t?.close();
  for (const name of restoredDatabases) await onServer(databaseUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it.skipIf(Boolean(databaseUrl))('refuses to back up the embedded database while a server has it open', async () => {
    const refused = backup({ dataDir, databaseUrl: undefined }, join(root, 'while-open'));
    await expect(refused).rejects.toBeInstanceOf(DataDirInUse);
    await expect(refused).rejects.toThrow(/is open in process \d+; stop that process first/);
  });

  it('restores a backup into a fresh place with every booking, payment, message, mail and photo', async () => {
    const config = { dataDir, databaseUrl: appDatabaseUrl };
    // The embedded database is backed up with the server stopped; PostgreSQL while it runs.
    if (!databaseUrl) {
      await t.close();
      stopped = true;
    }
    const out = join(root, 'backup');
    const manifest = await backup(config, out);
    expect(manifest).toMatchObject({ format: 1, database: databaseUrl ? 'postgres' : 'pglite', uploads: true });
    expect(readManifest(out)).toEqual(manifest);

    const freshDir = join(root, 'restored');
    let freshUrl: string | undefined;
    if (databaseUrl) {
      const name = `t_restored_${process.pid}_${Date.now()}`;
      await onServer(databaseUrl, `CREATE DATABASE "${name}"`);
      restoredDatabases.push(name);
      freshUrl = databaseUrlOf(databaseUrl, name);
    }
    await restore({ dataDir: freshDir, databaseUrl: freshUrl }, out);
    const restored = await connect(freshUrl ? { databaseUrl: freshUrl } : { dataDir: pgliteDir(freshDir) });
    try {
      expect(await everyRow(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(readFileSync(join(uploadsDir(freshDir), 'photo-640.webp'), 'utf8')).toBe('a photo');

    // Never over data that is there.
    await expect(restore({ dataDir: freshDir, databaseUrl: freshUrl }, out)).rejects.toBeInstanceOf(BackupRefused);
    await expect(backup(config, out)).rejects.toThrow(`${out} is not empty; name a new directory for the backup.`);
  });
});
