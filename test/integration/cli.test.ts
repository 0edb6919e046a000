import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import {
  PASSWORD,
  QUICKSTART,
  QUICKSTART_SEED,
  quickstartSandbox,
  type Sandbox,
} from '../support/sandbox.js';
import { publishedRecords, publishedSerial } from './helpers.js';

// Time budget: ten times its slowest test (1.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const WRITES = /^(POST|PUT|DELETE) \/REST\/([A-Z]+Record|Zone|Node)/;

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
});
afterEach(() => sandbox.close());

function writesSent(): number {
  return sandbox.emulator.requestLog.entries.filter((e) => WRITES.test(`${e.method} ${e.path}`)).length;
}

describe('edgeplan against the emulator (the quickstart)', () => {
  it('validate → plan (2) → apply --yes (0, one publish per touched zone) → plan (0, no changes)', async () => {
    expect((await cli(['validate', QUICKSTART])).code).toBe(0);

    const plan = await cli(['plan', QUICKSTART], sandbox.env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('- old.example.com A ttl 3600 192.0.2.99');
    expect(plan.stdout).toContain('+ api.example.com A ttl 3600 192.0.2.20, 192.0.2.21');
    expect(plan.stdout).toContain('~ www.example.com A ttl 600→300, +192.0.2.11, −192.0.2.12');
    expect(plan.stdout).toContain('+ example.com MX ttl 3600 10 mail.example.net.');
    expect(plan.stdout).toContain('+ example.com TXT ttl 3600 "v=spf1 mx -all"');
    // Every registered type is managed: the live CNAME is listed and the same, so nothing is planned for it.
    expect(plan.stdout).not.toContain('blog.example.com');
    expect(plan.stdout).toContain('example.org (new zone');
    expect(writesSent()).toBe(0);

    const log = sandbox.emulator.requestLog;
    log.clear();
    const apply = await cli(['apply', QUICKSTART, '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
    expect(log.count({ method: 'PUT', path: /^\/REST\/Zone\/example\.com\/$/ })).toBe(1);
    expect(log.count({ method: 'PUT', path: /^\/REST\/Zone\/example\.org\/$/ })).toBe(1);
    expect(log.count({ method: 'PUT', path: /^\/REST\/Zone\/example\.net\/$/ })).toBe(0);
    expect(log.count({ path: /legacy\.example/ })).toBe(0);

    const again = await cli(['plan', QUICKSTART], sandbox.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('No changes. Live state matches the desired state.\n');

    // The unmanaged names keep their records, the listed CNAME stays, old.example.com is gone.
    expect(publishedRecords(sandbox.emulator, 'example.com')).toEqual([
      '_acme-challenge.example.com 60 TXT "token-from-the-ca"',
      '_acme-challenge.www.example.com 60 A 192.0.2.250',
      'api.example.com 3600 A 192.0.2.20',
      'api.example.com 3600 A 192.0.2.21',
      'blog.example.com 300 CNAME example.net.',
      'example.com 3600 A 192.0.2.1',
      'example.com 3600 A 192.0.2.2',
      'example.com 3600 MX 10 mail.example.net.',
      'example.com 3600 TXT "v=spf1 mx -all"',
      'www.example.com 300 A 192.0.2.10',
      'www.example.com 300 A 192.0.2.11',
    ]);
    expect(publishedSerial(sandbox.emulator, 'example.com')).toBe(42);
    expect(publishedSerial(sandbox.emulator, 'example.net')).toBe(2026112000);
  });

  it('invalid input: every problem with file:line:col, exit 1, and not one request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bad-'));
    try {
      const file = join(dir, 'zones.yaml');
      await writeFile(file, 'zones:\n  example.com:\n    records:\n      www: { a: [256.1.1.1], ttl: -5 }\n');
      for (const argv of [
        ['plan', file],
        ['apply', file, '--yes'],
      ]) {
        const run = await cli(argv, sandbox.env);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `${file}:4:18: EP1104 record "www" A: "256.1.1.1" is not an IPv4 address`,
        );
        expect(run.stderr).toContain(
          `${file}:4:35: EP1103 ttl must be an integer between 1 and 2147483647, got -5`,
        );
      }
      expect(sandbox.emulator.requestLog.count()).toBe(0);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('apply refuses without --yes when stdin is not a terminal, and a declined prompt changes nothing', async () => {
    const refused = await cli(['apply', QUICKSTART], sandbox.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refusing to apply without --yes');
    const declined = await cli(['apply', QUICKSTART], sandbox.env, { confirm: false });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('apply cancelled');
    expect(writesSent()).toBe(0);
    const accepted = await cli(['apply', QUICKSTART], sandbox.env, { confirm: true });
    expect(accepted.code).toBe(0);
  });

  it('--format json and --out write the same versioned, stable plan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-out-'));
    try {
      const out = join(dir, 'plan.json');
      const run = await cli(['plan', QUICKSTART, '--format', 'json', '--out', out], sandbox.env);
      expect(run.code).toBe(2);
      expect(await readFile(out, 'utf8')).toBe(run.stdout);
      const plan = JSON.parse(run.stdout);
      expect(plan.formatVersion).toBe(2);
      // Every change counts: record sets, the new zone, the secondary zone, the geo service and the webapps.
      expect(plan.summary).toEqual({ create: 8, update: 3, delete: 1, zones: 2 });
      expect(plan.zones.map((z: { zone: string }) => z.zone)).toEqual(['example.com', 'example.org']);
      const second = await cli(['plan', QUICKSTART, '--format', 'json'], sandbox.env);
      // The WAF requests left this hour, and the seconds until the hour ends, are live state that every read and
      // every second change; all else is byte-identical.
      const budgetless = (text: string) =>
        text
          .replace(/"remaining": \d+/, '"remaining": 0')
          .replace(/"resetSeconds": \d+/, '"resetSeconds": 0');
      expect(budgetless(second.stdout)).toBe(budgetless(run.stdout));
      expect(second.stdout).not.toBe(run.stdout);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('--verbose logs every request without the password or the session token', async () => {
    const run = await cli(['apply', QUICKSTART, '--yes', '--verbose'], sandbox.env);
    expect(run.code).toBe(0);
    const output = run.stdout + run.stderr;
    expect(output).toContain('POST /REST/Session/');
    expect(output).toContain('"password":"***"');
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toMatch(/"Auth-Token":"(?!\*\*\*")/);
    // no session token (opaque base64); WAF paths carry 32-hex webapp and change ids and the publish notes the
    // plan's sha256 digest, none of them secrets
    const withoutIds = output.replace(/\/api\/v3\/\S+/g, '').replace(/sha256:[0-9a-f]{64}/g, '');
    expect(withoutIds).not.toMatch(/[A-Za-z0-9+/]{40,}/);
    expect(output).toContain('client_secret=***');
  });

  it('reports a missing credential by name and a refused login as an error (exit 1)', async () => {
    const { EDGEPLAN_DYN_PASSWORD: _, ...noPassword } = sandbox.env;
    const missing = await cli(['plan', QUICKSTART], noPassword);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('EDGEPLAN_DYN_PASSWORD');
    const wrong = await cli(['plan', QUICKSTART], { ...sandbox.env, EDGEPLAN_DYN_PASSWORD: 'nope' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('400 INVALID_DATA login: Credentials you entered did not match');
  });

  it('names a DNS URL without /REST as the mistake, with the address to set', async () => {
    const origin = new URL(sandbox.url).origin;
    const run = await cli(['plan', QUICKSTART], { ...sandbox.env, EDGEPLAN_DYN_URL: origin });
    expect(run.stderr).toContain(
      `error EP1906: the DNS API is not at ${origin}/: its login, POST /Session/, was answered 404. The API's base ` +
        `address ends in /REST (${origin}/REST): set EDGEPLAN_DYN_URL`,
    );
    expect(run.code).toBe(1);
  });
});

describe('--sandbox', () => {
  it('keeps the account in its state file across runs: plan 2 → apply 0 → plan 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-sandbox-'));
    try {
      const flags = ['--sandbox', '--sandbox-state', join(dir, 'state.json'), '--seed', QUICKSTART_SEED];
      expect((await cli(['plan', QUICKSTART, ...flags])).code).toBe(2);
      expect((await cli(['apply', QUICKSTART, '--yes', ...flags])).code).toBe(0);
      const after = await cli(['plan', QUICKSTART, ...flags]);
      expect(after.code).toBe(0);
      expect(after.stdout).toContain('No changes');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
