/**
 * One valid record of every type the client manages, at a node where the service takes it, with rdata as the
 * service names its fields. Shared by the record-type, seed and fuzz tests.
 */
export interface TypeSample {
  type: string;
  /** Node name inside `example.com`. */
  fqdn: string;
  rdata: Record<string, string | number>;
}

export const EVERY_TYPE: readonly TypeSample[] = [
  { type: 'A', fqdn: 'host.example.com', rdata: { address: '192.0.2.7' } },
  { type: 'AAAA', fqdn: 'host.example.com', rdata: { address: '2001:db8::7' } },
  { type: 'CNAME', fqdn: 'alias.example.com', rdata: { cname: 'host.example.com.' } },
  { type: 'ALIAS', fqdn: 'example.com', rdata: { alias: 'lb.example.net.' } },
  { type: 'MX', fqdn: 'example.com', rdata: { preference: 10, exchange: 'mail.example.com.' } },
  { type: 'TXT', fqdn: 'example.com', rdata: { txtdata: 'v=spf1 -all' } },
  { type: 'SPF', fqdn: 'example.com', rdata: { txtdata: 'v=spf1 include:_spf.example.net -all' } },
  {
    type: 'SRV',
    fqdn: '_sip._tcp.example.com',
    rdata: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com.' },
  },
  { type: 'CAA', fqdn: 'example.com', rdata: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
  { type: 'NS', fqdn: 'sub.example.com', rdata: { nsdname: 'ns1.example.net.' } },
  { type: 'PTR', fqdn: '7.2.0.192.example.com', rdata: { ptrdname: 'host.example.com.' } },
  {
    type: 'NAPTR',
    fqdn: 'sip.example.com',
    rdata: {
      order: 100,
      preference: 10,
      flags: 'U',
      services: 'E2U+sip',
      regexp: '!^.*$!sip:info@example.com!',
      replacement: '.',
    },
  },
  {
    type: 'SSHFP',
    fqdn: 'host.example.com',
    rdata: {
      algorithm: 4,
      fptype: 2,
      fingerprint: '123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0',
    },
  },
  {
    type: 'TLSA',
    fqdn: '_443._tcp.host.example.com',
    rdata: {
      cert_usage: 3,
      selector: 1,
      match_type: 1,
      certificate: 'd2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971',
    },
  },
  {
    type: 'DS',
    fqdn: 'sub.example.com',
    rdata: { keytag: 60485, algorithm: 5, digtype: 1, digest: '2BB183AF5F22588179A53B0A98631FAD1A292118' },
  },
];
