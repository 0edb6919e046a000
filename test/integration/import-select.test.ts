import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (2.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** `import --zones/--geo-services/--webapps`: a pattern that matches nothing is an error, not an empty import. */

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const files = async () => readdir(dir);

describe('import selectors', () => {
  it('a zone pattern that matches nothing: exit 1, naming it with the nearest names, no file written', async () => {
    const run = await cli(['import', '--zones', 'exmaple.com', '--out', dir], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error EP5108: nothing imported, no file written:\n' +
        '  --zones exmaple.com: matches no zone (primary or secondary) of the account (did you mean example.com?)\n',
    );
    expect(await files()).toEqual([]);
  });

  it('each pattern must match: one that does beside one that does not is still an error', async () => {
    const run = await cli(
      ['import', '--zones', 'example.com,*.invalid', '--webapps', 'shop-production,nope', '--out', dir],
      sandbox.env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '  --zones *.invalid: matches no zone (primary or secondary) of the account\n',
    );
    expect(run.stderr).toContain('  --webapps nope: matches no webapp (by name or id) of the account\n');
    expect(run.stderr).not.toContain('example.com:');
    expect(await files()).toEqual([]);
  });

  it('an empty list is refused', async () => {
    const run = await cli(['import', '--geo-services', ' , ', '--out', dir], sandbox.env);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('error EP6003: --geo-services: give at least one name or glob');
  });

  it('patterns that all match import, as before', async () => {
    const run = await cli(['import', '--zones', 'example.*', '--webapps', 'blog', '--out', dir], sandbox.env);
    expect(run.code).toBe(0);
    expect(await files()).toContain('example.com.yaml');
  });
});

describe('import --providers: which DNS provider is read', () => {
  const out = () => join(dir, 'out');
  beforeEach(() => sandbox.emulator.requestLog.clear());
  async function providers(text: string): Promise<string> {
    const path = join(dir, 'providers.yaml');
    await writeFile(path, text);
    return path;
  }

  it('--provider without --providers is refused before any request', async () => {
    const run = await cli(['import', '--provider', 'pdns', '--out', out()], sandbox.env);
    expect(run.code).toBe(64);
    expect(run.stderr).toBe(
      'error EP6002: --provider pdns: give --providers PATH, the desired state whose providers: section defines it\n',
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('several DNS providers and no --provider, or a name not there: refused, naming the providers', async () => {
    const path = await providers(
      'providers:\n  dyn: { type: dyn }\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_KEY }\n',
    );
    const several = await cli(['import', '--providers', path, '--out', out()], sandbox.env);
    expect(several.code).toBe(1);
    expect(several.stderr).toBe(
      'error EP5107: 2 DNS providers are configured (dyn, pdns): choose one with --provider\n',
    );
    const unknown = await cli(
      ['import', '--providers', path, '--provider', 'ns1', '--out', out()],
      sandbox.env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error EP5107: --provider ns1: not under providers: (dyn, pdns)\n');
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('a --providers file that is not valid desired state: its problems at file:line:col, exit 1', async () => {
    const path = await providers('providers:\n  pdns: { type: powerdns, url_env: 1 }\n');
    const run = await cli(['import', '--providers', path, '--out', out()], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}:2:`);
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('a dyn entry is read like Dyn without providers:, and the files round-trip against it', async () => {
    const path = await providers('providers:\n  main: { type: dyn }\n');
    const run = await cli(
      ['import', '--providers', path, '--provider', 'main', '--zones', 'example.com', '--out', out()],
      sandbox.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await readdir(out())).toEqual(['example.com.yaml']);
  });

  it('everything of a dyn entry, geo services and secondary zones included, round-trips against it', async () => {
    const seeded = await cli(['apply', 'examples/quickstart/dns', '--yes'], sandbox.env);
    expect(seeded.code, seeded.stderr).toBe(0);
    const path = await providers('providers:\n  main: { type: dyn }\n');
    sandbox.emulator.requestLog.clear();
    const run = await cli(['import', '--providers', path, '--out', out()], sandbox.env);
    // The geo-service list is read twice: to import, then by the round trip's plan, which checks them too.
    expect(sandbox.emulator.requestLog.count({ method: 'GET', path: /\/REST\/Geo\/$/ })).toBe(2);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await readdir(out())).toEqual(
      expect.arrayContaining(['geo-services.yaml', 'secondary-zones.yaml']),
    );
  });
});
