/**
 * `verify --nameserver` against the servers the `rfc2136` provider writes, BIND 9 and Knot: a zone applied through
 * the provider (`edgeplan apply`) is found served as desired, every set, the glue of a delegation included (served
 * in the referral's additional section, RFC 1034 §4.3.2); a record changed on the server behind edgeplan's back (an
 * UPDATE of its own) is found, exit 2; an apply that changes glue with `--wait-served` finds it served.
 */
import { expect, it, vi } from 'vitest';
import { Rfc2136Client } from '../../src/providers/rfc2136/index.js';
import { describeFlow, FLOW_NAMES, RFC2136_SERVERS } from '../support/provider-flow.js';

// Time budget: ten times its slowest test (apply and two verifies as child processes: 2 s idle), rounded up;
// starting the server waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const ZONE = 'verify.test';
const ZONES = `zones:
  ${ZONE}:
    providers: [dns]
    default_ttl: 300
    records:
      "@": { mx: [ { preference: 10, exchange: mail.example.net. } ], txt: [ "v=spf1 -all" ] }
      www: { a: [ 192.0.2.1, 192.0.2.2 ], aaaa: [ 2001:db8::1 ] }
      docs: { cname: www.verify.test. }
      _sip._tcp: { srv: [ { priority: 10, weight: 5, port: 5060, target: sip.example.net. } ] }
      _443._tcp.www: { tlsa: [ { certificate_usage: 3, selector: 1, matching_type: 1, certificate_association_data: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef } ] }
      caa: { caa: [ { flags: 0, tag: issue, value: letsencrypt.org } ] }
      sub: { ns: [ ns1.sub.${ZONE}., ns.example.net. ] }
      ns1.sub: { a: [ 192.0.2.53 ], aaaa: [ 2001:db8::53 ] }
`;

for (const kind of RFC2136_SERVERS) {
  describeFlow(kind, `verify against ${FLOW_NAMES[kind]}`, { zones: [{ zone: ZONE }] }, (flow) => {
    it('finds every set applied through the provider served, then a change made behind its back', async () => {
      const desired = await flow.write('desired.yaml', flow.providers + ZONES);
      await flow.converge(desired);
      const nameserver = `127.0.0.1:${flow.port}`;
      const verified = await flow.run(['verify', desired, '--nameserver', nameserver, '--format', 'json']);
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      const report = JSON.parse(verified.stdout);
      expect(report.counts).toMatchObject({ sets: 11, served: 11, differs: 0, failed: 0 });
      expect(report.summary).toBe(
        '11 record sets served as desired by every server (2 as glue in referrals).',
      );
      const glue = report.recordSets.find((set: { name: string }) => set.name === `ns1.sub.${ZONE}`);
      expect(glue.servers[0].answer).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['192.0.2.53'],
        glue: true,
      });

      const { key } = flow.server;
      const client = new Rfc2136Client({ server: { host: '127.0.0.1', port: flow.port }, key });
      const behind = [
        { kind: 'delete-rrset' as const, name: `www.${ZONE}`, type: 'A' },
        {
          kind: 'record' as const,
          record: { name: `www.${ZONE}`, type: 'A', ttl: 300, value: '203.0.113.66' },
        },
      ];
      expect((await client.update('behind its back', ZONE, [], behind)).rcode).toBe(0);
      const found = await flow.run(['verify', desired, '--nameserver', nameserver]);
      expect(found.code).toBe(2);
      expect(found.stdout).toContain(`127.0.0.1:${flow.port}: serves 203.0.113.66`);
    });

    it('an apply that changes glue with --wait-served converges and finds it served, in the referral', async () => {
      const desired = await flow.write(
        'desired.yaml',
        flow.providers + ZONES.replace('192.0.2.53', '192.0.2.54'),
      );
      const nameserver = `127.0.0.1:${flow.port}`;
      const { apply: applied } = await flow.converge(
        desired,
        '--wait-served=20s',
        '--nameserver',
        nameserver,
      );
      expect(applied.stdout + applied.stderr).toContain('Served: every changed record set');
      const verified = await flow.run(['verify', desired, '--nameserver', nameserver]);
      expect(verified.stdout).toContain('served as desired by every server (2 as glue in referrals).');
    });
  });
}
