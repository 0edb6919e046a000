import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (1.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

const records = Array.from({ length: 10 }, (_, i) => ({
  fqdn: `h${i}.example.com`,
  type: 'A',
  ttl: 3600,
  rdata: { address: '192.0.2.1' },
}));

beforeEach(async () => {
  sandbox = await startSandbox({ dns: { zones: { 'example.com': { serial: 5, records } } } });
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

/** Keeps h0..h5: deletes 4 of 10 managed sets (40 % > 30 %). */
const KEEP_SIX = `zones:\n  example.com:\n    records:\n${Array.from({ length: 6 }, (_, i) => `      h${i}: { a: [192.0.2.1] }`).join('\n')}\n`;

describe('safety policy on the command line', () => {
  it('plan shows changes needing approval and exits 2; apply refuses them, naming each, and sends nothing', async () => {
    const file = await work.write('zones.yaml', KEEP_SIX);
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('Needs approval (apply refuses these without --allow-unsafe):');
    expect(plan.stdout).toContain('zone:example.com: deletes 4 of 10 managed record sets (40 %');
    sandbox.emulator.requestLog.clear();
    const apply = await cli(['apply', file, '--yes'], sandbox.env);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('refusing to apply: 1 change needs approval');
    expect(apply.stderr).toContain('zone:example.com: deletes 4 of 10 managed record sets');
    expect(sandbox.emulator.requestLog.count({ method: 'POST', path: /[A-Z]Record\// })).toBe(0);
    expect(sandbox.emulator.requestLog.count({ method: 'DELETE', path: /[A-Z]Record\/|Node/ })).toBe(0);
    expect(publishedRecords(sandbox.emulator, 'example.com')).toHaveLength(10);
  });

  it('apply --allow-unsafe applies them', async () => {
    const file = await work.write('zones.yaml', KEEP_SIX);
    const apply = await cli(['apply', file, '--yes', '--allow-unsafe'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(publishedRecords(sandbox.emulator, 'example.com')).toHaveLength(6);
  });

  it('settings.safety turns a rule off or changes its thresholds', async () => {
    const off = await work.write(
      'zones.yaml',
      `${KEEP_SIX}settings:\n  safety:\n    zone_delete_share: false\n`,
    );
    expect((await cli(['plan', off], sandbox.env)).stdout).not.toContain('Needs approval');
    const loose = await work.write(
      'zones.yaml',
      `${KEEP_SIX}settings:\n  safety:\n    zone_delete_share: { max_percent: 50 }\n`,
    );
    expect((await cli(['apply', loose, '--yes'], sandbox.env)).code).toBe(0);
    const bad = await work.write(
      'bad.yaml',
      'settings:\n  safety:\n    zone_delete_share: { max_percent: 130 }\n',
    );
    const invalid = await cli(['validate', bad]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('max_percent must be a number between 0 and 100, got 130');
  });
});
