import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { addRecordOutOfBand, workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (6.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

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
    expect(drift.stdout).toContain(
      'Drift: 1 change in 1 target differs from the desired state: 1 not acknowledged.\nNot acknowledged:\n  zone:example.com\n',
    );
    expect(drift.stdout).toContain(
      'rogue.example.com A: live ttl 300 192.0.2.66 → desired (absent) [sha256:',
    );
    // POST /ZoneNoteReport/ is the service's read of a zone's notes (the last publish of the drifted zone).
    const writes = sandbox.emulator.requestLog.entries.filter(
      (e) => e.method !== 'GET' && !/Session|oauth|ZoneNoteReport/.test(e.path),
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
      'acknowledged:\n  - { target: "zone:example.*/rogue A", reason: CDN migration OPS-1, owner: dns-team, expires: 2026-07-31 }\n' +
        '  - { target: "webapp:blog", reason: old, owner: web, expires: 2026-01-01 }\n',
    );
    const before = await cli(['drift', work.config, '--ack', ack], sandbox.env, {
      now: () => day('2026-07-31'),
    });
    expect(before.code).toBe(0);
    expect(before.stdout).toContain('All of it is acknowledged.');
    expect(before.stdout).toContain(
      'Acknowledged:\n  zone:example.com: until 2026-07-31 by dns-team: CDN migration OPS-1\n',
    );
    expect(before.stdout).toContain(`Unused acknowledgement: webapp:blog (${ack}:3:5): no drift there`);
    const after = await cli(['drift', work.config, '--ack', ack], sandbox.env, {
      now: () => day('2026-08-01'),
    });
    expect(after.code).toBe(2);
    expect(after.stdout).toContain(
      'Acknowledgement expired:\n  zone:example.com: expired on 2026-07-31 (by dns-team: CDN migration OPS-1)',
    );
    const badAck = await work.write(
      'bad-ack.yaml',
      'acknowledged:\n  - { target: example.com, expires: 2026-02-30 }\n  - { target: "zone:example.com", reason: r, owner: o, expires: 2026-07-31 }\n',
    );
    const bad = await cli(['drift', work.config, '--ack', badAck], sandbox.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${badAck}:2:15: EP1013 acknowledged.0.target must be kind:name`);
    expect(bad.stderr).toContain(`${badAck}:2:37: EP1013 acknowledged.0.expires is not a calendar date`);
    expect(bad.stderr).toContain(
      `${badAck}:3:15: EP1013 acknowledged.1.target "zone:example.com" would acknowledge every difference`,
    );
  });

  it('prints each problem of the ack file on its own line with its one code, as desired-state problems print', async () => {
    const badAck = await work.write(
      'bad-ack.yaml',
      'acknowledged:\n  - { target: "zone:example.com/www A", reason: r, owner: o, expires: 2026-02-30 }\n' +
        '  - { target: "zone:example.com", reason: r, owner: o, expires: 2026-07-31, extra: 1 }\n',
    );
    const bad = await cli(['drift', work.config, '--ack', badAck], sandbox.env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      `${badAck}:2:71: EP1013 acknowledged.0.expires is not a calendar date, got "2026-02-30"\n` +
        `${badAck}:3:15: EP1013 acknowledged.1.target "zone:example.com" would acknowledge every difference in the ` +
        'zone, also any that appears later: name the record sets (zone:example.com/www A, globs allowed) or pin the ' +
        'one difference with digest: (drift prints each change with its digest)\n' +
        `${badAck}:3:77: EP1013 acknowledged.1 has an unknown key "extra" (expected target, digest, reason, owner, expires)\n` +
        '3 problems found in the acknowledgements file; nothing was sent to any API.\n',
    );
    const syntax = await work.write('syntax-ack.yaml', 'acknowledged: [\n');
    const broken = await cli(['drift', work.config, '--ack', syntax, '--format', 'json'], sandbox.env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      new RegExp(`^${syntax}:2:1: EP1005 [^\n]*\n1 problem found in the acknowledgements`),
    );
    expect(JSON.parse(broken.stdout)).toMatchObject({
      error: 'acknowledgements',
      summary: '1 problem found in the acknowledgements file; nothing was sent to any API.',
      problems: [{ file: syntax, line: 2, col: 1, severity: 'error', code: 'EP1005' }],
    });
    const missing = await cli(['drift', work.config, '--ack', `${syntax}.gone`], sandbox.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error EP5101: --ack \S+syntax-ack\.yaml\.gone: no such file/);
    expect(missing.stderr.match(/EP\d{4}/g)).toEqual(['EP5101']);
  });

  it('an acknowledged record set does not hide the zone drifting elsewhere a week later', async () => {
    await inSync();
    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    const ack = await work.write(
      'ack.yaml',
      'acknowledged:\n  - { target: "zone:example.com/rogue A", reason: known, owner: ops, expires: 2099-12-31 }\n',
    );
    expect((await cli(['drift', work.config, '--ack', ack], sandbox.env)).code).toBe(0);
    // The apex loses its A records out of band.
    const provider = sandbox.provider();
    await provider.execute({ kind: 'delete-records', zone: 'example.com', fqdn: 'example.com', type: 'A' });
    await provider.execute({ kind: 'publish', zone: 'example.com' });
    const later = await cli(['drift', work.config, '--ack', ack], sandbox.env);
    expect(later.code).toBe(2);
    expect(later.stdout).toMatch(
      /^Drift: 2 changes in 1 target differ from the desired state: 1 not acknowledged, 1 acknowledged\.\n/,
    );
    expect(later.stdout).toMatch(
      /Not acknowledged:\n {2}zone:example\.com\n {6}example\.com A: live \(absent\) → desired ttl 3600 192\.0\.2\.1, 192\.0\.2\.2 \[sha256:[0-9a-f]{12}\]\nAcknowledged:\n/,
    );
    // Pinning that difference by the digest drift printed acknowledges it, and only it.
    const digest = /example\.com A: .* \[(sha256:[0-9a-f]{12})\]/.exec(later.stdout)?.[1];
    const pinned = await work.write(
      'pinned.yaml',
      'acknowledged:\n  - { target: "zone:example.com/rogue A", reason: known, owner: ops, expires: 2099-12-31 }\n' +
        `  - { target: "zone:example.com", digest: "${digest}", reason: apex, owner: ops, expires: 2099-12-31 }\n`,
    );
    const json = await cli(['drift', work.config, '--ack', pinned, '--format', 'json'], sandbox.env);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc.counts).toEqual({ drift: 0, acknowledged: 2, expired: 0 });
    expect(
      doc.targets[0].changes.map((c: { status: string; ack: { target: string } }) => [
        c.status,
        c.ack.target,
      ]),
    ).toEqual([
      ['acknowledged', 'zone:example.com'],
      ['acknowledged', 'zone:example.com/rogue A'],
    ]);
  });
});

describe('edgeplan drift: where the last publish came from', () => {
  const noteReports = () =>
    sandbox.emulator.requestLog.entries.filter((e) => e.path.includes('ZoneNoteReport'));

  it('notes every apply publish; for a drifted zone, names the edgeplan commit or says it came from elsewhere', async () => {
    const ci = {
      GITHUB_REPOSITORY: 'acme/dns',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      GITHUB_REF: 'refs/pull/7/merge',
      EDGEPLAN_NOTE: 'ticket OPS-9',
    };
    expect((await cli(['apply', work.config, '--yes'], { ...sandbox.env, ...ci })).code).toBe(0);
    const [applied] = sandbox.emulator.snapshot().dns?.zones?.['example.com']?.notes ?? [];
    expect(applied?.note).toMatch(
      /^edgeplan \S+ plan sha256:[0-9a-f]{64} repo acme\/dns commit 0123456789abcdef0123456789abcdef01234567 pr 7 -- ticket OPS-9$/,
    );

    sandbox.emulator.requestLog.clear();
    expect((await cli(['drift', work.config], sandbox.env)).code).toBe(0);
    expect(noteReports()).toEqual([]);

    // Another edgeplan run (another commit) published beyond this desired state.
    const provider = sandbox.provider();
    await provider.execute({
      kind: 'add-record',
      zone: 'example.com',
      fqdn: 'next.example.com',
      type: 'A',
      value: '192.0.2.7',
      ttl: 300,
    });
    await provider.execute(
      { kind: 'publish', zone: 'example.com' },
      { auditNote: `edgeplan 9.9.9 plan sha256:${'a'.repeat(64)} commit fedcba9876543210 pr 8` },
    );
    const ours = await cli(['drift', work.config], sandbox.env);
    expect(ours.code).toBe(2);
    expect(ours.stdout).toMatch(
      /Last publishes:\n {2}zone:example\.com: edgeplan 9\.9\.9, commit fedcba987654 pr 8, \S+Z by ci-bot \(serial \d+\)\n/,
    );
    expect(noteReports()).toHaveLength(1);

    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    const theirs = await cli(['drift', work.config, '--format', 'json'], sandbox.env);
    const [target] = JSON.parse(theirs.stdout).targets;
    expect(target.lastPublish).toMatchObject({ note: '', user: 'ci-bot' });
    const text = await cli(['drift', work.config], sandbox.env);
    expect(text.stdout).toMatch(
      /zone:example\.com: not by edgeplan, \d{4}-\d\d-\d\dT\S+Z by ci-bot \(serial \d+\)/,
    );
  });

  it('a token that may not read the notes (403) still reports the drift and says the notes could not be read', async () => {
    await inSync();
    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    sandbox.emulator.faults.add({
      method: 'POST',
      pathPattern: /ZoneNoteReport/,
      status: 403,
      errCode: 'PERMISSION_DENIED',
      info: 'permission: User may not read zone notes',
      times: Infinity,
    });
    const text = await cli(['drift', work.config], sandbox.env);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('rogue.example.com A: live ttl 300 192.0.2.66 → desired (absent)');
    expect(text.stdout).toMatch(
      /Last publishes:\n {2}zone:example\.com: could not be read from the zone notes \(POST \/REST\/ZoneNoteReport\/: 403 PERMISSION_DENIED permission: User may not read zone notes\)\n/,
    );
    const json = await cli(['drift', work.config, '--format', 'json'], sandbox.env);
    expect(json.code).toBe(2);
    const [target] = JSON.parse(json.stdout).targets;
    expect(target).not.toHaveProperty('lastPublish');
    expect(target.lastPublishNotRead).toMatch(/ZoneNoteReport\/: 403 PERMISSION_DENIED/);
    expect(target.changes).toHaveLength(1);
  });
});
