import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../../src/model/record-types/index.js';
import { DYN_CAPABILITIES } from '../../../src/providers/dyn/index.js';

describe('what the Dyn provider declares it can do', () => {
  it('manages every registered type the service has, geo services, secondary zones, 13 A per name', () => {
    // Not in the vendor SDK's records.py (dyninc/dyn-python dyn/tm/records.py), nor in the AllRecord keys; and the
    // SOA, which the service sets itself (no documented call writes it).
    const notServed = ['HINFO', 'HTTPS', 'OPENPGPKEY', 'SMIMEA', 'SOA', 'SVCB', 'URI'];
    const served = RECORD_TYPES.map((type) => type.type).filter((type) => !notServed.includes(type));
    expect(DYN_CAPABILITIES.recordTypes).toEqual(served);
    expect(DYN_CAPABILITIES).toMatchObject({ geoServices: true, secondaryZones: true });
    expect(DYN_CAPABILITIES.maxRecordsPerName).toEqual({ A: 13 });
  });

  it('refuses a declared SOA, saying where it can be managed', () => {
    expect(DYN_CAPABILITIES.typeAdvice?.SOA).toContain('has no call that changes it');
    expect(DYN_CAPABILITIES.typeAdvice?.SOA).toContain('serve it from powerdns, rfc2136 or zonefile');
  });

  it('takes the CAA tags the service documents, and refuses other valid RFC 8659 tags before any call', () => {
    const problem = (value: string) => DYN_CAPABILITIES.valueProblem?.('CAA', value) ?? null;
    expect(problem('0 issue "letsencrypt.org"')).toBeNull();
    expect(problem('0 issuewild ";"')).toBeNull();
    expect(problem('128 iodef "mailto:security@example.com"')).toBeNull();
    expect(problem('0 contactemail "hostmaster@example.com"')).toBe(
      'takes the CAA tags issue, issuewild, iodef only, not "contactemail"',
    );
    expect(DYN_CAPABILITIES.valueProblem?.('TXT', '"0 contactemail x"')).toBeNull();
    expect(DYN_CAPABILITIES.valueProblem?.('RP', 'ops.example.com. .')).toBe(
      'takes host names in both RP fields, not the root ".": name a mailbox and a TXT name',
    );
    expect(DYN_CAPABILITIES.valueProblem?.('RP', 'ops.example.com. info.example.com.')).toBeNull();
  });
});
