// `npm run backup [-- <directory>]`: a consistent backup of the database and the providers' photos (see
// server/platform/backup.ts), by default into backups/<time>/ under the working directory.
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { backup, BackupRefused } from '../server/platform/backup';
import { DataDirInUse } from '../server/db/data-dir-lock';

const config = loadConfig();
const out = resolve(process.argv[2] ?? `backups/${new Date().toISOString().replace(/[:.]/g, '-')}`);
try {
  const manifest = await backup(config, out);
  console.log(`Backed up the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'}${manifest.uploads ? ' and the photos' : ''} into ${out}`);
} catch (error) {
  if (!(error instanceof BackupRefused || error instanceof DataDirInUse)) throw error;
  console.error(`Backup refused: ${error.message}`);
  process.exit(1);
}
