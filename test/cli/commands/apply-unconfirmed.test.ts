import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.js';
import { QUICKSTART, type Sandbox, startSandbox } from '../../support/sandbox.js';

/** `apply` without --yes on a non-terminal: refused before logging in or reading anything. */
let sandbox: Sandbox;
let dir: string;
let notAPlan: string;
beforeAll(async () => {
  sandbox = await startSandbox({ dns: { zones: { 'example.com': {} } } });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-unconfirmed-'));
  // Were it read, this file would be refused as no plan: the refusal for --yes comes first.
  notAPlan = join(dir, 'plan.json');
  await writeFile(notAPlan, 'not a plan\n');
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('apply without --yes when stdin is not a terminal', () => {
  it.each([[[]], [['--plan', 'PLAN']]])('is refused before any request (%j)', async (extra) => {
    const argv = ['apply', QUICKSTART, ...extra.map((word) => (word === 'PLAN' ? notAPlan : word))];
    const run = await cli(argv, sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: refusing to apply without --yes: standard input is not a terminal, so nobody can confirm. Nothing was sent.\n',
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });
});
