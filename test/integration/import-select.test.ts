import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';

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
      'error: nothing imported, no file written:\n' +
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
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: --geo-services: give at least one name or glob');
  });

  it('patterns that all match import, as before', async () => {
    const run = await cli(['import', '--zones', 'example.*', '--webapps', 'blog', '--out', dir], sandbox.env);
    expect(run.code).toBe(0);
    expect(await files()).toContain('example.com.yaml');
  });
});
