import type { TypeSample } from './every-type.js';

/**
 * One valid record of every type the service serves that edgeplan does not manage, with rdata as the vendor SDK
 * (dyninc/dyn-python `dyn/tm/records.py`) names its fields, beside the same record in zone-file form.
 */
export const SERVED_TYPES: readonly (TypeSample & { file: string })[] = [
  {
    type: 'CERT',
    fqdn: 'cert.example.com',
    rdata: { format: 1, tag: 0, algorithm: 0, certificate: 'MIIBIjANBgkqhkiG' },
    file: 'cert CERT PKIX 0 0 MIIBIjANBgkqhkiG',
  },
  {
    type: 'CSYNC',
    fqdn: 'example.com',
    rdata: { soa_serial: 66, flags: '3', types: 'A,NS,AAAA' },
    file: '@ CSYNC 66 3 A NS AAAA',
  },
  {
    type: 'DHCID',
    fqdn: 'client.example.com',
    rdata: { digest: 'AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=' },
    file: 'client DHCID AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=',
  },
  {
    type: 'DNAME',
    fqdn: 'old.example.com',
    rdata: { dname: 'new.example.net.' },
    file: 'old DNAME new.example.net.',
  },
  {
    type: 'DNSKEY',
    fqdn: 'example.com',
    rdata: { flags: 256, protocol: 3, algorithm: 8, public_key: 'AwEAAcNEU67LJI5GEgF9QLNqLO1SMq1E' },
    file: '@ DNSKEY 256 3 8 ( AwEAAcNEU67LJI5GEgF9\n QLNqLO1SMq1E )',
  },
  {
    type: 'IPSECKEY',
    fqdn: 'vpn.example.com',
    rdata: {
      precedence: 10,
      gatetype: 1,
      algorithm: 2,
      gateway: '192.0.2.38',
      public_key: 'AQNRU3mG7TVTO2Bk',
    },
    file: 'vpn IPSECKEY 10 1 2 192.0.2.38 AQNRU3mG7TVTO2Bk',
  },
  {
    type: 'KEY',
    fqdn: 'key.example.com',
    rdata: { flags: 256, protocol: 3, algorithm: 5, public_key: 'AQPSKmynfzW4kyBv' },
    file: 'key KEY 256 3 5 AQPSKmynfzW4kyBv',
  },
  {
    type: 'KX',
    fqdn: 'kx.example.com',
    rdata: { preference: 10, exchange: 'kdc.example.com.' },
    file: 'kx KX 10 kdc',
  },
  {
    type: 'LOC',
    fqdn: 'office.example.com',
    rdata: {
      latitude: '51 30 12.748 N',
      longitude: '0 7 39.611 W',
      altitude: '0.00m',
      size: '1m',
      horiz_pre: '10000m',
      vert_pre: '10m',
    },
    file: 'office LOC 51 30 12.748 N 0 7 39.611 W 0.00m',
  },
  {
    type: 'NSAP',
    fqdn: 'nsap.example.com',
    rdata: { nsap: '0x47000580005a0000000001e133ffffff00016100' },
    file: 'nsap NSAP 0x47000580005a0000000001e133ffffff00016100',
  },
  {
    type: 'PX',
    fqdn: 'px.example.com',
    rdata: { preference: 10, map822: 'net2.it.', mapx400: 'prmd-net2.admd-p400.c-it.' },
    file: 'px PX 10 net2.it. prmd-net2.admd-p400.c-it.',
  },
  {
    type: 'RP',
    fqdn: 'example.com',
    rdata: { mbox: 'admin.example.com.', txtdname: 'info.example.com.' },
    file: '@ RP admin info',
  },
];
