/**
 * The provider conformance suite (run-conformance.ts), unchanged, against the PowerDNS provider writing by DNS
 * UPDATE (`dnsupdate_server_env`, `dnsupdate_tsig_env`) to a real `pdns_server` started with `dnsupdate=yes`: a
 * zone is created by its POST, every later change is UPDATE messages to the server's DNS port, each conditional on
 * the zone's SOA, which is read through the HTTP API. What is served is read by zone transfer and asked over DNS
 * (dig), so every record type is shown to go through UPDATE and come back as written (a CAA record with an empty
 * value, which PowerDNS would not, is refused at validation: capabilities.ts, so the table leaves it out). Requests
 * are counted by a proxy in front of the API and one in front of the DNS port.
 */
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { createPdnsProvider } from '../../src/providers/pdns/index.js';
import { POWERDNS } from '../../src/providers/pdns/plugin.js';
import { parseTsigKey } from '../../src/providers/rfc2136/config.js';
import { ask, transfer } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { type FaultProxy, startFaultProxy } from '../providers/rfc2136/fault-proxy.js';
import { type CountingProxy, startCountingProxy } from '../support/proxy.js';
import { conformanceTitle, describeConformance } from './run-conformance.js';

// Time budget: as the PATCH suite's (pdns-server.test.ts), ten times its slowest test, rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const missing = pdnsMissing();

let server: PdnsServer | undefined;
let http: CountingProxy | undefined;
let dns: FaultProxy | undefined;
let updates = 0;
if (missing === null) {
  beforeAll(async () => {
    server = await startPdnsServer({ dnsUpdate: true });
    http = await startCountingProxy(server.webUrl);
    dns = await startFaultProxy(server.dnsPort, () => {
      updates += 1;
      return 'pass';
    });
  });
  afterAll(async () => {
    await http?.close();
    await dns?.close();
    await server?.stop();
  });
}

/**
 * Per zone with changes: its creation with every record set (one POST); else per UPDATE message the GET of the
 * SOA its prerequisite names, the UPDATE, and the GET of the serial it left.
 */
function dnsUpdateMinimum(plan: Plan): number {
  return plan.steps.reduce(
    (sum, step) => sum + step.ops.reduce((n, op) => n + (op.kind === 'create-zone' ? 1 : 3), 0),
    0,
  );
}

if (missing !== null) {
  describe.skip(`${conformanceTitle(POWERDNS)} (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describeConformance({
    plugin: POWERDNS,
    options: { dnsupdate_server_env: 'EDGEPLAN_PDNS_DNS', dnsupdate_tsig_env: 'EDGEPLAN_PDNS_TSIG' },
    server: 'pdns_server, DNS UPDATE',
    async open() {
      if (!server || !http || !dns) throw new Error('pdns_server is not started');
      const { apiKey, dnsPort, updateKeyText = '' } = server;
      const key = parseTsigKey(updateKeyText);
      if (!key) throw new Error('the server has no update key');
      const provider = createPdnsProvider({
        name: 'pdns',
        url: `${http.url}/api/v1`,
        apiKey,
        retry: { retries: 0 },
        dnsUpdate: { server: { host: '127.0.0.1', port: dns.port }, key },
      });
      const counted = http;
      return {
        provider: provider,
        liveRecords: (zone) => transfer(dnsPort, zone),
        answers: (_zone, questions) => ask(dnsPort, questions),
        requests: () => counted.count() + updates,
        minimumApplyRequests: dnsUpdateMinimum,
        close: () => provider.close(),
      };
    },
  });
}
