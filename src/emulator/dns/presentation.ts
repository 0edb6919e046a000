import type { WireRecord } from '../../dns-wire/index.js';
import { quote, quoteChunks, scanStrings } from '../../model/record-types/character-strings.js';
import type { RecordState } from '../dyn/account.js';
import { type Rdata, rdataFields } from '../dyn/rdata.js';

/**
 * The emulator's published records as a DNS server serves them: each record's Dyn rdata in presentation format, its
 * fields in the order RFC 1035 and its successors give them (dyn/rdata.ts lists them so). Names in rdata are
 * absolute (the Dyn API takes them with or without the final dot); text is quoted, except a TXT/SPF `txtdata` that
 * is already quoted strings (the form edgeplan writes, see record-types/txt.ts), CERT's base64 and LOC's words. ALIAS has no DNS
 * type of its own (Dyn answers it with the target's addresses, which the emulator cannot look up) and is not served;
 * neither are types the wire codec lacks (dns-wire/rdata.ts).
 */
export function servedRecords(zone: ZoneVersion): WireRecord[] {
  return zone.records.flatMap((record) => {
    const value = presentation(record, zone);
    return value === null ? [] : [{ name: record.fqdn, type: record.type, ttl: record.ttl, value }];
  });
}

/** A zone's records as one publish left them, with the serial the SOA shows. */
export interface ZoneVersion {
  zone: string;
  serial: number;
  rname: string;
  records: readonly RecordState[];
}

const SERVED_TYPES = new Set([
  ...[
    'A',
    'AAAA',
    'CAA',
    'CERT',
    'CNAME',
    'DHCID',
    'DNAME',
    'DNSKEY',
    'DS',
    'LOC',
    'MX',
    'NAPTR',
    'NS',
    'PTR',
  ],
  ...['RP', 'SOA', 'SPF', 'SRV', 'SSHFP', 'TLSA', 'TXT'],
]);
/** Text fields written bare: CERT's base64, LOC's own words (`51 30 12.748 N`, `0.00m`). */
const BARE_TEXT = new Set(['CERT', 'LOC']);

function presentation(record: RecordState, zone: ZoneVersion): string | null {
  if (!SERVED_TYPES.has(record.type)) return null;
  const { type, rdata } = record;
  if (type === 'SOA') return soa(rdata, zone);
  if (type === 'TXT' || type === 'SPF') return textData(String(rdata.txtdata ?? ''));
  return rdataFields(type)
    .map((spec) => {
      const value = rdata[spec.name];
      if (spec.kind === 'name') return absolute(String(value));
      if (spec.kind === 'naptr-flags' || (spec.kind === 'text' && !BARE_TEXT.has(type)))
        return quote(String(value));
      return String(value);
    })
    .join(' ');
}

/** The SOA with the zone's serial and its contact as a name (`admin@example.com` → `admin.example.com.`). */
function soa(rdata: Rdata, zone: ZoneVersion): string {
  const rname = absolute(String(rdata.rname ?? zone.rname).replace('@', '.'));
  const times = [rdata.refresh, rdata.retry, rdata.expire, rdata.minimum].map(Number).join(' ');
  return `${absolute(String(rdata.mname))} ${rname} ${zone.serial} ${times}`;
}

function textData(txtdata: string): string {
  const scanned = scanStrings(txtdata);
  const quoted = scanned.ok && scanned.tokens.length > 0 && scanned.tokens.every((t) => t.quoted);
  return quoted ? txtdata : quoteChunks(txtdata);
}

function absolute(name: string): string {
  return name.endsWith('.') ? name.toLowerCase() : `${name.toLowerCase()}.`;
}
