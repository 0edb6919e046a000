/**
 * The SOA in PowerDNS's ops (RFC 1035 §3.3.13): its value leaves the serial out, PowerDNS's rrset carries it, so a
 * replace sends back the serial the plan read (PowerDNS then applies the zone's SOA-EDIT-API); a zone the plan creates
 * gets the fields the desired state leaves out as PowerDNS would have set them.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDER_TTL } from '../../../src/model/record-set.js';
import { pdnsContent } from '../../../src/providers/pdns/content.js';
import { PdnsOpError, parsePdnsOp, pdnsCompiler } from '../../../src/providers/pdns/index.js';
import { setWork } from '../helpers/compile-input.js';

describe('the SOA in PowerDNS ops', () => {
  it('replaces the SOA rrset with the serial the plan read, which the content puts back third', () => {
    const ops = pdnsCompiler().compileZone({
      zone: 'a.test',
      create: null,
      sets: [
        setWork(
          'a.test',
          'SOA',
          [['ns1.a.test. hostmaster.a.test. 3600 600 1209600 300'], 3600],
          [['2024010107', 'ns1.a.test. hostmaster.a.test. 10800 600 1209600 300', 3600]],
        ),
      ],
    });
    const replace = { fqdn: 'a.test', type: 'SOA', ttl: 3600, serial: 2024010107 };
    expect(ops).toEqual([
      {
        kind: 'patch-zone',
        zone: 'a.test',
        delete: [],
        replace: [{ ...replace, values: ['ns1.a.test. hostmaster.a.test. 3600 600 1209600 300'] }],
      },
    ]);
    expect(ops.map(parsePdnsOp)).toEqual(ops);
    expect(pdnsContent('SOA', 'ns1.a.test. hostmaster.a.test. 3600 600 1209600 300', 2024010107)).toBe(
      'ns1.a.test. hostmaster.a.test. 2024010107 3600 600 1209600 300',
    );
    // A hand-edited op: refused as one, before its request is sent.
    const unnumbered = () => pdnsContent('SOA', 'ns1.a.test. hostmaster.a.test. 3600 600 1209600 300');
    expect(unnumbered).toThrow(PdnsOpError);
    expect(unnumbered).toThrow(
      'not a PowerDNS op: an SOA replace has no serial (ns1.a.test. hostmaster.a.test. 3600 600 1209600 300); ' +
        'nothing of it was sent',
    );
  });

  it("creates a zone with its SOA whole: the fields left out PowerDNS's, MNAME the first name server", () => {
    const compile = (nameservers: string[], ttl: number) =>
      pdnsCompiler({ zoneKind: 'Native', nameservers, soaEditApi: 'DEFAULT' }).compileZone({
        zone: 'new.test',
        create: { rname: 'dns@example.com', ttl: 300, serialStyle: 'increment' },
        sets: [
          setWork('new.test', 'SOA', [['- - 7200 - - 60'], ttl], [], 'new.test'),
          setWork('www.new.test', 'A', [['192.0.2.1'], PROVIDER_TTL + 60], [], 'new.test'),
        ],
      });
    const [op] = compile(['ns1.example.net.', 'ns2.example.net.'], PROVIDER_TTL);
    expect(op?.kind === 'create-zone' && op.replace).toEqual([
      {
        fqdn: 'new.test',
        type: 'SOA',
        ttl: 300,
        values: ['ns1.example.net. dns.example.com. 7200 3600 604800 60'],
        serial: 0,
      },
      // Other sets as they are.
      { fqdn: 'www.new.test', type: 'A', ttl: 60, values: ['192.0.2.1'] },
    ]);
    const [bare] = compile([], 600);
    expect(bare?.kind === 'create-zone' && bare.replace[0]).toMatchObject({
      ttl: 600,
      values: ['a.misconfigured.dns.server.invalid. dns.example.com. 7200 3600 604800 60'],
    });
  });
});
