/**
 * A type by its number (RFC 3597) through RFC 2136, on real servers (BIND 9, Knot): its RDATA goes on the wire as
 * the octets of its generic form (RFC 3597 §5), `dig TYPE65280` is served them, and a live set of it that the
 * desired state does not declare is read as a managed set (deleted under the default `manage: all`), but for
 * TYPE65534, BIND's own signing state, which is left alone. 65280 is private use (RFC 6895 §3.1).
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
const RECORDS = '      x: { type65280: ["\\\\# 3 010203", "\\\\# 0"], ttl: 300 }\n';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-rfc2136-generic-'));
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

function describeGeneric(kind: ServerKind): void {
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

  it('writes TYPE65280 as raw RDATA, served as written, deletes the undeclared one; the next plan is empty', async () => {
    const plan = await planOf(dns);
    const what = plan.changes.map((change) =>
      change.address.kind === 'record-set'
        ? `${change.action} ${change.address.fqdn} ${change.address.type}`
        : change.action,
    );
    expect(what.sort()).toEqual([`create x.${ZONE} TYPE65280`, `delete old.${ZONE} TYPE65280`]);
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
    expect((await planOf(dns)).changes).toEqual([]);
  });
}

if (missing !== null) {
  describe.skip(`types by number on real RFC 2136 servers (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describe('a type by number by RFC 2136 on BIND 9', () => describeGeneric('bind'));
  describe('a type by number by RFC 2136 on Knot', () => describeGeneric('knot'));
}
