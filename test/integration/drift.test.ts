import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, type Sandbox } from './helpers.js';
import { addRecordOutOfBand, quickstartSandbox, workDir } from './review-helpers.js';

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

const day = (date: string) => Date.parse(`${date}T12:00:00Z`);

async function inSync(): Promise<void> {
  expect((await cli(['apply', work.config, '--yes'], sandbox.env)).code).toBe(0);
}

describe('edgeplan drift', () => {
  it('exits 0 in sync, 2 on drift with live vs desired, and writes nothing', async () => {
    await inSync();
    const clean = await cli(['drift', work.config], sandbox.env);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('No drift. Live state matches the desired state.\n');
    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    sandbox.emulator.requestLog.clear();
    const drift = await cli(['drift', work.config], sandbox.env);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('Drift: 1 target differs from the desired state.');
    expect(drift.stdout).toContain('  zone:example.com: drift');
    expect(drift.stdout).toContain('rogue.example.com A: live ttl 300 192.0.2.66 → desired (absent)');
    const writes = sandbox.emulator.requestLog.entries.filter(
      (e) => e.method !== 'GET' && !/Session|oauth/.test(e.path),
    );
    expect(writes).toEqual([]);
    const json = JSON.parse((await cli(['drift', work.config, '--format', 'json'], sandbox.env)).stdout);
    expect(json).toMatchObject({
      inSync: false,
      failing: true,
      targets: [{ target: { kind: 'zone', name: 'example.com' }, status: 'drift' }],
    });
  });

  it('exits 1, never 2, on an API error', async () => {
    sandbox.emulator.faults.add({ method: 'GET', pathPattern: /AllRecord/, status: 500, times: Infinity });
    const run = await cli(['drift', work.config], { ...sandbox.env });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const badLogin = await cli(['drift', work.config], { ...sandbox.env, EDGEPLAN_DYN_PASSWORD: 'wrong' });
    expect(badLogin.code).toBe(1);
  });

  it('acknowledged drift passes until its entry expires, then fails saying it expired', async () => {
    await inSync();
    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    const ack = await work.write(
      'ack.yaml',
      'acknowledged:\n  - { target: "zone:example.*", reason: CDN migration OPS-1, owner: dns-team, expires: 2026-07-31 }\n' +
        '  - { target: "webapp:blog", reason: old, owner: web, expires: 2026-01-01 }\n',
    );
    const before = await cli(['drift', work.config, '--ack', ack], sandbox.env, {
      now: () => day('2026-07-31'),
    });
    expect(before.code).toBe(0);
    expect(before.stdout).toContain('All of it is acknowledged.');
    expect(before.stdout).toContain(
      'zone:example.com: acknowledged until 2026-07-31 by dns-team: CDN migration OPS-1',
    );
    expect(before.stdout).toContain('Unused acknowledgement: webapp:blog');
    const after = await cli(['drift', work.config, '--ack', ack], sandbox.env, {
      now: () => day('2026-08-01'),
    });
    expect(after.code).toBe(2);
    expect(after.stdout).toContain('zone:example.com: drift; its acknowledgement expired on 2026-07-31');
    const badAck = await work.write(
      'bad-ack.yaml',
      'acknowledged:\n  - { target: example.com, expires: 2026-02-30 }\n',
    );
    const bad = await cli(['drift', work.config, '--ack', badAck], sandbox.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('acknowledged.0.target must be kind:name');
    expect(bad.stderr).toContain('acknowledged.0.expires is not a calendar date');
  });
});
