import { scanStrings } from '../../../model/record-types/character-strings.js';
import { textField } from '../../../model/record-types/fields.js';
import type { ParseResult, RecordType } from '../../../model/record-types/record-type.js';
import { requireRecordType } from '../../../model/record-types/registry.js';

/**
 * A record type's `rdata` object on the Dyn API: what `/<TYPE>Record/` writes and geo groups take, and what
 * `<type>_records` reads and pending changes give back.
 */
export interface DynRdata {
  /** Canonical value → the `rdata` object a write sends. */
  toRdata(value: string): Record<string, string | number>;
  /** The `rdata` object the service returns → canonical value; a problem when it is not a valid value. */
  fromRdata(rdata: Record<string, unknown>): ParseResult;
}

/** How Dyn's rdata of a type is made from the registered type. */
type Mapping = (type: RecordType) => DynRdata;

/**
 * Dyn's rdata of each type it serves: the type's `fields` (record-type.ts) under the service's field names, from
 * the vendor's `<Type>Record` documentation and SDK (dyninc/dyn-python `dyn/tm/records.py`). A type that is not
 * here is not one Dyn manages (capabilities.ts). A new type's line goes here, with its `dyn` examples in its
 * record-type fixture.
 */
const DYN_RDATA: ReadonlyMap<string, Mapping> = new Map([
  ['A', renamed()],
  ['AAAA', renamed()],
  ['ALIAS', renamed({ target: 'alias' })],
  ['CAA', renamed()],
  // The SDK's CDNSKEYRecord and CDSRecord: DNSKEY's and DS's fields (RFC 7344 §3).
  ['CDNSKEY', renamed({}, { public_key: /\s/g })],
  ['CDS', renamed({ key_tag: 'keytag', digest_type: 'digtype' }, { digest: /[\s()]/g })],
  // The SDK's CERTRecord: `format` is the certificate type, `tag` the key tag. Base64 may come back in lines.
  ['CERT', renamed({ cert_type: 'format', key_tag: 'tag' }, { certificate: /\s/g })],
  ['CNAME', renamed()],
  // The SDK's DHCIDRecord, DNAMERecord, DNSKEYRecord, LOCRecord and RPRecord.
  ['DHCID', renamed({}, { digest: /\s/g })],
  ['DNAME', renamed()],
  ['DNSKEY', renamed({}, { public_key: /\s/g })],
  // The vendor documents the digest "surrounded by parenthesis characters" (help.dyn.com "Create DS Records"):
  // read it with or without them, and with spaces inside as in a zone file.
  ['DS', renamed({ key_tag: 'keytag', digest_type: 'digtype' }, { digest: /[\s()]/g })],
  // Each field in its text form (`52 22 23.000 N`, `-2.00m`, `10000m`); the SDK sends the sizes as numbers of metres.
  ['LOC', renamed()],
  ['MX', renamed()],
  ['NAPTR', renamed({ service: 'services' })],
  ['NS', renamed()],
  ['PTR', renamed()],
  ['RP', renamed({ mailbox: 'mbox', text: 'txtdname' })],
  ['SPF', textData],
  ['SRV', renamed()],
  ['SSHFP', renamed({ fingerprint_type: 'fptype' })],
  // The service's TLSARecord (help.dyn.com "Creating TLSA Records", the SDK's TLSARecord).
  [
    'TLSA',
    renamed({
      certificate_usage: 'cert_usage',
      matching_type: 'match_type',
      certificate_association_data: 'certificate',
    }),
  ],
  ['TXT', textData],
]);

/** Dyn's rdata of `type`, or undefined for a type it does not manage. */
export function dynRdata(type: string): DynRdata | undefined {
  const mapping = DYN_RDATA.get(type);
  return mapping?.(requireRecordType(type));
}

/** Like `dynRdata`, for a type the caller knows Dyn manages (a planned op): throws otherwise. */
export function requireDynRdata(type: string): DynRdata {
  const found = dynRdata(type);
  if (!found) throw new Error(`record type ${type} has no Dyn rdata mapping`);
  return found;
}

/** The types Dyn manages, in the order of the table (the registry's). */
export const DYN_RDATA_TYPES: readonly string[] = [...DYN_RDATA.keys()];

/**
 * The type's fields with some renamed (`{ field: dynName }`; the others keep their names), and, where the service
 * returns a text field in a looser form, the characters `strip` removes from it on reading. Keys the service sends
 * besides the fields are ignored by `fromFields`; a renamed field is read from its Dyn name only.
 */
function renamed(
  names: Readonly<Record<string, string>> = {},
  strip: Readonly<Record<string, RegExp>> = {},
): Mapping {
  const dynNames = new Map(Object.entries(names));
  return (known) => ({
    toRdata: (value) =>
      Object.fromEntries(
        Object.entries(known.fields(value)).map(([field, v]) => [dynNames.get(field) ?? field, v]),
      ),
    fromRdata: (rdata) => {
      const fields: Record<string, unknown> = { ...rdata };
      for (const [field, dynName] of dynNames) fields[field] = rdata[dynName];
      for (const [field, pattern] of Object.entries(strip))
        fields[field] = textField(fields[field]).replace(pattern, '');
      return known.fromFields(fields);
    },
  });
}

/**
 * TXT and SPF: `txtdata` is written as the canonical presentation text, quoted and split into 255-octet strings:
 * the form octoDNS's Dyn provider writes (`_kwargs_for_TXT` sends `chunked_values`), and the only one that carries
 * more than 255 octets. Records entered elsewhere come back as bare text, which is read as the text itself.
 */
function textData(known: RecordType): DynRdata {
  return {
    toRdata: (value) => ({ txtdata: value }),
    fromRdata: ({ txtdata }) =>
      isQuoted(txtdata) ? known.parsePresentation(txtdata) : known.fromFields({ txtdata }),
  };
}

/** Quoted strings only (`"v=spf1 " "-all"`), as edgeplan writes them; not bare text. */
function isQuoted(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const scanned = scanStrings(text);
  return scanned.ok && scanned.tokens.length > 0 && scanned.tokens.every((token) => token.quoted);
}
