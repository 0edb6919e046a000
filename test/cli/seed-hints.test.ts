import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, QUICKSTART_SEED } from '../support/sandbox.js';

/** A sandbox seed and desired state given one for the other: each error says which is which (exit 1). */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-seed-hints-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('seed or desired state', () => {
  it('a seed given as PATH: its dns: key is named as an emulator account', async () => {
    const run = await cli(['validate', QUICKSTART_SEED]);
    expect(run.stderr).toContain(
      `${QUICKSTART_SEED}:3:1: EP1101 unknown key "dns" at the top level: this looks like an emulator account, which ` +
        '--sandbox --seed FILE loads, not desired state (expected zones,',
    );
    expect(run.code).toBe(1);
  });

  it('desired state given as --seed: the error says it is desired state, and nothing runs', async () => {
    const zones = join(QUICKSTART, 'zones.yaml');
    const state = join(dir, 'state.json');
    const run = await cli(['plan', zones, '--sandbox', '--sandbox-state', state, '--seed', zones]);
    expect(run.stderr).toContain(`error: Invalid emulator seed ${join(process.cwd(), zones)}:`);
    expect(run.stderr).toContain(
      '  This is desired state (zones), not an emulator account: a seed has dns: and waf: sections ' +
        '(examples/quickstart/sandbox-seed.yaml). Give desired state as PATH.\n',
    );
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
  });
});
