import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The embedded database's data directory is already open in a running process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is open in process ${pid}; stop that process first (one process at a time opens it).`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the PGlite data directory `dataDir` for this process (a `<dataDir>.lock` file holding its pid): PGlite runs
 * PostgreSQL inside one process, and a second process writing the same files (a second server, a backup, a restore)
 * would corrupt them. A lock left by a process that is gone is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUse(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
