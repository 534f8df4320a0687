/**
 * `npm run seed:scale -- --listings 100000 [--batch 2000]`: fills the app's database with a generated, deterministic
 * catalogue of that many listings of every kind (server/db/seed/scale.ts) beside the demo catalogue, for search and
 * load work. The database is the app's: DATABASE_URL when set, else PGlite in DATA_DIR/pglite (./data by default);
 * it is migrated and given the demo catalogue first.
 *
 * `--listings N` is the number of scale listings wanted in all: a database that already holds k of them gets the
 * listings k..N-1 (the same a fresh run to N makes), one that holds N or more is left as it is. Nothing is deleted.
 * Stop the server first on PGlite (one process may open its data directory at a time); on PostgreSQL restart it
 * afterwards (its list caches do not see rows written behind its back).
 */
import { loadConfig } from '../server/config';
import { connect, pgliteDir } from '../server/db/connect';
import { seedScale, SCALE_PROVIDER_DOMAIN } from '../server/db/seed/scale';

/** "100000", "100_000", "100,000", "100k", "1m". */
function count(text: string | undefined, name: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec((text ?? '').replace(/[_,]/g, '').trim());
  if (!m) throw new Error(`--${name} must be a whole number (e.g. 100000, 100k, 1m), not ${JSON.stringify(text)}`);
  const n = Number(m[1]) * (m[2].toLowerCase() === 'k' ? 1_000 : m[2].toLowerCase() === 'm' ? 1_000_000 : 1);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
  return n;
}

function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
}

const seconds = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || option(args, 'listings') === undefined) {
    console.log('usage: npm run seed:scale -- --listings <N> [--batch <listings per transaction, default 2000>]');
    process.exitCode = args.includes('--help') ? 0 : 1;
    return;
  }
  const listings = count(option(args, 'listings'), 'listings');
  const batchSize = option(args, 'batch') ? count(option(args, 'batch'), 'batch') : 2000;
  const config = loadConfig();
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) });
  try {
    console.log(`seed:scale — ${database.kind} (${database.identity}): ${listings.toLocaleString('en-US')} scale listings wanted`);
    await database.migrate();
    let lastPrint = 0;
    const result = await seedScale(database.db, {
      listings,
      batchSize,
      onProgress: ({ done, target, added, elapsedMs }) => {
        if (done < target && elapsedMs - lastPrint < 10_000) return;
        lastPrint = elapsedMs;
        const rate = added / (elapsedMs / 1000);
        const eta = rate > 0 ? ((target - done) / rate) * 1000 : 0;
        console.log(`  ${done.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} (${((done / target) * 100).toFixed(0)}%), ${Math.round(rate).toLocaleString('en-US')} listings/s${done < target ? `, about ${seconds(eta)} left` : ''}`);
      },
    });
    if (result.added === 0) {
      console.log(`  already ${result.before.toLocaleString('en-US')} scale listings (owned by the @${SCALE_PROVIDER_DOMAIN} providers): nothing to add (${seconds(result.ms)})`);
    } else {
      console.log(
        `  added ${result.added.toLocaleString('en-US')} listings (${result.before.toLocaleString('en-US')} there before; ${result.total.toLocaleString('en-US')} now) in ${seconds(result.ms)}: ${Math.round(result.added / (result.ms / 1000)).toLocaleString('en-US')} listings/s`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
