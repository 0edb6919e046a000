/**
 * The apex NS set on BIND 9 and Knot through the `rfc2136` provider: left alone while the desired state does not
 * declare it; declared, a change is held for approval (`apex-ns`), applied with `--allow-unsafe` record by record
 * (a server ignores the deletion of the apex NS RRset, RFC 2136 §3.4.2.3), served as written (asked with dig),
 * found served by `verify`, and a second plan is empty.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow, FLOW_NAMES, type ProviderFlow, RFC2136_SERVERS } from '../support/provider-flow.js';

// Time budget: ten times its test (plans, applies and a verify as child processes: about 2 s idle), rounded up;
// starting the server waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const ZONE = 'apex.test';
const zones = (apex: string) => `zones:
  ${ZONE}:
    providers: [dns]
    default_ttl: 300
    records:
${apex}      www: { a: [ 192.0.2.1 ] }
`;
// The servers start with the apex NS set ns1.example.net. (TTL 300): one server kept, one replaced, a new TTL.
const APEX_NS = '      "@": { ns: [ ns1.example.net., ns3.example.net. ], ttl: 600 }\n';

async function servedNs(flow: ProviderFlow): Promise<string[]> {
  return (await flow.ask(ZONE, [{ fqdn: ZONE, type: 'NS' }])).map((a) => `${a.ttl} ${a.value}`).sort();
}

for (const kind of RFC2136_SERVERS) {
  describeFlow(kind, `the apex NS set on ${FLOW_NAMES[kind]}`, { zones: [{ zone: ZONE }] }, (flow) => {
    it('is left alone undeclared; declared, its change waits for approval, is served, verified, and converges', async () => {
      const plain = await flow.write('plain.yaml', flow.providers + zones(''));
      const declared = await flow.write('declared.yaml', flow.providers + zones(APEX_NS));
      await flow.converge(plain);
      expect(await servedNs(flow)).toEqual(['300 ns1.example.net.']);

      const plan = await flow.run(['plan', declared]);
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain(
        `zone:${ZONE}@dns: changes the apex NS set of ${ZONE} (adds ns3.example.net.): the parent zone's ` +
          'delegation must name the same servers [apex-ns]',
      );
      expect((await flow.run(['apply', declared, '--yes'])).code).toBe(1);
      expect(await servedNs(flow)).toEqual(['300 ns1.example.net.']);

      await flow.converge(declared, '--allow-unsafe');
      expect(await servedNs(flow)).toEqual(['600 ns1.example.net.', '600 ns3.example.net.']);
      const verified = await flow.run(['verify', declared, '--nameserver', `127.0.0.1:${flow.port}`]);
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);

      // Replacing the last server but one: added first, then the old one deleted (RFC 2136 §3.4.2.4).
      await flow.write(
        'declared.yaml',
        flow.providers + zones(APEX_NS.replace('ns1.example.net.', 'ns2.example.net.')),
      );
      await flow.converge(declared, '--allow-unsafe');
      expect(await servedNs(flow)).toEqual(['600 ns2.example.net.', '600 ns3.example.net.']);
      expect((await flow.run(['plan', plain])).code).toBe(0);
    });
  });
}
