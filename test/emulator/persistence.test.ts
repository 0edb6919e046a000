import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, loadSeedFile } from '../../src/emulator/index.js';
import type { Harness } from './helpers.js';
import { idsOf, SEED, startHarness } from './helpers.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const FIXTURES = join(import.meta.dirname, '../fixtures/emulator');
let h: Harness | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-emulator-'));
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('state file', () => {
  it('persists published state (ids included) across a restart and wins over the seed', async () => {
    const statePath = join(dir, 'nested', 'state.json');
    h = await startHarness({ seed: SEED, statePath });
    let token = await h.login();
    await h.call('POST', '/Zone/new.test/', { token, body: { rname: 'a@new.test', ttl: 60 } });
    await h.call('POST', '/ARecord/example.com/api.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.5' }, ttl: 300 },
    });
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    await h.call('POST', '/ARecord/example.com/pending.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.6' }, ttl: 300 },
    });
    const ids = idsOf((await h.call('GET', '/ARecord/example.com/api.example.com/', { token })).body.data);
    await h.close();
    expect(JSON.parse(await readFile(statePath, 'utf8'))).toEqual(h.emulator.snapshot());
    // It holds the account's credentials: readable by its owner only.
    expect((await stat(statePath)).mode & 0o777).toBe(0o600);

    h = await startHarness({ seed: { dns: { zones: {} } }, statePath });
    token = await h.login();
    expect((await h.call('GET', '/Zone/', { token })).body.data).toEqual([
      '/REST/Zone/example.com/',
      '/REST/Zone/new.test/',
    ]);
    expect(
      idsOf((await h.call('GET', '/ARecord/example.com/api.example.com/', { token })).body.data),
    ).toEqual(ids);
    expect((await h.call('GET', '/ARecord/example.com/pending.example.com/', { token })).status).toBe(404);
    expect((await h.call('GET', '/Zone/example.com/', { token })).body.data).toMatchObject({ serial: 1 });
    // new ids never reuse old ones
    await h.call('POST', '/ARecord/example.com/n.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.7' }, ttl: 300 },
    });
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const [fresh] = idsOf((await h.call('GET', '/ARecord/example.com/n.example.com/', { token })).body.data);
    expect(fresh).toBeGreaterThan(Math.max(...ids));

    await h.call('DELETE', '/Zone/new.test/', { token });
    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    expect(Object.keys(saved.dns.zones)).toEqual(['example.com']);
  });
});

describe('state file at start', () => {
  it('is written with the seeded account when it does not exist, so a run that changes nothing still leaves it', async () => {
    const statePath = join(dir, 'state.json');
    h = await startHarness({ seed: SEED, statePath });
    const written = JSON.parse(await readFile(statePath, 'utf8'));
    expect(written).toEqual(h.emulator.snapshot());
    expect(Object.keys(written.dns.zones)).toEqual(['example.com']);
    expect((await stat(statePath)).mode & 0o777).toBe(0o600);
    await h.close();
    // The next start loads it: the seed given then is not the account.
    h = await startHarness({ seed: { dns: { zones: {} } }, statePath });
    const token = await h.login();
    expect((await h.call('GET', '/Zone/', { token })).body.data).toEqual(['/REST/Zone/example.com/']);
  });
});

describe('seed files', () => {
  it('answers a publish it applied as applied when the state file cannot be written, and reports the file', async () => {
    const blocker = join(dir, 'sub');
    const errors: string[] = [];
    h = await startHarness({
      seed: SEED,
      statePath: join(blocker, 'state.json'),
      onStateError: (message) => errors.push(message),
    });
    // Its directory (made when listen wrote the seeded account) becomes a file: every write fails from then on.
    expect(errors).toEqual([]);
    await rm(blocker, { recursive: true });
    await writeFile(blocker, '');
    const token = await h.login();
    await h.call('POST', '/ARecord/example.com/api.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.5' }, ttl: 300 },
    });
    const published = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect(published.status).toBe(200);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^emulator: state file not written \(.*(ENOTDIR|EEXIST)/);
  });

  it('loads a hand-written YAML seed: names normalised, SOA/NS added, ids assigned', async () => {
    const seed = await loadSeedFile(join(FIXTURES, 'seed.yaml'));
    h = await startHarness({ seed });
    const credentials = { customer_name: 'acme', user_name: 'ops', password: 's3cret' };
    expect(h.emulator.credentials).toEqual(credentials);
    const login = await h.call('POST', '/Session/', { body: credentials });
    const token = (login.body.data as { token: string }).token;
    const zone = await h.call('GET', '/Zone/example.com/', { token });
    expect(zone.body.data).toEqual({
      zone_type: 'Primary',
      serial_style: 'day',
      serial: 2024010100,
      zone: 'example.com',
    });
    const cname = await h.call('GET', '/CNAMERecord/example.com/www.example.com/?detail=Y', { token });
    expect(cname.body.data).toMatchObject([
      { fqdn: 'www.example.com', ttl: 300, rdata: { cname: 'example.com.' } },
    ]);
    expect((await h.call('GET', '/NodeList/empty.test/', { token })).body.data).toEqual(['empty.test']);

    const snap = h.emulator.snapshot();
    const records = snap.dns?.zones?.['example.com']?.records ?? [];
    expect(records.map((r) => r.type).sort()).toEqual(['A', 'CNAME', 'MX', 'NS', 'NS', 'NS', 'NS', 'SOA']);
    expect(records.every((r) => typeof r.id === 'number' && r.id > 0)).toBe(true);
    expect(records.find((r) => r.type === 'SOA')?.rdata.serial).toBe(2024010100);
  });

  it('reports every problem of an invalid seed with its path', async () => {
    const err = await loadSeedFile(join(FIXTURES, 'invalid-seed.yaml')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toContain('invalid-seed.yaml');
    expect(message).toContain('dns.zones["example.com"].serial_style');
    expect(message).toContain(
      'dns.zones["example.com"].records[0].rdata.address: address: Not a valid IP address',
    );
    expect(message).toContain('dns.zones["example.com"].records[1].fqdn: not inside zone example.com');
    expect(message).toContain('dns.zones["example.com"].records[2].type: unknown record type');
    expect(message).toContain('dns.zones["example.com"].records[4]: same record data listed twice');
    expect(message).toContain('dns.zonez: unknown key; did you mean zones? (expected credentials, zones,');
  });

  it('refuses an invalid seed passed to createEmulator', () => {
    expect(() => createEmulator({ seed: { dns: { zones: { 'x.test': { ttl: -1 } } } } })).toThrowError(/ttl/);
  });

  it('reports unparsable YAML with the file name', async () => {
    const path = join(dir, 'broken.yaml');
    await writeFile(path, 'dns:\n  zones: [unclosed\n');
    await expect(loadSeedFile(path)).rejects.toThrowError(/^Cannot parse emulator seed .*broken\.yaml/);
  });
});
