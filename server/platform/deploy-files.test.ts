import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The container deployment in deploy/ (issue 30) agrees with itself and with the server: compose's nginx file is
 * deploy/nginx.conf with other upstream addresses, those addresses are the web containers', every setting is
 * documented, and the Grafana dashboard asks only for metrics the server exports. (Docker is not run here.)
 */

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** After SIGTERM's drain, how long server/main.ts allows closing to take before it exits anyway (SHUTDOWN_BOUND_MS). */
const SHUTDOWN_BOUND_SECONDS = 15;

/**
 * An nginx site file without its leading comments, each run of upstream `server <ip>:<port> …;` lines collapsed to one
 * line of their parameters; and the upstream's addresses.
 */
function siteShape(conf: string): { body: string; upstream: string[] } {
  const lines = conf.split('\n');
  const body: string[] = [];
  const upstream: string[] = [];
  for (const line of lines.slice(lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#')))) {
    const server = /^(\s*)server (\d+\.\d+\.\d+\.\d+:\d+)( [^;]*)?;$/.exec(line);
    if (!server) {
      body.push(line);
      continue;
    }
    upstream.push(server[2]);
    const shape = `${server[1]}server <address>${server[3] ?? ''};`;
    if (body.at(-1) !== shape) body.push(shape);
  }
  return { body: body.join('\n'), upstream };
}

type ComposeService = {
  environment?: Record<string, string>;
  networks?: Record<string, { ipv4_address?: string }> | string[];
  stop_grace_period?: string;
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = Object.entries(compose.services);
const goLive = services.filter(([, s]) => s.environment?.ROLE);
const addressOf = (s: ComposeService) => (Array.isArray(s.networks) ? undefined : s.networks?.golive?.ipv4_address);

/** KEY=value lines of an env file (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

/** compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}`, from `env`. */
const interpolate = (value: string, env: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => env[name] ?? (kind === '-' ? rest! : ''));

describe('deploy/compose/nginx.conf', () => {
  it('is deploy/nginx.conf with the web containers of compose.yaml as its upstream', () => {
    const shipped = siteShape(read('deploy/nginx.conf'));
    const composed = siteShape(read('deploy/compose/nginx.conf'));
    expect(composed.body).toBe(shipped.body);

    const web = goLive.filter(([, s]) => s.environment!.ROLE === 'web');
    expect(web.length).toBeGreaterThanOrEqual(2);
    expect(composed.upstream.sort()).toEqual(web.map(([, s]) => `${addressOf(s)}:${s.environment!.PORT}`).sort());
  });
});

describe('deploy/compose.yaml', () => {
  it('trusts forwarded addresses from nginx only, and gives every instance time to drain before Docker kills it', () => {
    const nginx = compose.services.nginx;
    expect(addressOf(nginx)).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const example = envFile(read('deploy/.env.example'));
    const drainSeconds = loadConfig({ DRAIN_SECONDS: example.DRAIN_SECONDS }).drainMs / 1000;
    expect(goLive.map(([name]) => name).sort()).toEqual(['web1', 'web2', 'worker']);
    for (const [name, service] of goLive) {
      expect({ name, trustProxy: service.environment!.TRUST_PROXY }).toEqual({ name, trustProxy: addressOf(nginx) });
      const grace = /^(\d+)s$/.exec(service.stop_grace_period ?? '');
      expect(grace, `${name}: stop_grace_period in seconds`).not.toBeNull();
      expect(Number(grace![1])).toBeGreaterThan(drainSeconds + SHUTDOWN_BOUND_SECONDS);
    }
  });

  it('starts every role on the settings of .env.example', () => {
    const example = envFile(read('deploy/.env.example'));
    for (const [name, service] of goLive) {
      const environment = Object.fromEntries(Object.entries(service.environment!).map(([k, v]) => [k, interpolate(String(v), example)]));
      expect(() => loadConfig({ ...example, ...environment }), name).not.toThrow();
      expect(loadConfig({ ...example, ...environment }).databaseUrl, name).toMatch(/^postgres:\/\/golive:[^@]+@postgres:5432\/golive$/);
    }
  });

  it('leaves no setting of server/config.ts undocumented: .env.example, compose.yaml or the Dockerfile sets or lists it', () => {
    const config = read('server/config.ts');
    const schema = config.slice(config.indexOf('const EnvSchema = z.object({'), config.indexOf('\n});', config.indexOf('const EnvSchema')));
    const settings = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(settings).toContain('DATABASE_URL');
    const example = read('deploy/.env.example');
    const dockerfile = read('Dockerfile');
    const missing = settings.filter(
      (key) => !new RegExp(`^(# )?${key}=`, 'm').test(example) && !goLive.some(([, s]) => key in s.environment!) && !new RegExp(`\\b${key}=`).test(dockerfile),
    );
    expect(missing).toEqual([]);
  });
});

describe('deploy/grafana-dashboard.json', () => {
  const TOKEN = 'a-token-for-the-dashboard-test';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  type Panel = { type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string; datasource: { uid: string } }> };
  const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as {
    __inputs: Array<{ name: string; pluginId: string }>;
    schemaVersion: number;
    panels: Panel[];
  };

  it('is importable with a Prometheus data source chosen at import', () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const queried = dashboard.panels.filter((p) => p.type !== 'row');
    expect(queried.length).toBeGreaterThan(10);
    for (const panel of queried) {
      expect(panel.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource.uid, panel.title).toBe('${DS_PROMETHEUS}');
    }
  });

  it('asks only for metrics the server exports, with the labels it uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const exported = new Map([...res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
    // A histogram's series are <name>_bucket, _count and _sum.
    const series = new Set([...exported].flatMap(([name, type]) => (type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name])));
    // `up` is Prometheus's own; the pool exists on PostgreSQL only (this test may run on the embedded database).
    const elsewhere = new Set(['up', ...(t.ctx.database.kind === 'pglite' ? ['db_pool_connections'] : [])]);

    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((target) => target.expr);
    const referenced = new Set(exprs.flatMap((expr) => [...expr.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1])));
    expect([...referenced].filter((name) => !series.has(name) && !elsewhere.has(name))).toEqual([]);
    expect(referenced).toContain('http_request_duration_seconds_bucket');
    expect(referenced).toContain('jobs_failed_total');

    // The job counters label their queue `queue` (not `job`, which is Prometheus's own scrape-job label): the dashboard
    // groups by it.
    expect(res.body).toMatch(/^jobs_claimed_total\{queue="/m);
    expect(exprs.filter((e) => e.includes('jobs_')).every((e) => e.includes('by (queue)'))).toBe(true);
  });
});
