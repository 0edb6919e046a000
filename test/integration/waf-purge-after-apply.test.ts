/** `purge_after_apply` against the emulator: a plan step after the good bots, the purge bucket checked up front. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (4.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-purge-after-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => sandbox.close());

const names = (n: number) => Array.from({ length: n }, (_, i) => `app-${String(i + 1).padStart(2, '0')}`);
const purgeCalls = () =>
  sandbox.emulator.requestLog.entries
    .filter((e) => e.path.startsWith('/api/v3/') && e.method !== 'GET')
    .map((e) => `${e.method} ${e.path.replace(/[0-9a-f]{32}/g, '<id>')} ${e.status}`);

async function start(webapps: string[], purgeLimit = 20): Promise<void> {
  sandbox = await startSandbox(
    { waf: { webapps: webapps.map((name) => ({ name, enabled_bots: ['Googlebot'] })) } },
    { waf: { changes: { pendingMs: 0, runMs: 0 }, purgeLimit: { limit: purgeLimit, windowSeconds: 3600 } } },
  );
}

async function desired(entries: Record<string, string>): Promise<string> {
  const file = join(dir, 'waf.yaml');
  const lines = Object.entries(entries).map(
    ([name, purge]) =>
      `    ${name}:\n      good_bots: { mode: additive, allow: [Bingbot] }\n      purge_after_apply: ${purge}`,
  );
  await writeFile(file, `waf:\n  webapps:\n${lines.join('\n')}\n`);
  return file;
}

describe('purge_after_apply', () => {
  it('plans a purge step after the good bots, applies it, and a new plan is empty', async () => {
    await start(['blog', 'shop']);
    const file = await desired({ blog: '{ paths: [/index.html, /feed.xml] }', shop: 'true' });
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      '  + Bingbot\n  then purge /index.html, /feed.xml (1 of the cache purges an hour)\n',
    );
    expect(plan.stdout).toContain('  then purge the whole cache (1 of the cache purges an hour)\n');
    expect(plan.stdout).toContain('Then 2 cache purges, of the purge budget (20 an hour) apart.');
    // The pull-request comment names each purge beside its webapp, in the table and in the section.
    const markdown = (await cli(['plan', file, '--format', 'markdown'], sandbox.env)).stdout.replace(
      /[0-9a-f]{32}/g,
      '<id>',
    );
    expect(markdown).toContain('| `webapp:blog` (additive, id <id>, then purge /index.html, /feed.xml) |');
    expect(markdown).toContain('#### `webapp:shop` · additive, id <id>, then purge the whole cache · ');
    const saved = join(dir, 'plan.json');
    const json = JSON.parse(
      (await cli(['plan', file, '--format', 'json', '--out', saved], sandbox.env, { cwd: dir })).stdout,
    );
    expect(
      json.steps.map((s: { id: string; kind: string; after: string[] }) => [s.id, s.kind, s.after]),
    ).toEqual([
      ['webapp:blog', 'webapp', []],
      ['webapp:blog#purge', 'purge', ['webapp:blog']],
      ['webapp:shop', 'webapp', []],
      ['webapp:shop#purge', 'purge', ['webapp:shop']],
    ]);
    expect(json.waf.purges).toBe(2);

    sandbox.emulator.requestLog.clear();
    // The saved plan, purge steps included, is read back and applied as it is.
    const apply = await cli(['apply', '--plan', saved, '--yes'], sandbox.env, { cwd: dir });
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
    expect(apply.stdout).toContain(
      '  ✓ webapp:blog: 1 good-bots change\n  ✓ webapp:blog#purge: 1 cache purge\n',
    );
    // Per webapp: the good bots first, then its purge.
    const calls = purgeCalls();
    expect(calls.filter((c) => c.includes('purge_cache'))).toEqual([
      'POST /api/v3/webapps/<id>/purge_cache 202',
      'POST /api/v3/webapps/<id>/purge_cache 202',
    ]);
    const again = await cli(['plan', file], sandbox.env);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
  });

  it('refuses up front, at plan and at apply, purges the purge bucket cannot cover: exit 1, nothing sent', async () => {
    const apps = names(21);
    await start(apps);
    const file = await desired(Object.fromEntries(apps.map((name) => [name, 'true'])));
    const message =
      "refusing to apply: the purges after apply need 21 of the WAF's 20 cache purges an hour, more than the " +
      'bucket holds. Nothing was sent; purge fewer webapps (purge_after_apply) or apply them in turns';
    const plan = await cli(['plan', file, '--out', join(dir, 'plan.json')], sandbox.env, { cwd: dir });
    expect([plan.code, plan.stdout]).toEqual([1, '']);
    expect(plan.stderr).toContain(message);
    const apply = await cli(['apply', file, '--yes'], sandbox.env);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(message);
    expect(purgeCalls()).toEqual([]);
  });
});
