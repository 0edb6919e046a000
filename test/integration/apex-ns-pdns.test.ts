/**
 * The apex NS set on a real PowerDNS: left alone while the desired state does not declare it; declared, a change is
 * held for approval (`apex-ns`), applied with `--allow-unsafe`, served as written (asked with dig), and a second
 * plan is empty. Beside a zone file that serves the same zone with other servers, the plan notes the difference.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow, type ProviderFlow } from '../support/provider-flow.js';

// Time budget: ten times its one test (about 4 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const ZONE = 'apex.example';
const zone = (apex: string) =>
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${apex}      www: { a: [192.0.2.80] }\n`;
const APEX_NS = '      "@": { ns: [ns1.example.net., ns2.example.net.], ttl: 600 }\n';

async function servedNs(flow: ProviderFlow): Promise<string[]> {
  const answers = await flow.ask(ZONE, [{ fqdn: ZONE, type: 'NS' }]);
  return answers.map((answer) => `${answer.ttl} ${answer.value}`).sort();
}

describeFlow('pdns', 'the apex NS set on PowerDNS', {}, (flow) => {
  it('is left alone undeclared; declared, its change waits for approval, is served, and converges', async () => {
    const plain = await flow.write('plain.yaml', flow.providers + zone(''));
    // Undeclared, the set PowerDNS gave the zone is no record set of the plan.
    await flow.converge(plain);
    expect(await servedNs(flow)).toEqual(['3600 ns1.example.net.']);

    const declared = await flow.write('declared.yaml', flow.providers + zone(APEX_NS));
    const plan = await flow.run(['plan', declared]);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      `zone:${ZONE}@pdns: changes the apex NS set of ${ZONE} (adds ns2.example.net.): the parent zone's ` +
        'delegation must name the same servers [apex-ns]',
    );
    expect((await flow.run(['apply', declared, '--yes'])).code).toBe(1);
    expect(await servedNs(flow)).toEqual(['3600 ns1.example.net.']);

    await flow.converge(declared, '--allow-unsafe');
    expect(await servedNs(flow)).toEqual(['600 ns1.example.net.', '600 ns2.example.net.']);
    // Declared no more, it stays as it is.
    expect((await flow.run(['plan', plain])).code).toBe(0);
  });

  // After the test above: the zone exists on PowerDNS with ns1 and ns2.
  it('differing from a zone file that serves the zone too is named in a note of the plan', async () => {
    const both = await flow.beside(
      ZONE,
      `$TTL 300\n@ SOA ns9.example.org. hostmaster.${ZONE}. 1 1h 10m 2w 5m\n@ NS ns9.example.org.\nwww 3600 A 192.0.2.80\n`,
      'www: { a: [192.0.2.80] }',
    );
    const plan = await flow.run(['plan', both]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      `Note: zone ${ZONE}: the apex NS sets of its providers differ (files serves ns9.example.org.; pdns serves ` +
        "ns1.example.net., ns2.example.net.); each provider's set should name every provider's servers, as the " +
        "parent zone's delegation does",
    );
  });
});
