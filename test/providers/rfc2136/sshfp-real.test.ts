/**
 * SSHFP fingerprints of any length (RFC 4255 §3.1: the rest of the RDATA) through RFC 2136 on real servers (BIND 9,
 * Knot), without dns-packet's SSHFP codec, which takes only SHA-1's and SHA-256's lengths: a zone transfer holding
 * one of another length reads to its end (the records after it too), an UPDATE writes one, served as written, and
 * the next plan is empty. Fingerprint type 3 has no length edgeplan checks; its 48 octets are SHA-384's.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { applyPlan, planReviewed, writersOf } from '../../../src/engine/index.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import type { Plan } from '../../../src/plan/types.js';
import { createRfc2136Provider } from '../../../src/providers/rfc2136/index.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';
import { ask } from '../pdns/dig.js';
import { type Rfc2136Server, type ServerKind, serversMissing, startServer } from './servers.js';

// Time budget: ten times its slowest test under load, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const missing = serversMissing();
const ZONE = 'sshfp.test';
const SHA384 = 'ab'.repeat(48);
const SHORT = '4 9 abcd';
const ZONE_TEXT = [
  '$TTL 300',
  `${ZONE}. 300 IN SOA ns1.example.net. hostmaster.${ZONE}. 1 3600 600 86400 300`,
  `${ZONE}. 300 IN NS ns1.example.net.`,
  // Two octets of fingerprint, then a record dns-packet would have read from the wrong place.
  `old.${ZONE}. 300 IN SSHFP ${SHORT}`,
  `old.${ZONE}. 300 IN TXT "after"`,
  '',
].join('\n');
const RECORDS = [
  `      host: { sshfp: [{ algorithm: 4, fingerprint_type: 3, fingerprint: ${SHA384} }], ttl: 300 }`,
  `      old: { sshfp: [{ algorithm: 4, fingerprint_type: 9, fingerprint: abcd }], txt: [after], ttl: 300 }`,
  '',
].join('\n');

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-rfc2136-sshfp-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function planOf(dns: DnsProvider): Promise<Plan> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(file, `zones:\n  ${ZONE}:\n    records:\n${RECORDS}`);
  const loaded = await loadDesiredState([file], providerLike(dns.name, dns.capabilities));
  if (!loaded.ok)
    throw new Error(`the test desired state does not load: ${JSON.stringify(loaded.diagnostics)}`);
  return planReviewed(loaded.desired, { dns: { [DYN]: dns } });
}

function describeSshfp(kind: ServerKind): void {
  let server: Rfc2136Server;
  let dns: DnsProvider & { close(): Promise<void> };
  beforeAll(async () => {
    server = await startServer(kind, [{ zone: ZONE, text: ZONE_TEXT }]);
    dns = createRfc2136Provider({
      name: 'dns',
      server: { host: '127.0.0.1', port: server.port },
      key: server.key,
    });
  });
  afterAll(async () => {
    await dns?.close();
    await server?.stop();
  });

  it('reads a short fingerprint and what follows it, writes a SHA-384 one, served; the next plan is empty', async () => {
    const plan = await planOf(dns);
    // The live SSHFP and TXT at `old` are read as they are: only the new set is planned.
    const what = plan.changes.map((change) =>
      change.address.kind === 'record-set'
        ? `${change.action} ${change.address.fqdn} ${change.address.type}`
        : change.action,
    );
    expect(what).toEqual([`create host.${ZONE} SSHFP`]);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    const served = await ask(server.port, [
      { fqdn: `host.${ZONE}`, type: 'SSHFP' },
      { fqdn: `old.${ZONE}`, type: 'SSHFP' },
    ]);
    expect(served.map((record) => `${record.fqdn} ${record.value}`).sort()).toEqual([
      `host.${ZONE} 4 3 ${SHA384}`,
      `old.${ZONE} ${SHORT}`,
    ]);
    expect((await planOf(dns)).changes).toEqual([]);
  });
}

if (missing !== null) {
  describe.skip(`SSHFP on real RFC 2136 servers (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describe('SSHFP fingerprints of any length by RFC 2136 on BIND 9', () => describeSshfp('bind'));
  describe('SSHFP fingerprints of any length by RFC 2136 on Knot', () => describeSshfp('knot'));
}
