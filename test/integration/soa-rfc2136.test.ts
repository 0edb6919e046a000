/**
 * The SOA on BIND 9 and Knot through the `rfc2136` provider (RFC 1035 §3.3.13): left alone while the desired state
 * does not declare `soa`; declared, the plan changes only the fields named, the UPDATE writes the SOA with the
 * current serial + 1 (RFC 2136 §3.4.2.2: a server ignores an SOA whose serial is not greater, answering NOERROR),
 * the server serves it (asked with dig), `verify` finds the declared fields served, and a second plan is empty.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow, FLOW_NAMES, type ProviderFlow, RFC2136_SERVERS } from '../support/provider-flow.js';

// Time budget: ten times its test (plans and applies as child processes: about 2 s idle), rounded up; starting
// the server waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const ZONE = 'soa.test';
const zones = (apex: string, www = '192.0.2.1') => `zones:
  ${ZONE}:
    providers: [dns]
    default_ttl: 300
    records:
${apex}      www: { a: [ ${www} ] }
`;
// The servers start with `ns1.example.net. hostmaster.soa.test. 1 3600 600 86400 300` at TTL 300.
const SOA = '      "@": { soa: { refresh: 7200, expire: 2w, rname: dns@example.com, ttl: 600 } }\n';

/** `dig SOA`: the TTL, the fields and the serial. */
async function servedSoa(flow: ProviderFlow) {
  const [answer] = await flow.ask(ZONE, [{ fqdn: ZONE, type: 'SOA' }]);
  const [mname, rname, ...timers] = answer?.value.split(' ') ?? [];
  return { ttl: answer?.ttl, mname, rname, serial: await flow.serial(ZONE), timers: timers.map(Number) };
}

for (const kind of RFC2136_SERVERS) {
  describeFlow(kind, `the SOA on ${FLOW_NAMES[kind]}`, { zones: [{ zone: ZONE }] }, (flow) => {
    it('is left alone undeclared; declared, only its fields change, with a greater serial, and it converges', async () => {
      const plain = await flow.write('plain.yaml', flow.providers + zones(''));
      const declared = await flow.write('declared.yaml', flow.providers + zones(SOA));
      const both = await flow.write(
        'both.yaml',
        flow.providers + zones(SOA.replace('7200', '1h'), '192.0.2.2'),
      );
      await flow.converge(plain);
      const first = await servedSoa(flow);
      expect(first).toMatchObject({
        ttl: 300,
        rname: `hostmaster.${ZONE}.`,
        timers: [3600, 600, 86400, 300],
      });

      const plan = await flow.run(['plan', declared]);
      expect(plan.code, plan.stderr).toBe(2);
      const line = plan.stdout.split('\n').find((one) => one.includes(`${ZONE} SOA`));
      expect(line?.trim()).toBe(
        `~ ${ZONE} SOA ttl 300→600, rname hostmaster.${ZONE}.→dns.example.com., refresh 3600→7200, expire 86400→1209600`,
      );

      await flow.converge(declared);
      const served = await servedSoa(flow);
      // MNAME, retry and minimum are the server's, as they were; the serial went up (RFC 2136 §3.4.2.2).
      expect(served).toMatchObject({
        ttl: 600,
        mname: 'ns1.example.net.',
        rname: 'dns.example.com.',
        timers: [7200, 600, 1209600, 300],
      });
      expect(served.serial).toBeGreaterThan(first.serial);
      const verified = await flow.run(['verify', declared, '--nameserver', `127.0.0.1:${flow.port}`]);
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      expect((await flow.run(['plan', plain])).code).toBe(0);

      // The SOA and another set in one message: the serial written is the one the message finds, + 1.
      await flow.converge(both);
      const after = await servedSoa(flow);
      expect(after.timers).toEqual([3600, 600, 1209600, 300]);
      expect(after.serial).toBeGreaterThan(served.serial);
      expect((await flow.ask(ZONE, [{ fqdn: `www.${ZONE}`, type: 'A' }])).map((a) => a.value)).toEqual([
        '192.0.2.2',
      ]);
    });
  });
}
