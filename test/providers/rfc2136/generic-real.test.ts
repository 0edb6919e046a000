/**
 * A type by its number (RFC 3597) through RFC 2136, on real servers (BIND 9, Knot): its RDATA goes on the wire as
 * the octets of its generic form (RFC 3597 §5), `dig TYPE65280` is served them, and a live set of it that the
 * desired state does not declare is read as a managed set (deleted under the default `manage: all`), but for
 * TYPE65534, BIND's own signing state, which is left alone. 65280 is private use (RFC 6895 §3.1).
 */
import { expect, it, vi } from 'vitest';
import { applyPlan, writersOf } from '../../../src/engine/index.js';
import { DYN } from '../../support/one-provider.js';
import { ask } from '../pdns/dig.js';
import { changeLines, describeOnServers, serverWithProvider, zonePlanner } from './real-servers.js';
import type { ServerKind } from './servers.js';

// Time budget: ten times its slowest test under load, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const ZONE = 'generic.test';
const ZONE_TEXT = [
  '$TTL 300',
  `${ZONE}. 300 IN SOA ns1.example.net. hostmaster.${ZONE}. 1 3600 600 86400 300`,
  `${ZONE}. 300 IN NS ns1.example.net.`,
  `old.${ZONE}. 300 IN TYPE65280 \\# 2 abcd`,
  // BIND's signing state (sig-signing-type 65534): the server's, left alone.
  `${ZONE}. 300 IN TYPE65534 \\# 5 0d30390000`,
  '',
].join('\n');
/** The zone's YAML. */
const BODY = '    records:\n      x: { type65280: ["\\\\# 3 010203", "\\\\# 0"], ttl: 300 }\n';

const planOf = zonePlanner('generic');

function describeGeneric(kind: ServerKind): void {
  const real = serverWithProvider(kind, [{ zone: ZONE, text: ZONE_TEXT }]);

  it('writes TYPE65280 as raw RDATA, served as written, deletes the undeclared one; the next plan is empty', async () => {
    const { server, dns } = real;
    const plan = await planOf(dns, ZONE, BODY);
    expect(changeLines(plan).sort()).toEqual([`create x.${ZONE} TYPE65280`, `delete old.${ZONE} TYPE65280`]);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    const served = await ask(server.port, [
      { fqdn: `x.${ZONE}`, type: 'TYPE65280' },
      { fqdn: `old.${ZONE}`, type: 'TYPE65280' },
      { fqdn: ZONE, type: 'TYPE65534' },
    ]);
    // BIND marks its signing record complete (last octet 01) as it loads it: the record is the server's.
    const shown = served.map((record) =>
      `${record.fqdn} ${record.type} ${record.value}`.replace(/000[01]$/, '000x'),
    );
    expect(shown.sort()).toEqual([
      `${ZONE} TYPE65534 \\# 5 0d3039000x`,
      `x.${ZONE} TYPE65280 \\# 0`,
      `x.${ZONE} TYPE65280 \\# 3 010203`,
    ]);
    expect((await planOf(dns, ZONE, BODY)).changes).toEqual([]);
  });
}

describeOnServers('a type by number by RFC 2136', describeGeneric);
