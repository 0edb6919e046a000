import { keyType } from './dnskey.js';
import { digestType } from './ds.js';
import type { RecordTypeRules } from './record-type.js';

/**
 * CDS and CDNSKEY (RFC 7344 §3): what a signed child zone publishes at its apex for its parent to copy into the
 * DS set: CDS in DS's form, CDNSKEY in DNSKEY's. RFC 8078 §4's delete forms, `0 0 0 00` and `0 3 0 AA==`, ask the
 * parent to remove the DS set, and stand alone in their set ("MUST contain one RR"). Any other value names a key
 * of the zone: BIND 9.18 refuses to load a zone (or take an UPDATE) whose CDS or CDNSKEY has an algorithm that no
 * DNSKEY at the apex has (measured with named-checkzone; the digest and key themselves are not compared), which
 * `matches` says, checked against the declared DNSKEY set at validation (config/rules/match-rules.ts).
 */
export const CDS_DELETE = '0 0 0 00';
export const CDNSKEY_DELETE = '0 3 0 AA==';

const DELETE_WHY =
  'RFC 8078 §4: the delete form asks the parent to remove the DS set, and is its set’s one record';

/** The algorithm field of a canonical value, by its place: CDS `<key-tag> <algorithm> …`, DNSKEY `<flags> 3 <algorithm> …`. */
const field = (value: string, index: number): string | undefined => value.split(' ')[index];

const rules = (deleteForm: string, algorithmAt: number): RecordTypeRules => ({
  apex: 'only',
  soleValue: { is: (value) => value === deleteForm, why: DELETE_WHY },
  matches: {
    type: 'DNSKEY',
    by: (value, dnskey) => field(value, algorithmAt) === field(dnskey, 2),
    what: 'a DNSKEY of its algorithm',
    why:
      'RFC 7344 §4.1: it names a key of the zone; BIND refuses to load or update a zone whose CDS or CDNSKEY has ' +
      'an algorithm no DNSKEY has',
  },
});

/** A value that is not the delete form but has its zero algorithm or digest type: refused, naming the form. */
const notDelete = (deleteForm: string, zero: (value: string) => boolean) => (value: string) =>
  value !== deleteForm && zero(value)
    ? `only the delete form "${deleteForm}" has a zero algorithm or digest type (RFC 8078 §4)`
    : null;

export const CDS = digestType(
  'CDS',
  'cds',
  rules(CDS_DELETE, 1),
  notDelete(CDS_DELETE, (value) => field(value, 1) === '0' || field(value, 2) === '0'),
);

export const CDNSKEY = keyType(
  'CDNSKEY',
  'cdnskey',
  rules(CDNSKEY_DELETE, 2),
  notDelete(CDNSKEY_DELETE, (value) => field(value, 2) === '0'),
);
