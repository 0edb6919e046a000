import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type WireMessage } from '../../../src/dns-wire/index.js';
import { servedRecords } from '../../../src/emulator/dns/presentation.js';
import { requireRecordType } from '../../../src/model/record-types/index.js';
import { SERVED_TYPES } from '../dyn/served-types.js';

/** The types edgeplan manages on Dyn that the emulator's name servers must answer with, not leave out. */
const MANAGED = ['DHCID', 'DNAME', 'DNSKEY', 'LOC', 'RP'];

describe("the emulator's name servers serve what Dyn holds", () => {
  it.each(MANAGED)('%s: in presentation format its type reads, through the wire and back', (type) => {
    const sample = SERVED_TYPES.find((one) => one.type === type);
    if (!sample) throw new Error(`no ${type} sample`);
    const [served] = servedRecords({
      zone: 'example.com',
      serial: 1,
      rname: 'admin@example.com',
      records: [{ id: 1, fqdn: sample.fqdn, type, ttl: 300, rdata: sample.rdata }],
    });
    expect(served, type).toBeDefined();
    const parsed = requireRecordType(type).parsePresentation(served?.value ?? '');
    expect(parsed.ok, served?.value).toBe(true);
    // What the DNS server sends: the message it encodes decodes to the same record.
    const message: WireMessage = {
      ...{ id: 1, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
      ...{ rcode: 0, answers: served ? [served] : [], authorities: [], additionals: [] },
    };
    expect(decodeMessage(encodeMessage(message)).answers).toEqual([served]);
  });

  it('writes LOC as its words, unquoted (RFC 1876 §3)', () => {
    const loc = SERVED_TYPES.find((one) => one.type === 'LOC');
    const [served] = servedRecords({
      zone: 'example.com',
      serial: 1,
      rname: 'admin@example.com',
      records: [{ id: 1, fqdn: 'office.example.com', type: 'LOC', ttl: 300, rdata: loc?.rdata ?? {} }],
    });
    expect(served?.value).toBe('51 30 12.748 N 0 7 39.611 W 0.00m 1m 10000m 10m');
  });
});
