import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system, ms) of one process and its name, from /proc/<pid>/stat; undefined once it has ended. */
export function processCpu(pid: number | string): { name: string; ms: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime); this slice starts at field 3.
    return { name: stat.slice(stat.indexOf('(') + 1, close), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, ms) of every process named postgres on this machine, from /proc (Linux); undefined
 * elsewhere or when none runs here (a remote server).
 */
export function postgresCpuMs(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const p = processCpu(pid);
    if (p?.name !== 'postgres') continue;
    total += p.ms;
    found = true;
  }
  return found ? total : undefined;
}
