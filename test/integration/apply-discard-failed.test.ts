import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { publishedSerial } from './helpers.js';

// Time budget: ten times its slowest test (10.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
});
afterEach(() => sandbox.close());

describe('apply when a zone fails and discarding it fails too', () => {
  it('re-plans in a fresh session, so the zone’s leftover pending changes cannot look converged', async () => {
    const zone = /^\/REST\/Zone\/example\.com\/$/;
    sandbox.emulator.faults.add({
      method: 'PUT',
      pathPattern: zone,
      times: Number.POSITIVE_INFINITY,
      status: 500,
    });
    sandbox.emulator.faults.add({
      method: 'DELETE',
      pathPattern: /^\/REST\/ZoneChanges\/example\.com\/$/,
      times: Number.POSITIVE_INFINITY,
      status: 500,
    });
    const run = await cli(['apply', join(QUICKSTART, 'zones.yaml'), '--yes'], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'not applied as planned, discarding its changes failed too (DELETE /REST/ZoneChanges/example.com/: 500',
    );
    expect(run.stdout).toContain('Not converged: a new plan still shows changes');
    expect(run.stdout).toContain('~ www.example.com A');
    expect(publishedSerial(sandbox.emulator, 'example.com')).toBe(41);
  });
});
