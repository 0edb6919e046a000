import { describe, expect, it } from 'vitest';
import { delegatedNames } from '../../src/import/delegated-names.js';
import type { LiveRecordSet } from '../../src/model/record-set.js';

const ZONE = 'example.com';
const set = (fqdn: string, type: string, ...values: string[]): LiveRecordSet => ({
  fqdn,
  type,
  records: values.map((value) => ({ value, ttl: 3600 })),
});

describe('delegatedNames', () => {
  it('names the sets below a delegation that are not its glue, then the name servers without glue', () => {
    const sets = [
      set(ZONE, 'NS', 'ns1.example.com.'),
      set(`lab.${ZONE}`, 'NS', `ns1.lab.${ZONE}.`, 'ns.example.net.'),
      set(`www.lab.${ZONE}`, 'A', '192.0.2.80'),
      set(`ns1.lab.${ZONE}`, 'A', '192.0.2.53'),
      set(`ns1.lab.${ZONE}`, 'TXT', '"stale"'),
      set(`dev.${ZONE}`, 'NS', `ns1.dev.${ZONE}.`, `ns2.dev.${ZONE}.`),
      set(`ns2.dev.${ZONE}`, 'AAAA', '2001:db8::53'),
      set(`www.${ZONE}`, 'A', '192.0.2.1'),
    ];
    expect(delegatedNames(ZONE, sets)).toEqual([
      {
        fqdn: `www.lab.${ZONE}`,
        why: `www.lab.${ZONE} A lies below the delegation lab.${ZONE} and is not its glue (resolvers never see it)`,
      },
      {
        fqdn: `ns1.lab.${ZONE}`,
        why: `ns1.lab.${ZONE} TXT lies below the delegation lab.${ZONE} and is not its glue (resolvers never see it)`,
      },
      {
        fqdn: `ns1.dev.${ZONE}`,
        why: `ns1.dev.${ZONE}, a name server of the delegation dev.${ZONE} inside it, has no address in the zone (no glue)`,
      },
    ]);
  });

  it('names nothing in a zone without delegations, or whose delegations point outside it', () => {
    const sets = [
      set(ZONE, 'NS', `ns1.${ZONE}.`),
      set(`lab.${ZONE}`, 'NS', 'ns.example.net.'),
      set(`www.${ZONE}`, 'A', '192.0.2.1'),
    ];
    expect(delegatedNames(ZONE, sets)).toEqual([]);
  });

  it('counts a glue set only when it has an address', () => {
    const sets = [set(`lab.${ZONE}`, 'NS', `ns1.lab.${ZONE}.`), set(`ns1.lab.${ZONE}`, 'A')];
    expect(delegatedNames(ZONE, sets).map((name) => name.fqdn)).toEqual([`ns1.lab.${ZONE}`]);
  });
});
