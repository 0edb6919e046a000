import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../../support/sandbox.js';

/**
 * A path flag pointing at the wrong thing fails before anything is read or sent (exit 1), with what the flag wants,
 * instead of a system error (ENOENT, ENOTDIR) after the reads.
 */

let sandbox: Sandbox;
let dir: string;
// The desired state lies in the directory the commands run in, as in a repository (plan --out records it there).
const zones = 'zones.yaml';

beforeAll(async () => {
  sandbox = await quickstartSandbox();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-path-flags-'));
  await writeFile(join(dir, 'afile'), 'not a directory\n');
  await copyFile(resolve(QUICKSTART, zones), join(dir, zones));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => cli(argv, sandbox.env, { cwd: dir });

describe('path flags checked before any request', () => {
  it.each([
    [
      'plan --out into a missing directory',
      ['plan', zones, '--out', 'nodir/plan.json'],
      'error: --out nodir/plan.json: the directory nodir does not exist; create it first or write elsewhere\n',
    ],
    [
      '--cache given a file',
      ['plan', zones, '--cache', 'afile'],
      'error: --cache afile: that is a file; it takes a directory, which edgeplan creates when it is missing\n',
    ],
    [
      'import --out given a file',
      ['import', '--out', 'afile'],
      'error: --out afile: that is a file; it takes a directory, which edgeplan creates when it is missing\n',
    ],
    [
      'drift --ack of a missing file',
      ['drift', zones, '--ack', 'drift-ack.yaml'],
      'error: --ack drift-ack.yaml: no such file (expected the acknowledged drift: a YAML file with a list under ' +
        '`acknowledged:`; `drift` prints an entry to copy into it)\n',
    ],
    [
      'apply --plan of a missing file',
      ['apply', '--plan', 'plan.json', '--yes'],
      'error: --plan plan.json: no such file (expected a plan written by `edgeplan plan --out FILE`)\n',
    ],
    [
      '--seed of a directory',
      ['plan', zones, '--sandbox', '--seed', '.'],
      'error: --seed .: not a file (expected an emulator account in YAML or JSON, such as ' +
        'examples/quickstart/sandbox-seed.yaml)\n',
    ],
  ])('%s', async (_what, argv, message) => {
    sandbox.emulator.requestLog.clear();
    const result = await run(argv);
    expect(result.stderr).toBe(message);
    expect(result.code).toBe(1);
    expect(sandbox.emulator.requestLog.count()).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['afile', 'zones.yaml']);
  });

  it('edgeplan emulator --seed of a missing file', async () => {
    const result = await cli(['emulator', '--seed', 'missing.yaml', '--port', '0'], {}, { cwd: dir });
    expect(result.stderr).toContain('error: --seed missing.yaml: no such file (expected an emulator account');
    expect(result.code).toBe(1);
  });

  it('while a --cache directory that does not exist yet is made, and --out into one that exists is written', async () => {
    const plan = await run(['plan', zones, '--cache', 'cache', '--out', 'plan.json']);
    expect(plan.code, plan.stderr).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(['afile', 'cache', 'plan.json', 'zones.yaml']);
    expect(await readdir(join(dir, 'cache'))).toHaveLength(1);
  });
});
