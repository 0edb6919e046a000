import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (1.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/** A symlinked records directory is desired state like any other, and what is not loaded is said. */
let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

const A = (fqdn: string, address: string) => ({ fqdn, type: 'A', ttl: 3600, rdata: { address } });

beforeEach(async () => {
  sandbox = await startSandbox({
    dns: {
      zones: {
        'example.com': {
          serial: 5,
          records: [A('www.example.com', '192.0.2.1'), A('api.example.com', '192.0.2.2')],
        },
      },
    },
  });
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

describe('symbolic links through the CLI', () => {
  it('plans the records behind a symlinked directory (no deletes) and names what it did not load', async () => {
    await mkdir(join(work.dir, 'shared'));
    await work.write(
      'shared/records.yaml',
      'zones:\n  example.com:\n    records:\n      api: { a: [192.0.2.2] }\n',
    );
    const dns = join(work.dir, 'dns');
    await mkdir(dns);
    await work.write(
      'dns/zones.yaml',
      'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
    );
    await work.write(
      'dns/.old.yaml',
      'zones:\n  example.com:\n    records:\n      old: { a: [192.0.2.9] }\n',
    );
    await symlink('../shared', join(dns, 'shared'));

    const validate = await cli(['validate', dns], sandbox.env);
    expect(validate.code).toBe(0);
    expect(validate.stderr).toContain(
      `note: ${dns}/.old.yaml not loaded: hidden (its name starts with a dot)\n`,
    );

    const plan = await cli(['plan', dns], sandbox.env);
    expect(plan.stderr).toContain(`note: ${dns}/.old.yaml not loaded`);
    expect(plan.code).toBe(0);
  });
});
