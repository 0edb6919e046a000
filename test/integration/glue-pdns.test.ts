/**
 * Glue on a real PowerDNS: a delegation with its glue applied through the PowerDNS provider is served as a referral
 * whose additional section holds the glue (asked with dig, as a resolver would); import writes the glue back and
 * its round trip holds; deleting the glue of a delegation kept under `unmanaged` is held for approval.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { referral } from '../providers/pdns/dig.js';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times its one test (4.7 s alone at load 23 on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const ZONE = 'glue.example';
const RECORDS =
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n      www: { a: [192.0.2.80] }\n` +
  `      lab: { ns: [ns1.lab.${ZONE}., ns.example.net.] }\n`;
const GLUE = '      ns1.lab: { a: [192.0.2.53], aaaa: ["2001:db8::53"] }\n';

describeFlow('pdns', 'glue on PowerDNS', {}, (flow) => {
  it('serves the glue in the referral, imports it back, and holds its deletion for approval', async () => {
    await flow.converge(await flow.write('glue.yaml', flow.providers + RECORDS + GLUE));

    // A resolver asking for a name below the delegation is referred, and learns the in-bailiwick server's address.
    const asked = await referral(flow.port, { fqdn: `host.lab.${ZONE}`, type: 'A' });
    expect(asked.answer).toEqual([]);
    expect(asked.authority.map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort()).toEqual([
      `lab.${ZONE} NS ns.example.net.`,
      `lab.${ZONE} NS ns1.lab.${ZONE}.`,
    ]);
    expect(asked.additional.map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort()).toEqual([
      `ns1.lab.${ZONE} A 192.0.2.53`,
      `ns1.lab.${ZONE} AAAA 2001:db8::53`,
    ]);

    const providers = await flow.write('providers.yaml', flow.providers);
    const imported = await flow.run([
      'import',
      '--providers',
      providers,
      '--zones',
      ZONE,
      '--out',
      'imported',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await readFile(join(flow.dir, 'imported', `${ZONE}.yaml`), 'utf8')).toContain(
      '      ns1.lab: { a: [ 192.0.2.53 ], aaaa: [ 2001:db8::53 ] }\n',
    );

    const unglued = await flow.write(
      'unglued.yaml',
      `${flow.providers}zones:\n  ${ZONE}:\n    unmanaged: [lab]\n    records:\n      www: { a: [192.0.2.80] }\n`,
    );
    const plan = await flow.run(['plan', unglued]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      `zone:${ZONE}@pdns: leaves a name server inside its delegation without glue, the address resolvers can ` +
        `learn only from this zone: ns1.lab.${ZONE} (delegation lab.${ZONE}) [delegation-glue]`,
    );
    expect((await flow.run(['apply', unglued, '--yes'])).code).toBe(1);
    const still = await referral(flow.port, { fqdn: `host.lab.${ZONE}`, type: 'A' });
    expect(still.additional.map((r) => r.value).sort()).toEqual(['192.0.2.53', '2001:db8::53']);
  });
});
