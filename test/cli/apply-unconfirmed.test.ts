import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, type Sandbox, startSandbox } from '../support/sandbox.js';

/** `apply` without --yes on a non-terminal: refused before logging in or reading anything. */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ dns: { zones: { 'example.com': {} } } });
});
afterAll(() => sandbox.close());

describe('apply without --yes when stdin is not a terminal', () => {
  it.each([[[]], [['--plan', 'plan.json']]])('is refused before any request (%j)', async (extra) => {
    const run = await cli(['apply', QUICKSTART, ...extra], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refusing to apply without --yes');
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });
});
