/**
 * `edgeplan import` and `edgeplan purge` as typed in a terminal, run by the built CLI in a process of its own
 * against the quickstart's account in one emulator (in this process; each test works on parts of the account the
 * other does not change).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: each test runs two or three processes of the built CLI, about a second each on a quiet machine.
vi.setConfig({ testTimeout: 90_000 });

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  [sandbox, dir] = await Promise.all([
    quickstartSandbox(),
    mkdtemp(join(tmpdir(), 'edgeplan-import-purge-')),
    ensureBuilt(),
  ]);
}, BUILD_BUDGET_MS);
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

const edgeplan = (argv: string[]) => runCliProcess(argv, sandbox.env, { built: true });

describe('edgeplan import', () => {
  it('writes only what the selectors name into one file, and overwrites it only with --force', async () => {
    const out = join(dir, 'imported');
    const argv = [
      'import',
      '--out',
      out,
      '--zones',
      'example.com,legacy.example',
      '--geo-services',
      'Legacy*',
      '--webapps',
      'blog',
      '--single-file',
      '--verbose',
      '--no-color',
      '--dns-rate-limit',
      '100',
      '--waf-rate-limit',
      '100',
    ];
    const first = await edgeplan(argv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(first.stderr).toContain('debug: http → GET /REST/AllRecord/legacy.example/');
    expect(await readdir(out)).toEqual(['edgeplan.yaml']);
    const written = await readFile(join(out, 'edgeplan.yaml'), 'utf8');
    for (const named of ['  example.com:', '  legacy.example:', '  Legacy Web:', '    blog:'])
      expect(written).toContain(`\n${named}\n`);
    expect(written).not.toContain('\n  example.net:\n');
    expect(written).not.toContain('shop-production');

    const again = await edgeplan(['import', '--out', out, '--zones', 'example.com', '--single-file']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('refusing to overwrite existing files (use --force)');
    expect(await readFile(join(out, 'edgeplan.yaml'), 'utf8')).toBe(written);
    const forced = await edgeplan([
      'import',
      '--out',
      out,
      '--zones',
      'example.com',
      '--single-file',
      '--force',
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(join(out, 'edgeplan.yaml'), 'utf8')).not.toContain('legacy.example');
  });
});

describe('edgeplan purge', () => {
  const purges = () =>
    sandbox.emulator.requestLog.entries
      .filter((e) => e.method === 'POST' && e.path.endsWith('/purge_cache'))
      .map((e) => e.path);

  it('purges the whole cache of a webapp, then only the paths given', async () => {
    const whole = await edgeplan(['purge', 'blog']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(
      /^Purged whole cache of webapp blog \(task \w+\); 19 of 20 purges left this hour/,
    );
    expect(purges()).toHaveLength(1);

    const paths = await edgeplan([
      'purge',
      'shop-production',
      '--path',
      '/cart',
      '--path',
      '/img/*',
      '--verbose',
    ]);
    expect(paths.code, paths.stderr).toBe(0);
    expect(paths.stdout).toMatch(/^Purged paths \/cart, \/img\/\* of webapp shop-production \(task \w+\)/);
    expect(paths.stderr).toMatch(/debug: http → POST \/api\/v3\/webapps\/\w+\/purge_cache/);
    expect(purges()).toHaveLength(2);
  });
});
