/**
 * The provider conformance suite (run-conformance.ts), unchanged, against the PowerDNS provider and a real
 * `pdns_server` on 127.0.0.1 (test/providers/pdns/server.ts): one server for the file, a fresh provider per group.
 * What the server serves is read with a zone transfer, and every step also asks it over DNS for each name and
 * type (dig), so the check is what the world is served, not what the API says. Requests are counted by a proxy
 * in front of the API: a zone's changes must be exactly one write (and, for a zone that exists, the read that
 * checks it first).
 */
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { createPdnsProvider } from '../../src/providers/pdns/index.js';
import { POWERDNS } from '../../src/providers/pdns/plugin.js';
import { ask, transfer } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { type CountingProxy, startCountingProxy } from '../support/proxy.js';
import { conformanceTitle, describeConformance } from './run-conformance.js';

// Time budget: ten times its slowest test (1.2 s in the full suite at load 9 on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const missing = pdnsMissing();

let server: PdnsServer | undefined;
let proxy: CountingProxy | undefined;
if (missing === null) {
  beforeAll(async () => {
    server = await startPdnsServer();
    proxy = await startCountingProxy(server.webUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });
}

function running(): { server: PdnsServer; proxy: CountingProxy } {
  if (!server || !proxy) throw new Error('pdns_server is not started');
  return { server, proxy };
}

/**
 * Per zone with changes: its creation with every record set (one POST), or one GET that checks the zone is still
 * what the plan read and one PATCH of its rrsets.
 */
function pdnsMinimum(plan: Plan): number {
  return plan.zones.reduce((sum, zone) => sum + (zone.serial === null ? 1 : 2), 0);
}

if (missing !== null) {
  describe.skip(`${conformanceTitle(POWERDNS)} (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describeConformance({
    plugin: POWERDNS,
    server: 'pdns_server',
    async open() {
      const { server, proxy } = running();
      const dns = createPdnsProvider({
        name: 'pdns',
        url: `${proxy.url}/api/v1`,
        apiKey: server.apiKey,
        retry: { retries: 0 },
      });
      return {
        provider: dns,
        liveRecords: (zone) => transfer(server.dnsPort, zone),
        answers: (_zone, questions) => ask(server.dnsPort, questions),
        requests: () => proxy.count(),
        minimumApplyRequests: pdnsMinimum,
        close: () => dns.close(),
      };
    },
  });
}
