/** `edgeplan` with a `waf` section against the emulator: request counts, budget refusal, problems, secrets. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSeedFile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { fakeClock } from '../support/fake-clock.js';
import { QUICKSTART, QUICKSTART_SEED, type Sandbox, startSandbox, WAF_CLIENT } from '../support/sandbox.js';
import { enabledBots } from './helpers.js';

// Time budget: ten times its slowest test (6.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const wafRequests = (s: Sandbox) => s.emulator.requestLog.entries.filter((e) => e.path.startsWith('/api/'));
const WRITES = /^(POST|PUT|DELETE) \/(REST\/([A-Z]+Record|Zone|Node)|api\/v3)\//;
const writes = (s: Sandbox) =>
  s.emulator.requestLog.entries.filter((e) => WRITES.test(`${e.method} ${e.path}`)).length;

let sandbox: Sandbox;
let env: Record<string, string>;
/** The sandbox's WAF variables only: a WAF-only state needs no DNS credentials. */
let wafEnv: Record<string, string>;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-waf-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => sandbox.close());

/** The quickstart's sandbox; `forbidden`: webapps its API client may not access. */
async function startQuickstart(waf = {}, forbidden: string[] = []): Promise<void> {
  const seed = await loadSeedFile(QUICKSTART_SEED);
  const webapps = seed.waf?.webapps?.map((w) => (forbidden.includes(w.name) ? { ...w, forbidden: true } : w));
  sandbox = await startSandbox(
    { ...seed, waf: { ...seed.waf, webapps } },
    { waf, clock: fakeClock(Date.now()) },
  );
  env = sandbox.env;
  wafEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('EDGEPLAN_WAF_')));
}

describe('edgeplan with webapps (the quickstart)', () => {
  it('plans with 4 WAF requests, applies with 13 (4 of them its own plan), converges, and shows bots by name', async () => {
    await startQuickstart({ changes: { pendingMs: 0, runMs: 0 } });
    const plan = await cli(['plan', QUICKSTART], env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('webapp shop-production (');
    expect(plan.stdout).toContain('  + Bingbot\n  - AhrefsBot\n  - SemrushBot');
    expect(plan.stdout).toContain('webapp blog (');
    expect(plan.stdout).toContain('  + DuckDuckBot');
    expect(plan.stdout).toContain(
      'WAF: 2 bots to enable, 2 to disable in 2 webapps; the apply uses at least 9 WAF requests, 496 of 500 remain',
    );
    // token, one page of webapps, good bots of the two desired webapps
    expect(wafRequests(sandbox).map((e) => `${e.method} ${e.path.replace(/[0-9a-f]{32}/g, '<id>')}`)).toEqual(
      [
        'POST /api/oauth/token',
        'GET /api/v3/company/webapps',
        'GET /api/v3/webapps/<id>/good_bots',
        'GET /api/v3/webapps/<id>/good_bots',
      ],
    );

    sandbox.emulator.requestLog.clear();
    const apply = await cli(['apply', QUICKSTART, '--yes'], env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
    const byEndpoint = wafRequests(sandbox)
      .map((e) => `${e.method} ${e.path.replace(/[0-9a-f]{32}/g, '<id>')}`)
      .sort();
    // plan: token + list + 2 reads; apply: per webapp PUT + 1 poll + read-back; re-plan: list + 2 reads
    expect(byEndpoint).toEqual([
      'GET /api/v3/company/webapps',
      'GET /api/v3/company/webapps',
      'GET /api/v3/webapps/<id>/changes/<id>',
      'GET /api/v3/webapps/<id>/changes/<id>',
      ...Array(6).fill('GET /api/v3/webapps/<id>/good_bots'),
      'POST /api/oauth/token',
      'PUT /api/v3/webapps/<id>/good_bots',
      'PUT /api/v3/webapps/<id>/good_bots',
    ]);
    expect(enabledBots(sandbox.emulator, 'shop-production')).toEqual(['Applebot', 'Bingbot', 'Googlebot']);
    expect(enabledBots(sandbox.emulator, 'blog')).toEqual(['DuckDuckBot', 'Googlebot', 'Twitterbot']);
    expect(enabledBots(sandbox.emulator, 'shop-staging')).toEqual([]);
  });

  it('reads every other webapp when the token may not access one (403), then fails naming it, exit 1, no writes', async () => {
    await startQuickstart({}, ['blog']);
    const plan = await cli(['plan', QUICKSTART], env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(
      /the WAF API client may not access webapp blog \([0-9a-f]{32}\) \(403 forbidden\)/,
    );
    const reads = wafRequests(sandbox).filter((e) => e.path.endsWith('/good_bots'));
    expect(reads.map((e) => e.status).sort()).toEqual([200, 403]);
    expect(writes(sandbox)).toBe(0);
  });

  it('import leaves out, and lists, a webapp the token may not access; the rest round-trips', async () => {
    await startQuickstart({}, ['blog']);
    const out = join(dir, 'import-forbidden');
    const run = await cli(['import', '--webapps', '*', '--out', out], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /webapp:blog \([0-9a-f]{32}\): not imported \(the WAF API client may not access it: 403\); left as it is/,
    );
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await readFile(join(out, 'waf.yaml'), 'utf8')).not.toContain('blog');
  });

  it('purges a webapp cache (paths or all of it) and refuses once the purge bucket is spent, purging nothing', async () => {
    await startQuickstart({
      changes: { pendingMs: 0, runMs: 0 },
      purgeLimit: { limit: 1, windowSeconds: 3600 },
    });
    const purged = await cli(['purge', 'blog', '--path', '/index.html'], env);
    expect(purged.code, purged.stderr).toBe(0);
    expect(purged.stdout).toMatch(
      /^Purged path \/index\.html of webapp blog \(task [0-9a-f]{32}\); 0 of 1 purges left this hour \(resets in 60 min\)\.\n$/,
    );
    const spent = await cli(['purge', 'blog'], env);
    expect(spent.code).toBe(1);
    expect(spent.stderr).toContain(
      'the WAF cache-purge limit (1 purges an hour) is spent: the service refused the purge (HTTP 429), nothing was purged; it resets in 60 min, at ',
    );
    const unknown = await cli(['purge', 'blgo'], env);
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      'error EP2210: webapp "blgo" does not exist in the WAF account (did you mean blog?); nothing was purged\n',
    ]);
    const purges = wafRequests(sandbox).filter((e) => e.path.endsWith('/purge_cache'));
    expect(purges.map((e) => e.status)).toEqual([202, 429]);
  });

  it('refuses to start when the WAF changes cannot finish in the requests left, before any write', async () => {
    await startQuickstart({ rateLimit: { limit: 12, windowSeconds: 3600 } });
    const apply = await cli(['apply', QUICKSTART, '--yes'], env);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      'error EP5106: refusing to apply: the WAF changes need at least 9 requests, but only 8 of 12 remain in the current rate-limit window; it resets in 60 min.',
    );
    expect(writes(sandbox)).toBe(0);
  });

  it('reports an unknown bot and an unknown webapp at their place with the closest names, exit 1, no writes', async () => {
    await startQuickstart();
    const file = join(dir, 'typos.yaml');
    await writeFile(
      file,
      [
        'waf:',
        '  webapps:',
        '    shop-prod:',
        '      good_bots: { allow: [Googlebot] }',
        '    blog:',
        '      good_bots: { allow: [Gooblebot, duckduck] }',
        '',
      ].join('\n'),
    );
    const plan = await cli(['plan', file], wafEnv);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toBe(
      [
        `${file}:3:5: EP1607 webapp "shop-prod" does not exist in the WAF account; closest: shop-production`,
        `${file}:6:28: EP1608 bot "Gooblebot" is not in the good-bot catalogue of webapp "blog"; closest: Googlebot`,
        `${file}:6:39: EP1608 bot "duckduck" is not in the good-bot catalogue of webapp "blog"; closest: DuckDuckBot`,
        '3 problems found against live state; nothing was changed.',
        '',
      ].join('\n'),
    );
    expect(writes(sandbox)).toBe(0);
  });

  it('sends nothing at all for an invalid file, and needs no DNS credentials for a WAF-only state', async () => {
    await startQuickstart();
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, 'waf:\n  webapps:\n    blog:\n      good_bots: { mode: exclusive, allow: [] }\n');
    const invalid = await cli(['apply', bad, '--yes'], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain(
      `${bad}:4:26: EP1103 mode must be one of exact, additive, got "exclusive"`,
    );
    expect(sandbox.emulator.requestLog.entries).toEqual([]);

    const good = join(dir, 'good.yaml');
    await writeFile(
      good,
      'waf:\n  webapps:\n    blog:\n      good_bots: { mode: additive, allow: [Twitterbot] }\n',
    );
    const plan = await cli(['plan', good], wafEnv);
    expect(plan.code, plan.stderr).toBe(0);
    expect(sandbox.emulator.requestLog.entries.every((e) => e.path.startsWith('/api/'))).toBe(true);
  });

  it('never prints the client secret or an access token, even with --verbose', async () => {
    await startQuickstart();
    const run = await cli(['plan', QUICKSTART, '--verbose'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('client_secret=***');
    expect(run.stderr).toContain('"Authorization":"***"');
    expect(`${run.stdout}${run.stderr}`).not.toContain(WAF_CLIENT.client_secret);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/[0-9a-f]{64}/);
  });
});
