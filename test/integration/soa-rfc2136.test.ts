/**
 * The SOA on BIND 9 and Knot through the `rfc2136` provider (RFC 1035 §3.3.13): left alone while the desired state
 * does not declare `soa`; declared, the plan changes only the fields named, the UPDATE writes the SOA with the
 * current serial + 1 (RFC 2136 §3.4.2.2: a server ignores an SOA whose serial is not greater, answering NOERROR),
 * the server serves it (asked with dig), `verify` finds the declared fields served, and a second plan is empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask, servedSerial } from '../providers/pdns/dig.js';
import {
  type Rfc2136Server,
  type ServerKind,
  serversMissing,
  startServer,
} from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its test (plans and applies as child processes: about 2 s idle), rounded up; starting
// the server waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const missing = serversMissing();
const ZONE = 'soa.test';
const desired = (apex: string, www = '192.0.2.1') => `providers:
  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }
zones:
  ${ZONE}:
    providers: [dns]
    default_ttl: 300
    records:
${apex}      www: { a: [ ${www} ] }
`;
// The servers start with `ns1.example.net. hostmaster.soa.test. 1 3600 600 86400 300` at TTL 300.
const SOA = '      "@": { soa: { refresh: 7200, expire: 2w, rname: dns@example.com, ttl: 600 } }\n';

function describeSoa(kind: ServerKind): void {
  let server: Rfc2136Server | undefined;
  let dir = '';
  beforeAll(async () => {
    server = await startServer(kind, [{ zone: ZONE }]);
    dir = await mkdtemp(join(tmpdir(), `edgeplan-soa-${kind}-`));
    await writeFile(join(dir, 'plain.yaml'), desired(''));
    await writeFile(join(dir, 'declared.yaml'), desired(SOA));
    await writeFile(join(dir, 'both.yaml'), desired(SOA.replace('7200', '1h'), '192.0.2.2'));
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
  /** `dig SOA`: the TTL, the fields and the serial. */
  const servedSoa = async () => {
    const [answer] = await ask(server?.port ?? 0, [{ fqdn: ZONE, type: 'SOA' }]);
    const [mname, rname, ...timers] = answer?.value.split(' ') ?? [];
    const serial = await servedSerial(server?.port ?? 0, ZONE);
    return { ttl: answer?.ttl, mname, rname, serial, timers: timers.map(Number) };
  };

  it('is left alone undeclared; declared, only its fields change, with a greater serial, and it converges', async () => {
    const applied = await run('plain.yaml', 'apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const first = await servedSoa();
    expect(first).toMatchObject({ ttl: 300, rname: `hostmaster.${ZONE}.`, timers: [3600, 600, 86400, 300] });

    const plan = await run('declared.yaml', 'plan');
    expect(plan.code, plan.stderr).toBe(2);
    const line = plan.stdout.split('\n').find((one) => one.includes(`${ZONE} SOA`));
    expect(line?.trim()).toBe(
      `~ ${ZONE} SOA ttl 300→600, rname hostmaster.${ZONE}.→dns.example.com., refresh 3600→7200, expire 86400→1209600`,
    );

    const changed = await run('declared.yaml', 'apply', '--yes');
    expect(changed.code, changed.stderr).toBe(0);
    const served = await servedSoa();
    // MNAME, retry and minimum are the server's, as they were; the serial went up (RFC 2136 §3.4.2.2).
    expect(served).toMatchObject({
      ttl: 600,
      mname: 'ns1.example.net.',
      rname: 'dns.example.com.',
      timers: [7200, 600, 1209600, 300],
    });
    expect(served.serial).toBeGreaterThan(first.serial);
    const verified = await run('declared.yaml', 'verify', '--nameserver', `127.0.0.1:${server?.port}`);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect((await run('declared.yaml', 'plan')).code).toBe(0);
    expect((await run('plain.yaml', 'plan')).code).toBe(0);

    // The SOA and another set in one message: the serial written is the one the message finds, + 1.
    const both = await run('both.yaml', 'apply', '--yes');
    expect(both.code, both.stderr).toBe(0);
    const after = await servedSoa();
    expect(after.timers).toEqual([3600, 600, 1209600, 300]);
    expect(after.serial).toBeGreaterThan(served.serial);
    expect((await ask(server?.port ?? 0, [{ fqdn: `www.${ZONE}`, type: 'A' }])).map((a) => a.value)).toEqual([
      '192.0.2.2',
    ]);
    expect((await run('both.yaml', 'plan')).code).toBe(0);
  });
}

if (missing !== null) {
  describe.skip(`the SOA over RFC 2136 (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describe('the SOA on BIND 9', () => describeSoa('bind'));
  describe('the SOA on Knot', () => describeSoa('knot'));
}
