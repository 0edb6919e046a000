/**
 * The real-zones corpus (test/fixtures/zones/, its README names each file's source and licence): zone files
 * written by others, each with the zone it is the file of and what it brings to the tests.
 */
import { readFile } from 'node:fs/promises';

export interface CorpusZone {
  /** The file under test/fixtures/zones/. */
  file: string;
  zone: string;
  /** What it covers, for the tests' names. */
  covers: string;
  /** PowerDNS's API refuses the file as it is, for the reason given (it cannot be loaded there to import from). */
  pdnsRefuses?: string;
  /** BIND refuses the file as it is (named-checkzone), for the reason given: the corpus keeps what others wrote. */
  bindRefuses?: string;
  /** Knot refuses to load the file as it is, for the reason given. */
  knotRefuses?: string;
  /**
   * Record sets of managed types that validation refuses where they are (a DS at the apex, or beside no NS): import
   * writes them under `unmanaged` by name and type, and names each (`recordSetKey`, sorted).
   */
  leftAlone?: readonly string[];
  /**
   * Sets of types edgeplan does not manage that the file writes in RFC 3597 form (`TYPE63`) and BIND names by their
   * mnemonic (`ZONEMD`): edgeplan keeps the type as written, so its key → the key BIND gives.
   */
  bindNames?: Readonly<Record<string, string>>;
  /**
   * Why its import does not round-trip yet: a part of edgeplan the zone needs that has not landed. The test is
   * `it.fails` while this is set; once the part lands it passes, vitest says so, and this entry must go.
   */
  pending?: string;
}

export const CORPUS: readonly CorpusZone[] = [
  {
    file: 'pdns-test.com.zone',
    zone: 'test.com',
    covers: 'toroot CNAME ., null MX, SRV to ., NAPTR, RP, DNAME, TYPE65226 (RFC 3597), \\195\\133 escapes',
    bindRefuses: 'a TXT string of 279 octets (at most 255)',
  },
  {
    file: 'pdns-wtest.com.zone',
    zone: 'wtest.com',
    covers: 'wildcards (CNAME and A, deep), NS to the root',
    pdnsRefuses: 'an apex NS record naming the root (".")',
  },
  {
    file: 'pdns-dnssec-parent.com.zone',
    zone: 'dnssec-parent.com',
    covers: 'glue below delegations, DS at a delegation, a wildcard CNAME, empty non-terminals',
  },
  {
    file: 'bind-dnssec-parent.com.zone',
    zone: 'dnssec-parent.com',
    covers: '$ORIGIN . and $ORIGIN changes as BIND writes a zone (named-compilezone)',
  },
  {
    file: 'pdns-2.0.192.in-addr.arpa.zone',
    zone: '2.0.192.in-addr.arpa',
    covers: 'a reverse zone (SOA and NS only)',
  },
  {
    file: 'rfc8976-uri.arpa.zone',
    zone: 'uri.arpa',
    covers: 'a signed zone: DNSKEY, RRSIG, NSEC, ZONEMD; NAPTR with a regexp',
    knotRefuses: 'Knot does not serve it as loaded (its transfer answers SERVFAIL)',
  },
  {
    file: 'rfc8976-root-servers.net.zone',
    zone: 'root-servers.net',
    covers: 'the SOA repeated at the end (a transfer saved as a file), ZONEMD, MX, absolute names',
  },
  {
    file: 'octodns-bind-unit.tests.zone',
    zone: 'unit.tests',
    covers: 'SSHFP, CAA, SRV, multi-value TXT, LOC, TLSA, HTTPS, SVCB with alpn="h3,h2", a DS at the apex',
    bindRefuses: 'a DS at the apex',
    pdnsRefuses: 'a DS at the apex ("Record unit.tests. IN DS is not allowed at apex")',
    leftAlone: ['sub.unit.tests DS', 'unit.tests DS'],
  },
  {
    file: 'verisign-arpa.zone',
    zone: 'arpa',
    covers: 'a one-label zone; NSEC3PARAM, NSEC3, DNSKEY, RRSIG, DS at delegations, glue',
    pdnsRefuses: 'its API answers 500 Internal Server Error to this file, leaving the zone half made',
    bindNames: { 'arpa TYPE63': 'arpa ZONEMD' },
  },
  {
    file: 'edgeplan-hazards.example.zone',
    zone: 'hazards.example',
    covers: 'a name without its trailing dot (doubled), a CNAME loop, two SPF policies, A-labels (IDN)',
  },
];

export function corpusText(file: string): Promise<string> {
  return readFile(new URL(`../fixtures/zones/${file}`, import.meta.url), 'utf8');
}
