import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { CREDENTIALS, QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';

// Time budget: ten times its slowest test (3.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Promises of docs/cli.md and docs/operations.md ("What apply guarantees") that no other test holds them to. */

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-promises-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** Publishes one A record the desired state does not list, as another tool would, through the REST API. */
async function publishForeignRecord(url: string, zone: string, fqdn: string, address: string): Promise<void> {
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { status: string; data: { token?: string } };
    if (json.status !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const { token } = await call('POST', '/Session/', CREDENTIALS);
  await call('POST', `/ARecord/${zone}/${fqdn}/`, { rdata: { address }, ttl: 300 }, token);
  await call('PUT', `/Zone/${zone}/`, { publish: true }, token);
  await call('DELETE', '/Session/', {}, token);
}

describe('apply: exit 0 only when the re-plan is empty', () => {
  it('exits 1 and shows the remaining changes when live state moved between plan and apply', async () => {
    const config = join(dir, 'example.com.yaml');
    await writeFile(
      config,
      [
        'zones:',
        '  example.com:',
        '    unmanaged: ["_acme-challenge*"]',
        '    records:',
        '      "@": { a: [192.0.2.1, 192.0.2.2] }',
        '      www: { a: [192.0.2.10, 192.0.2.12], ttl: 600 }',
        '      old: { a: [192.0.2.99] }',
        '      blog: { cname: example.net., ttl: 300 }',
        '      api: { a: [192.0.2.20] }',
        '',
      ].join('\n'),
    );
    let asked = 0;
    // Between the plan and its execution another tool publishes a managed name the desired state does not list.
    const confirm = async () => {
      asked += 1;
      await publishForeignRecord(sandbox.url, 'example.com', 'intruder.example.com', '192.0.2.66');
      return true;
    };
    const { code, stdout } = await cli(['apply', config], sandbox.env, { confirm });
    expect(asked).toBe(1);
    // The zone moved under the apply: compare-and-publish holds its changes back rather than mixing them in.
    expect(publishedRecords(sandbox.emulator, 'example.com')).not.toContain(
      'api.example.com 3600 A 192.0.2.20',
    );
    expect(stdout).toContain('changed while applying');
    expect(stdout).toContain('Not converged: a new plan still shows changes');
    expect(stdout).toContain('- intruder.example.com A');
    expect(code).toBe(1);
  });
});

describe('an unreachable service', () => {
  it('is an error (exit 1) naming the address, for plan and drift', async () => {
    // A port that was just free: connections to it are refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const env = { ...sandbox.env, EDGEPLAN_DYN_URL: `http://127.0.0.1:${address.port}/REST` };
    for (const command of ['plan', 'drift']) {
      const run = await cli([command, join(QUICKSTART, 'zones.yaml')], env);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stderr).toContain(`127.0.0.1:${address.port}`);
      expect(run.stdout).toBe('');
    }
  });
});

describe('import', () => {
  it('writes one file per zone plus secondary-zones.yaml, geo-services.yaml and waf.yaml by default', async () => {
    const run = await cli(['import', '--out', dir], sandbox.env);
    expect(run.code, run.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([
      'example.com.yaml',
      'example.net.yaml',
      'geo-services.yaml',
      'legacy.example.yaml',
      'secondary-zones.yaml',
      'waf.yaml',
    ]);
    expect(await readFile(join(dir, 'geo-services.yaml'), 'utf8')).toContain('Legacy Web');
    expect(await readFile(join(dir, 'secondary-zones.yaml'), 'utf8')).toContain('legacy-partner.example');
    expect(await readFile(join(dir, 'waf.yaml'), 'utf8')).toContain('shop-production');
    expect((await cli(['plan', dir], sandbox.env)).code).toBe(0);
  });

  it('--geo-services selects geo services only: no zone, secondary zone or webapp is read or written', async () => {
    const run = await cli(['import', '--geo-services', 'legacy*', '--out', dir], sandbox.env);
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(dir)).toEqual(['geo-services.yaml']);
    expect(await readFile(join(dir, 'geo-services.yaml'), 'utf8')).toContain('Legacy Web');
    expect(sandbox.emulator.requestLog.count({ path: /AllRecord/ })).toBe(0);
    expect(sandbox.emulator.requestLog.count({ path: /\/api\/v3\// })).toBe(0);
  });

  it('--force overwrites the files a previous import wrote, with what is live now', async () => {
    expect((await cli(['import', '--zones', 'example.net', '--out', dir], sandbox.env)).code).toBe(0);
    const path = join(dir, 'example.net.yaml');
    await writeFile(path, '# edited by hand\n');
    const refused = await cli(['import', '--zones', 'example.net', '--out', dir], sandbox.env);
    expect(refused.code).toBe(1);
    expect(await readFile(path, 'utf8')).toBe('# edited by hand\n');
    const forced = await cli(['import', '--zones', 'example.net', '--out', dir, '--force'], sandbox.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(path, 'utf8')).toContain('198.51.100.25');
  });
});
