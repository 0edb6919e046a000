/**
 * A type by its number (RFC 3597) in a zone file: declared as `type65280`, written `TYPE65280 \# 3 010203`, loaded
 * by BIND (named-checkzone), planned empty after apply; an undeclared one is managed like any type (deleted under
 * the default `manage: all`, kept under `manage: declared`: docs/sharing.md); import writes it.
 */
import { sep } from 'node:path';
import { expect, it, vi } from 'vitest';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times its test (about 1.5 s alone on 2 cores), rounded up; it runs the CLI and named-checkzone.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

// 65280 is private use (RFC 6895 §3.1); 65534 is BIND's own signing state, never used here.
const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
old TYPE65280 \\# 2 ABCD
`;
const zones = (manage: string) => `zones:
  example.com:
    providers: [files]
${manage}    records:
      x: { type65280: ["\\\\# 3 01 02 03", "\\\\# 0"], ttl: 300 }
`;
const GENERIC = [
  { fqdn: 'old.example.com', type: 'TYPE65280' },
  { fqdn: 'x.example.com', type: 'TYPE65280' },
];

describeFlow(
  'zonefile',
  'a type by its number in a zone file (RFC 3597 §5)',
  { zones: [{ zone: 'example.com', text: ZONE }] },
  (flow) => {
    it('is written in the generic form, loads in BIND, plans empty, and an undeclared one goes only under manage: all (the default)', async () => {
      const declared = await flow.write('declared.yaml', flow.providers + zones('    manage: declared\n'));
      const all = await flow.write('all.yaml', flow.providers + zones(''));
      await flow.converge(declared);
      const text = await flow.zoneFile('example.com');
      expect(text).toContain('x\t300\tIN\tTYPE65280\t\\# 0\nx\t300\tIN\tTYPE65280\t\\# 3 010203\n');
      expect(text).toContain('old TYPE65280 \\# 2 ABCD\n');
      const generic = await flow.ask('example.com', GENERIC);
      expect(generic.map(({ fqdn, value }) => `${fqdn} ${value}`)).toEqual([
        'old.example.com \\# 2 abcd',
        'x.example.com \\# 0',
        'x.example.com \\# 3 010203',
      ]);

      const plan = await flow.run(['plan', all]);
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain('  - old.example.com TYPE65280 ttl 300 \\# 2 abcd\n');
      await flow.converge(all);
      expect(await flow.zoneFile('example.com')).not.toContain('old');
      expect((await flow.ask('example.com', GENERIC)).map(({ fqdn }) => fqdn)).toEqual([
        'x.example.com',
        'x.example.com',
      ]);
    });

    it('is refused for a provider that cannot hold it, by its name, and TYPE65534 by RFC 2136', async () => {
      const dyn = await flow.write(
        'dyn.yaml',
        `providers:
  dyn: { type: dyn, customer_env: EDGEPLAN_C, user_env: EDGEPLAN_U, password_env: EDGEPLAN_P }
zones:
  example.com:
    providers: [dyn]
    records:
      x: { type65280: ["\\\\# 1 ff"] }
`,
      );
      const checked = await flow.run(['validate', dyn]);
      expect(checked.code).toBe(1);
      expect(checked.stderr).toContain(
        'dyn.yaml:7:12: EP1301 record "x": the DNS provider dyn does not support record type TYPE65280',
      );

      // RFC 2136: BIND keeps a signed zone's signing state in TYPE65534, which the provider leaves to the server.
      const dns = await flow.write(
        'dns.yaml',
        `providers:
  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }
zones:
  example.com:
    providers: [dns]
    records:
      "@": { type65534: ["\\\\# 5 0d30390000"] }
      x: { type65280: ["\\\\# 1 ff"] }
`,
      );
      const server = await flow.run(['validate', dns]);
      expect(server.code).toBe(1);
      expect(server.stderr.replace(flow.dir + sep, '')).toBe(
        'dns.yaml:7:26: EP1301 record "@" TYPE65534: the DNS provider dns does not write TYPE65534: BIND keeps a ' +
          "signed zone's signing state in it; the server's records of it are left alone\n" +
          '1 problem found; nothing was sent to any API.\n',
      );
    });
  },
);
