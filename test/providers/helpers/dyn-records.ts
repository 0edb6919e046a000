import { RECORD_TYPES } from '../../../src/model/record-types/registry.js';
import { dynRdata } from '../../../src/providers/dyn/wire/rdata.js';
import { NOT_AT_DYN, requireDynFixture } from '../../fixtures/record-types/fixtures.js';

/**
 * One record of each registered type as the Dyn service returns it in `GET /AllRecord/<zone>/?detail=Y`: the first
 * rdata of the type's fixture (`dyn.both`, written by hand from the vendor's `<Type>Record` field names), at a name
 * of its own (the apex for a type that stands only there), so a type added with its fixture is covered here too.
 */
export const WIRE_RECORDS: readonly { type: string; fqdn: string; rdata: Record<string, unknown> }[] =
  RECORD_TYPES.filter((type) => !NOT_AT_DYN.has(type.type)).map((type) => ({
    type: type.type,
    fqdn: type.rules?.apex === 'only' ? 'a.test' : `${type.key}.a.test`,
    rdata: requireDynFixture(type).both[0]?.rdata ?? {},
  }));

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
 * a KX and a PX record, types the service serves and edgeplan does not manage.
 */
export function everyTypeZone(): Record<string, unknown[]> {
  const body: Record<string, unknown[]> = Object.fromEntries(
    ['dhcid', 'dname', 'dnskey', 'ipseckey', 'key', 'kx', 'nsap', 'px'].map((t) => [`${t}_records`, []]),
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
  add('KX', wireRecord('KX', 'office.a.test', { preference: 10, exchange: 'kx.a.test.' }, 90));
  add('PX', wireRecord('PX', 'a.test', { preference: 10, map822: 'a.test.', mapx400: 'x400.a.test.' }, 91));
  return body;
}

/** The canonical value of a WIRE_RECORDS entry through its Dyn mapping; undefined for a type without one. */
export function canonicalOf(entry: { type: string; rdata: Record<string, unknown> }): string | undefined {
  const mapping = dynRdata(entry.type);
  if (mapping === undefined) return undefined;
  const parsed = mapping.fromRdata(entry.rdata);
  if (!parsed.ok)
    throw new Error(`the ${entry.type} fixture does not parse: ${JSON.stringify(parsed.problems)}`);
  return parsed.value;
}
