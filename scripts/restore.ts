// `npm run restore -- <directory>`: brings a backup made by `npm run backup` back into a fresh DATA_DIR (embedded
// database) or the empty database of DATABASE_URL (see server/platform/backup.ts).
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { BackupRefused, restore } from '../server/platform/backup';
import { DataDirInUse } from '../server/db/data-dir-lock';

if (!process.argv[2]) {
  console.error('Usage: npm run restore -- <backup directory>');
  process.exit(1);
}
const config = loadConfig();
const from = resolve(process.argv[2]);
try {
  const manifest = await restore(config, from);
  console.log(`Restored the backup of ${manifest.createdAt} from ${from}`);
} catch (error) {
  if (!(error instanceof BackupRefused || error instanceof DataDirInUse)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exit(1);
}
