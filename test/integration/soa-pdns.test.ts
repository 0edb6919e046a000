/**
 * The SOA on a real PowerDNS (RFC 1035 §3.3.13): declared on a zone the plan creates, the zone is created with it
 * (the fields left out as PowerDNS's own default); changed later, the SOA rrset is replaced with only the declared
 * fields changed and the serial sent as read (PowerDNS applies SOA-EDIT-API to it), dig serves it, and a plan after
 * each apply is empty. Beside a zone file that serves the same zone with other timers, the plan notes where.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow, type ProviderFlow } from '../support/provider-flow.js';

// Time budget: ten times its tests (about 4 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const ZONE = 'soa.example';
const zone = (apex: string) =>
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${apex}      www: { a: [192.0.2.80] }\n`;
const SOA = '      "@": { soa: { refresh: 7200, minimum: 60 } }\n';

async function servedSoa(flow: ProviderFlow): Promise<{ ttl?: number; fields: string[]; serial: number }> {
  const [answer] = await flow.ask(ZONE, [{ fqdn: ZONE, type: 'SOA' }]);
  return {
    ...(answer ? { ttl: answer.ttl } : {}),
    fields: answer?.value.split(' ') ?? [],
    serial: await flow.serial(ZONE),
  };
}

describeFlow('pdns', 'the SOA on PowerDNS', {}, (flow) => {
  it('is created with the zone, then changes only the fields declared, and converges', async () => {
    const declared = await flow.write('declared.yaml', flow.providers + zone(SOA));
    await flow.converge(declared);
    const made = await servedSoa(flow);
    // The first name server is MNAME, the zone's contact RNAME; the rest PowerDNS's default-soa-content.
    expect(made.fields).toEqual(['ns1.example.net.', `hostmaster.${ZONE}.`, '7200', '3600', '604800', '60']);
    expect(made.ttl).toBe(3600);

    await flow.write('declared.yaml', flow.providers + zone(SOA.replace('7200', '1h').replace('60', '120')));
    const plan = await flow.run(['plan', declared]);
    expect(plan.code, plan.stderr).toBe(2);
    const line = plan.stdout.split('\n').find((one) => one.includes(`${ZONE} SOA`));
    expect(line?.trim()).toBe(`~ ${ZONE} SOA refresh 7200→3600, minimum 60→120`);

    await flow.converge(declared);
    const served = await servedSoa(flow);
    // MNAME, RNAME, retry and expire as PowerDNS set them; the serial never went down.
    expect(served.fields).toEqual([
      made.fields[0],
      made.fields[1],
      '3600',
      made.fields[3],
      made.fields[4],
      '120',
    ]);
    expect(served.ttl).toBe(made.ttl);
    expect(served.serial).toBeGreaterThanOrEqual(made.serial);
    // Declared no more, it stays as it is.
    const plain = await flow.write('plain.yaml', flow.providers + zone(''));
    expect((await flow.run(['plan', plain])).code).toBe(0);
  });

  // After the test above: the zone exists on PowerDNS with refresh 3600 and minimum 120.
  it('differing from a zone file that serves the zone too is named in a note of the plan', async () => {
    const both = await flow.beside(
      ZONE,
      `$TTL 300\n@ SOA ns1.example.net. hostmaster.${ZONE}. 1 1h 10m 2w 5m\n@ NS ns1.example.net.\nwww 3600 A 192.0.2.80\n`,
      'www: { a: [192.0.2.80] }',
    );
    const plan = await flow.run(['plan', both]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const note = plan.stdout.split('\n').find((one) => one.includes('the SOA of its providers differ'));
    expect(note).toMatch(
      new RegExp(
        `^Note: zone ${ZONE}: the SOA of its providers differ \\(retry files 600, pdns 3600; expire files 1209600, pdns 604800; minimum files 300, pdns 120\\)`,
      ),
    );
  });
});
