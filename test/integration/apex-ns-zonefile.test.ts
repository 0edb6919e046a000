/**
 * The apex NS set of a zone file: left as written while the desired state does not declare it; declared, a change
 * is held for approval (`apex-ns`), applied with `--allow-unsafe`, loaded by BIND (named-checkzone) with the new
 * servers, and a second plan is empty.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times its test (about 1 s alone on 2 cores), rounded up; it runs the CLI and named-checkzone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
www A 192.0.2.1
`;
const zones = (apex: string) => `zones:
  example.com:
    providers: [files]
    records:
${apex}      www: { a: [192.0.2.1], ttl: 300 }
`;
const APEX_NS = '      "@": { ns: [ns1.example.net., ns2.example.net.], ttl: 600 }\n';

describeFlow(
  'zonefile',
  'the apex NS set of a zone file',
  { zones: [{ zone: 'example.com', text: ZONE }] },
  (flow) => {
    it('is left as written undeclared; declared, its change waits for approval, loads, and converges', async () => {
      const plain = await flow.write('plain.yaml', flow.providers + zones(''));
      const declared = await flow.write('declared.yaml', flow.providers + zones(APEX_NS));
      expect((await flow.run(['plan', plain])).code).toBe(0);

      const plan = await flow.run(['plan', declared]);
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain(
        'zone:example.com@files: changes the apex NS set of example.com (adds ns2.example.net.): the parent ' +
          "zone's delegation must name the same servers [apex-ns]",
      );
      expect((await flow.run(['apply', declared, '--yes'])).code).toBe(1);
      expect(await flow.zoneFile('example.com')).toBe(ZONE);

      await flow.converge(declared, '--allow-unsafe');
      expect(await flow.zoneFile('example.com')).toContain(
        '@\t600\tIN\tNS\tns1.example.net.\n@\t600\tIN\tNS\tns2.example.net.\n',
      );
      const apexNs = await flow.ask('example.com', [{ fqdn: 'example.com', type: 'NS' }]);
      expect(apexNs.map(({ ttl, value }) => `${ttl} ${value}`)).toEqual([
        '600 ns1.example.net.',
        '600 ns2.example.net.',
      ]);
      expect((await flow.run(['plan', plain])).code).toBe(0);
    });
  },
);
