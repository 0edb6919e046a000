/**
 * A zone the plan creates, whose apply fails after the zone itself was created (by its zone-file POST, or by
 * `POST /Zone/`) and before its publish: the zone is deleted again, so the report is true ("nothing of it is
 * live") and the next plan is the same creation, its contact, serial style and approval under review again. When
 * the delete fails too, the report says plainly that the zone is left, empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Budget: a few seconds of flows against the emulator, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox({ dns: { zones: { 'old.example': { records: [] } } } });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-new-zone-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function desired(serialStyle: string): Promise<string> {
  const path = join(dir, 'zones.yaml');
  await writeFile(
    path,
    'zones:\n  fresh.example:\n' +
      `    create: { contact: dns-admin@fresh.example, serial_style: ${serialStyle} }\n` +
      '    records:\n      www: { a: [192.0.2.1] }\n      mail: { a: [192.0.2.2] }\n',
  );
  return path;
}

const zones = () => Object.keys(sandbox.emulator.snapshot().dns?.zones ?? {}).sort();

/** Every publish of the new zone is refused (a 4xx: no retry), before the service acts. */
function publishFails(): void {
  sandbox.emulator.faults.add({
    method: 'PUT',
    pathPattern: /^\/REST\/Zone\/fresh\.example\/$/,
    times: Number.POSITIVE_INFINITY,
    status: 400,
  });
}

describe('a new zone whose apply fails before its publish', () => {
  it('created by its zone-file POST: deleted again, and the next plan is its creation again', async () => {
    const path = await desired('increment');
    publishFails();
    const run = await cli(['apply', path, '--yes'], sandbox.env);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /✗ zone:fresh\.example: failed at call 2 of 2 \(publish fresh\.example\): .*; not applied, its changes were discarded; the zone, created by this run, was deleted again: nothing of it is live, and the next plan creates it again\./,
    );
    expect(sandbox.emulator.requestLog.entries.map((e) => `${e.method} ${e.path}`)).toContain(
      'DELETE /REST/Zone/fresh.example/',
    );
    expect(zones()).toEqual(['old.example']);
    sandbox.emulator.faults.clear();

    const again = await cli(['plan', path], sandbox.env);
    expect(again.code).toBe(2);
    expect(again.stdout).toContain('fresh.example (new zone');
    expect(again.stdout).toContain('dns-admin@fresh.example');
  });

  it('created by POST /Zone/ (a serial style a file cannot set): deleted again', async () => {
    const path = await desired('day');
    publishFails();
    const run = await cli(['apply', path, '--yes'], sandbox.env);

    expect(run.code).toBe(1);
    expect(run.stdout).toContain('the zone, created by this run, was deleted again');
    expect(zones()).toEqual(['old.example']);
  });

  it('when the delete fails too: the report says the zone is left, empty, and why', async () => {
    const path = await desired('increment');
    publishFails();
    sandbox.emulator.faults.add({
      method: 'DELETE',
      pathPattern: /^\/REST\/Zone\/fresh\.example\/$/,
      times: Number.POSITIVE_INFINITY,
      status: 500,
    });
    const run = await cli(['apply', path, '--yes'], sandbox.env);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /the zone, created by this run, is left in place: it exists, empty; deleting it failed: DELETE \/REST\/Zone\/fresh\.example\/: 500 [^;]*; the next plan does not show its creation\./,
    );
    expect(zones()).toEqual(['fresh.example', 'old.example']);
  });
});

describe('what the writer deletes: only an empty zone this run created', () => {
  const target = { kind: 'zone' as const, name: 'fresh.example', provider: 'dyn' };
  const create = {
    kind: 'create-zone',
    zone: 'fresh.example',
    rname: 'hostmaster@fresh.example',
    ttl: 3600,
    serialStyle: 'day',
  };

  it('a zone another writer published into after this run created it is left, and the fate says why', async () => {
    const ours = sandbox.provider();
    const theirs = sandbox.provider();
    ours.begin({ target, serial: null });
    await ours.execute(create);
    await theirs.execute({
      kind: 'add-record',
      zone: 'fresh.example',
      fqdn: 'www.fresh.example',
      type: 'A',
      value: '192.0.2.9',
      ttl: 60,
    });
    await theirs.execute({ kind: 'publish', zone: 'fresh.example' });

    expect(await ours.discard(target)).toEqual({ kind: 'left', reason: 'it holds 1 record set after all' });
    expect(zones()).toEqual(['fresh.example', 'old.example']);
    await Promise.all([ours.close(), theirs.close()]);
  });

  it("a create refused because the zone exists by then made nothing: that zone, another writer's, is kept", async () => {
    const ours = sandbox.provider();
    const theirs = sandbox.provider();
    await theirs.execute(create);
    ours.begin({ target, serial: null });
    await expect(ours.execute(create)).rejects.toThrow();

    expect(await ours.discard(target)).toBeUndefined();
    expect(zones()).toEqual(['fresh.example', 'old.example']);
    await Promise.all([ours.close(), theirs.close()]);
  });
});
