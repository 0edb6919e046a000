/**
 * The SOA of a zone file (RFC 1035 §3.3.13): left as written while the desired state does not declare `soa`;
 * declared, the plan changes only the fields the YAML names, the splice writer rewrites the SOA line in place with
 * the serial up once (never planned), BIND loads it (named-checkzone), and a second plan is empty.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times its test (about 1 s alone on 2 cores), rounded up; it runs the CLI and named-checkzone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = `$TTL 300
; the zone's own records
@ 3600 SOA ns1.example.net. hostmaster.example.com. 2024010101 10800 10m 2w 5m ; timers
@ NS ns1.example.net.
www A 192.0.2.1
`;
const zones = (apex: string) => `zones:
  example.com:
    providers: [files]
    records:
${apex}      www: { a: [192.0.2.1], ttl: 300 }
`;
const SOA = '      "@": { soa: { refresh: 1h, rname: dns@example.com } }\n';

describeFlow(
  'zonefile',
  'the SOA of a zone file',
  { zones: [{ zone: 'example.com', text: ZONE }] },
  (flow) => {
    it('changes only the fields declared, in place, with the serial up once, and converges', async () => {
      const plain = await flow.write('plain.yaml', flow.providers + zones(''));
      const declared = await flow.write('declared.yaml', flow.providers + zones(SOA));
      expect((await flow.run(['plan', plain])).code).toBe(0);

      const plan = await flow.run(['plan', declared]);
      expect(plan.code, plan.stderr).toBe(2);
      // Only the fields that differ; the serial never appears (RFC 1035 §3.3.13: it is the provider's).
      const line = plan.stdout.split('\n').find((one) => one.includes('example.com SOA'));
      expect(line?.trim()).toBe(
        '~ example.com SOA rname hostmaster.example.com.→dns.example.com., refresh 10800→3600',
      );

      await flow.converge(declared);
      const lines = (await flow.zoneFile('example.com')).split('\n');
      // The other lines as written; the SOA row in place, its TTL, MNAME, retry, expire and minimum kept.
      expect(lines[1]).toBe("; the zone's own records");
      // The serial in its day style (YYYYMMDDnn), up from the one read: today's, or 2024010102.
      const serial =
        /^@\t3600\tIN\tSOA\tns1\.example\.net\. dns\.example\.com\. (\d{10}) 3600 600 1209600 300$/.exec(
          lines[2] ?? '',
        )?.[1];
      expect(Number(serial)).toBeGreaterThan(2024010101);
      expect(lines.slice(3)).toEqual(['@ NS ns1.example.net.', 'www A 192.0.2.1', '']);
      // As BIND loads it.
      expect(await flow.ask('example.com', [{ fqdn: 'example.com', type: 'SOA' }])).toEqual([
        {
          fqdn: 'example.com',
          type: 'SOA',
          ttl: 3600,
          value: 'ns1.example.net. dns.example.com. 3600 600 1209600 300',
        },
      ]);
      expect(await flow.serial('example.com')).toBe(Number(serial));
      expect((await flow.run(['plan', plain])).code).toBe(0);
    });

    it('is written with a zone file the plan creates, the fields left out as a new file has them', async () => {
      const created = await flow.write(
        'new.yaml',
        `providers:
  files: { type: zonefile, directory: zones, nameservers: [ns1.example.net.] }
zones:
  new.example:
    providers: [files]
    create: { contact: dns@example.com }
    records:
      "@": { soa: { refresh: 7200, minimum: 60, ttl: 600 } }
`,
      );
      await flow.converge(created);
      // RFC 1035 §3.3.13: MNAME the first name server, RNAME the contact, retry and expire a new file's own.
      expect(await flow.zoneFile('new.example')).toMatch(
        /\n@\t600\tIN\tSOA\tns1\.example\.net\. dns\.example\.com\. \d+ 7200 600 1209600 60\n/,
      );
    });
  },
);
