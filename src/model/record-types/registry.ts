import { compareStrings } from '../compare.js';
import { A } from './a.js';
import { AAAA } from './aaaa.js';
import { ALIAS } from './alias.js';
import { CAA } from './caa.js';
import { CDNSKEY, CDS } from './cds.js';
import { CERT } from './cert.js';
import { CNAME } from './cname.js';
import { DHCID } from './dhcid.js';
import { DNAME } from './dname.js';
import { DNSKEY } from './dnskey.js';
import { DS } from './ds.js';
import { genericRecordType, genericRecordTypeOfKey } from './generic.js';
import { HINFO } from './hinfo.js';
import { LOC } from './loc.js';
import { MX } from './mx.js';
import { NAPTR } from './naptr.js';
import { NS } from './ns.js';
import { OPENPGPKEY } from './openpgpkey.js';
import { PTR } from './ptr.js';
import type { RecordType } from './record-type.js';
import { RP } from './rp.js';
import { SMIMEA } from './smimea.js';
import { SOA } from './soa.js';
import { SPF } from './spf.js';
import { SRV } from './srv.js';
import { SSHFP } from './sshfp.js';
import { HTTPS, SVCB } from './svcb.js';
import { TLSA } from './tlsa.js';
import { TXT } from './txt.js';
import { URI } from './uri.js';

/**
 * Every record type edgeplan manages, one entry each. Adding a type is its file, its import and entry here, its
 * fixtures (test/fixtures/record-types/<key>.yaml) and value generator (test/model/record-types/values.ts), and its
 * Dyn mapping: one line in src/providers/dyn/wire/rdata.ts (docs/record-types.md, "How to add a type").
 */
export const RECORD_TYPES: readonly RecordType[] = [
  A,
  AAAA,
  ALIAS,
  CAA,
  CDNSKEY,
  CDS,
  CERT,
  CNAME,
  DHCID,
  DNAME,
  DNSKEY,
  DS,
  HINFO,
  HTTPS,
  LOC,
  MX,
  NAPTR,
  NS,
  OPENPGPKEY,
  PTR,
  RP,
  SMIMEA,
  SOA,
  SPF,
  SRV,
  SSHFP,
  SVCB,
  TLSA,
  TXT,
  URI,
];

const BY_TYPE = new Map(RECORD_TYPES.map((t) => [t.type, t]));
const BY_KEY = new Map(RECORD_TYPES.map((t) => [t.key, t]));

/**
 * The type named `type` (upper case, `MX`; a type by its number, `TYPE65280`: generic.ts), or undefined when
 * edgeplan does not manage it.
 */
export function recordType(type: string): RecordType | undefined {
  return BY_TYPE.get(type) ?? genericRecordType(type);
}

/** Like `recordType`, for a type the caller knows is registered (a model value): throws otherwise. */
export function requireRecordType(type: string): RecordType {
  const found = recordType(type);
  if (!found) throw new Error(`record type ${type} is not registered`);
  return found;
}

/** The type of a YAML record-set key (`mx`, `type65280`), or undefined. */
export function recordTypeOfKey(key: string): RecordType | undefined {
  return BY_KEY.get(key) ?? genericRecordTypeOfKey(key);
}

/** Values of a set in the type's canonical order, duplicates removed. */
export function sortValues(type: string, values: Iterable<string>): string[] {
  return [...new Set(values)].sort(recordType(type)?.compare ?? compareStrings);
}
