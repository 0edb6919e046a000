/**
 * The provider conformance suite (run-conformance.ts) against the RFC 2136 provider and two real servers, BIND 9
 * and Knot (test/providers/rfc2136/servers.ts), each with every group's zone configured beforehand (RFC 2136
 * cannot create zones). What the server serves is read with a zone transfer by dig (signed with the key), and
 * every step also asks it over DNS for each name and type. Requests are the provider's own count of DNS messages:
 * for one UPDATE message, the SOA read before it, the UPDATE and the zone transfer that reads it back; for a chain,
 * a zone transfer before the first message, and per message the UPDATE and a zone transfer after it.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { createRfc2136Provider } from '../../src/providers/rfc2136/index.js';
import { RFC2136 } from '../../src/providers/rfc2136/plugin.js';
import { ask, transfer } from '../providers/pdns/dig.js';
import {
  type Rfc2136Server,
  type ServerKind,
  serversMissing,
  startServer,
} from '../providers/rfc2136/servers.js';
import { conformanceTitle, conformanceZones, describeConformance } from './run-conformance.js';

const missing = serversMissing();

/**
 * Per message the UPDATE (the first conditional on the SOA the plan's transfer read, not asked again) and the read
 * after it (what is served, compared with what was sent; IXFR: RFC 1995).
 */
function rfc2136Minimum(plan: Plan): number {
  return plan.steps.reduce((sum, { ops }) => sum + 2 * ops.length, 0);
}

/** The suite on one server (`rfc2136-bind.test.ts`, `rfc2136-knot.test.ts`): its hooks are the file's. */
export function describeRfc2136Conformance(kind: ServerKind): void {
  if (missing !== null) {
    describe.skip(`${conformanceTitle(RFC2136)} (skipped: ${missing})`, () => {
      it.skip('not run', () => {});
    });
    return;
  }
  let server: Rfc2136Server | undefined;
  beforeAll(async () => {
    server = await startServer(
      kind,
      conformanceZones(RFC2136.capabilities({})).map((zone) => ({ zone })),
    );
  });
  afterAll(() => server?.stop());
  describeConformance({
    plugin: RFC2136,
    server: kind === 'bind' ? 'BIND 9' : 'Knot',
    zonesExist: true,
    knownGaps: {
      'zone: create the zone with no records':
        'RFC 2136 cannot create zones: the zone exists beforehand, so an empty zone is no change',
    },
    async open() {
      if (!server) throw new Error(`${kind} is not started`);
      const { port, key, keyText } = server;
      const dns = createRfc2136Provider({ name: 'dns', server: { host: '127.0.0.1', port }, key });
      return {
        provider: dns,
        liveRecords: (zone) => transfer(port, zone, keyText),
        answers: (_zone, questions) => ask(port, questions),
        requests: () => dns.requests(),
        minimumApplyRequests: rfc2136Minimum,
        close: () => dns.close(),
      };
    },
  });
}
