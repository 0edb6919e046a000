/**
 * The apex NS set on BIND 9 and Knot through the `rfc2136` provider: left alone while the desired state does not
 * declare it; declared, a change is held for approval (`apex-ns`), applied with `--allow-unsafe` record by record
 * (a server ignores the deletion of the apex NS RRset, RFC 2136 §3.4.2.3), served as written (asked with dig),
 * found served by `verify`, and a second plan is empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask } from '../providers/pdns/dig.js';
import {
  type Rfc2136Server,
  type ServerKind,
  serversMissing,
  startServer,
} from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its test (plans, applies and a verify as child processes: about 2 s idle), rounded up;
// starting the server waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const missing = serversMissing();
const ZONE = 'apex.test';
const desired = (apex: string) => `providers:
  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }
zones:
  ${ZONE}:
    providers: [dns]
    default_ttl: 300
    records:
${apex}      www: { a: [ 192.0.2.1 ] }
`;
// The servers start with the apex NS set ns1.example.net. (TTL 300): one server kept, one replaced, a new TTL.
const APEX_NS = '      "@": { ns: [ ns1.example.net., ns3.example.net. ], ttl: 600 }\n';

function describeApexNs(kind: ServerKind): void {
  let server: Rfc2136Server | undefined;
  let dir = '';
  beforeAll(async () => {
    server = await startServer(kind, [{ zone: ZONE }]);
    dir = await mkdtemp(join(tmpdir(), `edgeplan-apex-${kind}-`));
    await writeFile(join(dir, 'plain.yaml'), desired(''));
    await writeFile(join(dir, 'declared.yaml'), desired(APEX_NS));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const run = (file: string, ...argv: string[]) => {
    if (!server) throw new Error(`${kind} is not started`);
    const env = { EDGEPLAN_DNS_SERVER: `127.0.0.1:${server.port}`, EDGEPLAN_DNS_TSIG: server.keyText };
    return cli([...argv, join(dir, file)], env);
  };
  const servedNs = async () =>
    (await ask(server?.port ?? 0, [{ fqdn: ZONE, type: 'NS' }])).map((a) => `${a.ttl} ${a.value}`).sort();

  it('is left alone undeclared; declared, its change waits for approval, is served, verified, and converges', async () => {
    const applied = await run('plain.yaml', 'apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(await servedNs()).toEqual(['300 ns1.example.net.']);

    const plan = await run('declared.yaml', 'plan');
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      `zone:${ZONE}@dns: changes the apex NS set of ${ZONE} (adds ns3.example.net.): the parent zone's ` +
        'delegation must name the same servers [apex-ns]',
    );
    expect((await run('declared.yaml', 'apply', '--yes')).code).toBe(1);
    expect(await servedNs()).toEqual(['300 ns1.example.net.']);

    const changed = await run('declared.yaml', 'apply', '--yes', '--allow-unsafe');
    expect(changed.code, changed.stderr).toBe(0);
    expect(await servedNs()).toEqual(['600 ns1.example.net.', '600 ns3.example.net.']);
    const verified = await run('declared.yaml', 'verify', '--nameserver', `127.0.0.1:${server?.port}`);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect((await run('declared.yaml', 'plan')).code).toBe(0);

    // Replacing the last server but one: added first, then the old one deleted (RFC 2136 §3.4.2.4).
    await writeFile(
      join(dir, 'declared.yaml'),
      desired(APEX_NS.replace('ns1.example.net.', 'ns2.example.net.')),
    );
    const replaced = await run('declared.yaml', 'apply', '--yes', '--allow-unsafe');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(await servedNs()).toEqual(['600 ns2.example.net.', '600 ns3.example.net.']);
    expect((await run('declared.yaml', 'plan')).code).toBe(0);
    expect((await run('plain.yaml', 'plan')).code).toBe(0);
  });
}

if (missing !== null) {
  describe.skip(`apex NS over RFC 2136 (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describe('the apex NS set on BIND 9', () => describeApexNs('bind'));
  describe('the apex NS set on Knot', () => describeApexNs('knot'));
}
