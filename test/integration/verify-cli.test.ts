/**
 * `edgeplan verify` and `apply --wait-served` end to end on `--sandbox`, whose emulator answers DNS: what the name
 * servers serve compared with the desired state, a server that serves something else, one that does not answer, and
 * name servers that lag behind the publish.
 */
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryServer, servedAnswer } from '../../src/dns-wire/index.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';
import { startEmulator } from '../support/emulator.js';

// Time budget: each test applies on the sandbox and waits for lagging name servers (1.5 s by design) or runs the
// emulator as a process; measured up to about 12 s at load 25 on 2 cores: 120 s, and 30 s for the hooks.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 30_000 });

const ZONE = `zones:
  example.com:
    create: {}
    records:
      "@": { mx: [{ preference: 10, exchange: mail.example.com. }], txt: ["v=spf1 -all"] }
      www: { a: [192.0.2.1, 192.0.2.2], ttl: 300 }
      mail: { a: [192.0.2.25] }
      alias: { cname: www.example.com. }
      "*.wild": { txt: [hello] }
      sub: { ns: [ns1.example.net., ns2.example.net.] }
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-verify-'));
  await writeFile(join(dir, 'zones.yaml'), ZONE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const run = (...argv: string[]) => cli([...argv, '--sandbox', 'zones.yaml'], {}, { cwd: dir });

describe('verify on --sandbox', () => {
  it('finds the zone not served before the apply (exit 2), and every set served as desired after it (exit 0)', async () => {
    const before = await run('verify');
    expect(before.code).toBe(2);
    expect(before.stdout).toContain('0 of 7 record sets served as desired; 7 served differently.');
    expect(before.stdout).toMatch(
      /www\.example\.com A \(desired TTL 300: 192\.0\.2\.1, 192\.0\.2\.2\)\n {4}127\.0\.0\.1:\d+: does not serve the zone/,
    );
    expect((await run('apply', '--yes')).code).toBe(0);
    const after = await run('verify');
    expect(after.stdout).toBe('7 record sets served as desired by every server.\n');
    expect(after.code).toBe(0);
  });

  it('reports each server and answer in JSON, and a table in markdown', async () => {
    await run('apply', '--yes');
    await writeFile(
      join(dir, 'zones.yaml'),
      ZONE.replace('ttl: 300', 'ttl: 600').replace('192.0.2.25', '192.0.2.26'),
    );
    const json = await run('verify', '--format', 'json');
    expect(json.code).toBe(2);
    const doc = JSON.parse(json.stdout);
    expect(doc.counts).toEqual({ sets: 7, served: 5, differs: 2, failed: 0 });
    const www = doc.recordSets.find((s: { name: string }) => s.name === 'www.example.com');
    expect(www).toMatchObject({
      zone: 'example.com',
      type: 'A',
      desired: { ttl: 600, values: ['192.0.2.1', '192.0.2.2'] },
      status: 'differs',
      servers: [
        {
          status: 'differs',
          why: 'TTL 300, not 600',
          answer: { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
        },
      ],
    });
    const markdown = await run('verify', '--format', 'markdown');
    expect(markdown.stdout).toContain('## edgeplan verify');
    expect(markdown.stdout).toMatch(
      /\| `mail\.example\.com A` \| 127\.0\.0\.1:\d+ \| TTL 3600: 192\.0\.2\.26 \| serves 192\.0\.2\.25 \|/,
    );
  });

  it('asks the servers of --nameserver instead: one that serves something else (exit 2), one that is silent (exit 1)', async () => {
    const other = await startEmulator({
      seed: {
        dns: {
          zones: {
            'example.com': {
              records: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, rdata: { address: '198.51.100.9' } }],
            },
          },
        },
      },
    });
    const { port } = await other.emulator.serveDns();
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', () => resolve()));
    try {
      const elsewhere = await run('verify', '--nameserver', `127.0.0.1:${port}`);
      expect(elsewhere.code).toBe(2);
      expect(elsewhere.stdout).toContain(
        `www.example.com A (desired TTL 300: 192.0.2.1, 192.0.2.2)\n    127.0.0.1:${port}: serves 198.51.100.9\n`,
      );
      expect(elsewhere.stdout).toContain(
        `mail.example.com A (desired TTL 3600: 192.0.2.25)\n    127.0.0.1:${port}: the name does not exist (NXDOMAIN)\n`,
      );
      expect(elsewhere.stdout).toContain('alias.example.com CNAME (desired TTL 3600: www.example.com.)\n');
      const dead = await run(
        'verify',
        '--nameserver',
        `127.0.0.1:${silent.address().port}`,
        '--query-timeout',
        '50',
      );
      expect(dead.code).toBe(1);
      expect(dead.stdout).toContain(`127.0.0.1:${silent.address().port}: no answer within 50 ms`);
    } finally {
      silent.close();
      await other.close();
    }
  });

  it('refuses a --nameserver that is not an address, before anything is asked', async () => {
    const bad = await run('verify', '--nameserver', 'ns1.example.net:99999');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'error EP5102: --nameserver: "ns1.example.net:99999": the port must be 1–65535',
    );
    expect(bad.stdout).toBe('');
  });
});

describe('apply --wait-served on --sandbox with name servers that lag', () => {
  it('waits until the lagging servers serve the change, and says how long that took', async () => {
    expect((await run('apply', '--yes')).code).toBe(0);
    await writeFile(join(dir, 'zones.yaml'), ZONE.replace('192.0.2.25', '192.0.2.26'));
    const applied = await run('apply', '--yes', '--dns-lag', '1500', '--wait-served=30s', '--format', 'json');
    expect(applied.code).toBe(0);
    const { served } = JSON.parse(applied.stdout);
    expect(served.done).toBe(true);
    expect(served.zones).toEqual([
      { zone: 'example.com', sets: 1, servedAfterMs: expect.any(Number), lagging: [] },
    ]);
    // How many rounds it took depends on how long the check plan took (the lag counts from the publish): not asserted.
    expect(served.rounds).toBeGreaterThanOrEqual(1);
  });

  it('waits as well after applying a plan saved from a desired state without providers:', async () => {
    expect((await run('apply', '--yes')).code).toBe(0);
    await writeFile(join(dir, 'zones.yaml'), ZONE.replace('192.0.2.25', '192.0.2.26'));
    expect((await run('plan', '--out', 'plan.json')).code).toBe(2);
    const saved = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8'));
    // Written as before providers had names: the zone names none.
    expect(saved.zones).toEqual([{ zone: 'example.com', serial: expect.any(Number) }]);
    const applied = await run(
      'apply',
      '--plan',
      'plan.json',
      '--yes',
      '--dns-lag',
      '1500',
      '--wait-served=30s',
      '--format',
      'json',
    );
    expect(applied.code, applied.stderr).toBe(0);
    const { served } = JSON.parse(applied.stdout);
    expect(served.done).toBe(true);
    expect(served.zones).toEqual([
      { zone: 'example.com', sets: 1, servedAfterMs: expect.any(Number), lagging: [] },
    ]);
  });

  it('gives up after the timeout, naming the servers that lag and what they still serve (exit 1)', async () => {
    expect((await run('apply', '--yes')).code).toBe(0);
    await writeFile(
      join(dir, 'zones.yaml'),
      ZONE.replace('192.0.2.25', '192.0.2.26').replace(/ {6}alias:.*\n/, ''),
    );
    const applied = await run('apply', '--yes', '--dns-lag', '600000', '--wait-served=1s');
    expect(applied.code).toBe(1);
    expect(applied.stdout).toContain('Converged: a new plan shows no changes.');
    expect(applied.stdout).toMatch(
      /Not served within [\d.]+ s:\n {2}example\.com: not served by every name server \(2 changed record sets\)\n {4}127\.0\.0\.1:\d+ lags: /,
    );
    expect(applied.stdout).toMatch(
      /lags: (alias\.example\.com CNAME: still served: www\.example\.com\.|mail\.example\.com A: serves 192\.0\.2\.25)/,
    );
    expect(applied.stderr).toContain(
      'error: the name servers did not serve every change in time (--wait-served)',
    );
  });
});

describe('edgeplan emulator --dns-port', () => {
  it('answers DNS for the published zones on that port, over UDP and TCP, until stopped', async () => {
    const seed = join(dir, 'seed.yaml');
    await writeFile(
      seed,
      'dns:\n  zones:\n    example.com:\n      records:\n        - { fqdn: www.example.com, type: A, ttl: 60, rdata: { address: 192.0.2.1 } }\n',
    );
    const emulator = spawnCli(
      ['emulator', '--port', '0', '--dns-port', '0', '--dns-lag', '250', '--seed', seed],
      {},
    );
    try {
      await expect
        .poll(() => emulator.stderr(), { timeout: 60_000 })
        .toMatch(/name servers on 127\.0\.0\.1:\d+ \(UDP and TCP, 250 ms behind each publish\)/);
      const port = Number(/name servers on 127\.0\.0\.1:(\d+)/.exec(emulator.stderr())?.[1]);
      for (const udpAttempts of [2, 0]) {
        // udpAttempts 0: straight to TCP.
        const reply = await queryServer(
          { host: '127.0.0.1', port },
          { name: 'www.example.com', type: 'A' },
          { timeoutMs: 5_000, udpAttempts },
        );
        expect(servedAnswer(reply.message, 'www.example.com', 'A')).toEqual({
          kind: 'records',
          ttl: 60,
          values: ['192.0.2.1'],
        });
      }
    } finally {
      emulator.child.kill('SIGTERM');
      await emulator.exited;
    }
  });
});
