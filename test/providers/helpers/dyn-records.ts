import { recordType } from '../../../src/model/record-types/registry.js';

/**
 * One realistic record of each type of issue 10, as the Dyn service returns it in `GET /AllRecord/<zone>/?detail=Y`
 * (rdata field names of the vendor's `<Type>Record` resources; names with their trailing dot, numbers as numbers).
 * A type the registry lists must have one here (test: every registered type has a wire fixture).
 */
export const WIRE_RECORDS: readonly { type: string; fqdn: string; rdata: Record<string, string | number> }[] =
  [
    { type: 'A', fqdn: 'www.a.test', rdata: { address: '192.0.2.10' } },
    { type: 'AAAA', fqdn: 'www.a.test', rdata: { address: '2001:db8::10' } },
    { type: 'ALIAS', fqdn: 'a.test', rdata: { alias: 'lb.example.net.' } },
    { type: 'CAA', fqdn: 'a.test', rdata: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    { type: 'CNAME', fqdn: 'web.a.test', rdata: { cname: 'www.a.test.' } },
    {
      type: 'DS',
      fqdn: 'sub.a.test',
      rdata: { keytag: 60485, algorithm: 5, digtype: 1, digest: '2BB183AF5F22588179A53B0A98631FAD1A292118' },
    },
    { type: 'MX', fqdn: 'a.test', rdata: { preference: 10, exchange: 'mail.a.test.' } },
    {
      type: 'NAPTR',
      fqdn: 'sip.a.test',
      rdata: {
        order: 100,
        preference: 10,
        flags: 'S',
        services: 'SIP+D2U',
        regexp: '',
        replacement: '_sip._udp.a.test.',
      },
    },
    { type: 'NS', fqdn: 'sub.a.test', rdata: { nsdname: 'ns1.example.net.' } },
    { type: 'PTR', fqdn: '10.a.test', rdata: { ptrdname: 'host.example.com.' } },
    { type: 'SPF', fqdn: 'a.test', rdata: { txtdata: 'v=spf1 -all' } },
    {
      type: 'SRV',
      fqdn: '_sip._tcp.a.test',
      rdata: { priority: 10, weight: 5, port: 5060, target: 'sip.a.test.' },
    },
    {
      type: 'SSHFP',
      fqdn: 'host.a.test',
      rdata: { algorithm: 2, fptype: 1, fingerprint: '123456789abcdef67890123456789abcdef67890' },
    },
    {
      type: 'TLSA',
      fqdn: '_443._tcp.www.a.test',
      rdata: {
        cert_usage: 3,
        selector: 1,
        match_type: 1,
        certificate: 'd2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971',
      },
    },
    { type: 'TXT', fqdn: 'a.test', rdata: { txtdata: 'hello world' } },
  ];

/** A record object as the service returns it. */
export function wireRecord(
  type: string,
  fqdn: string,
  rdata: Record<string, unknown>,
  recordId: number | string,
  ttl: number | string = 300,
) {
  return { zone: 'a.test', fqdn, record_type: type, ttl, rdata, record_id: recordId };
}

/**
 * A whole zone as `GET /AllRecord/a.test/?detail=Y` returns it: every key the service lists (empty `[]` when none),
 * the service's own SOA and four apex NS records, one record of each type of WIRE_RECORDS (ids 100, 101, …) and
 * a LOC and an RP record, types edgeplan does not manage.
 */
export function everyTypeZone(): Record<string, unknown[]> {
  const body: Record<string, unknown[]> = Object.fromEntries(
    ['cert', 'dhcid', 'dname', 'dnskey', 'ipseckey', 'key', 'kx', 'nsap', 'px'].map((t) => [
      `${t}_records`,
      [],
    ]),
  );
  const add = (type: string, record: unknown) => {
    const key = `${type.toLowerCase()}_records`;
    body[key] = [...(body[key] ?? []), record];
  };
  add('SOA', {
    ...wireRecord(
      'SOA',
      'a.test',
      { mname: 'ns1.p01.dynect.net.', rname: 'admin.a.test.', serial: 7 },
      1,
      3600,
    ),
    serial_style: 'increment',
  });
  for (const n of [1, 2, 3, 4])
    add('NS', {
      ...wireRecord('NS', 'a.test', { nsdname: `ns${n}.p01.dynect.net.` }, 10 + n, 86400),
      service_class: 'Primary',
    });
  for (const [i, { type, fqdn, rdata }] of WIRE_RECORDS.entries())
    add(type, wireRecord(type, fqdn, rdata, 100 + i));
  add(
    'LOC',
    wireRecord('LOC', 'office.a.test', { latitude: '52 22 23.000 N', longitude: '4 53 32.000 E' }, 90),
  );
  add('RP', wireRecord('RP', 'a.test', { mbox: 'ops.a.test.', txtdname: 'info.a.test.' }, 91));
  return body;
}

/** The canonical value of a WIRE_RECORDS entry through the registry; undefined for an unregistered type. */
export function canonicalOf(entry: { type: string; rdata: Record<string, unknown> }): string | undefined {
  const type = recordType(entry.type);
  if (type === undefined) return undefined;
  const parsed = type.dyn.fromRdata(entry.rdata);
  if (!parsed.ok)
    throw new Error(`the ${entry.type} fixture does not parse: ${JSON.stringify(parsed.problems)}`);
  return parsed.value;
}
