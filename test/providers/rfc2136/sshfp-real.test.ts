/**
 * SSHFP fingerprints of any length (RFC 4255 §3.1: the rest of the RDATA) through RFC 2136 on real servers (BIND 9,
 * Knot), without dns-packet's SSHFP codec, which takes only SHA-1's and SHA-256's lengths: a zone transfer holding
 * one of another length reads to its end (the records after it too), an UPDATE writes one, served as written, and
 * the next plan is empty. Fingerprint type 3 has no length edgeplan checks; its 48 octets are SHA-384's.
 */
import { expect, it, vi } from 'vitest';
import { applyPlan, writersOf } from '../../../src/engine/index.js';
import { DYN } from '../../support/one-provider.js';
import { ask } from '../pdns/dig.js';
import { changeLines, describeOnServers, serverWithProvider, zonePlanner } from './real-servers.js';
import type { ServerKind } from './servers.js';

// Time budget: ten times its slowest test under load, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

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
/** The zone's YAML. */
const BODY = [
  '    records:',
  `      host: { sshfp: [{ algorithm: 4, fingerprint_type: 3, fingerprint: ${SHA384} }], ttl: 300 }`,
  `      old: { sshfp: [{ algorithm: 4, fingerprint_type: 9, fingerprint: abcd }], txt: [after], ttl: 300 }`,
  '',
].join('\n');

const planOf = zonePlanner('sshfp');

function describeSshfp(kind: ServerKind): void {
  const real = serverWithProvider(kind, [{ zone: ZONE, text: ZONE_TEXT }]);

  it('reads a short fingerprint and what follows it, writes a SHA-384 one, served; the next plan is empty', async () => {
    const { server, dns } = real;
    const plan = await planOf(dns, ZONE, BODY);
    // The live SSHFP and TXT at `old` are read as they are: only the new set is planned.
    expect(changeLines(plan)).toEqual([`create host.${ZONE} SSHFP`]);
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
    expect((await planOf(dns, ZONE, BODY)).changes).toEqual([]);
  });
}

describeOnServers('SSHFP fingerprints of any length by RFC 2136', describeSshfp);
