import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../../src/config/index.js';
import { BAD, desired, problemsWith, providerLike, tempTree } from '../helpers.js';

const file = `${BAD}/capabilities.yaml`;
const NO_RECORDS =
  'is inside zone "example.com" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone\'s unmanaged)';

/** A small provider: A and MX only, two A records per name, no geo services, no secondary zones. */
const SMALL: LoadOptions = providerLike('small', {
  recordTypes: ['A', 'MX'],
  geoServices: false,
  secondaryZones: false,
  maxRecordsPerName: { A: 2 },
});

describe('provider capabilities', () => {
  it('refuses, where each is written, what the provider cannot do', async () => {
    expect(await problemsWith(SMALL, file)).toEqual([
      `${file}:5:9: record "@" has 3 A values, but the DNS provider small allows at most 2 A records per name`,
      // Lint warnings are reported with the problems (docs/lints.md).
      ...[14, 50, 87].map(
        (col, i) =>
          `${file}:6:${col}: warning: record "@" MX: mail${i > 0 ? i + 1 : ''}.example.com. ${NO_RECORDS}`,
      ),
      `${file}:7:14: record "www": the DNS provider small does not support record type CNAME`,
      `${file}:10:3: secondary zone "partner.example.net": the DNS provider small does not support secondary zones`,
      `${file}:12:3: geo service "Global Web": the DNS provider small does not support geo services`,
      `${file}:14:46: group "Everyone" of geo service "Global Web": the DNS provider small does not support record type CNAME`,
    ]);
  });

  it('allows every registered type, both services and any number of records without capabilities', async () => {
    const state = await desired(file);
    expect(state.zones[0]?.records.map((set) => `${set.type} ${set.values.length}`)).toEqual([
      'A 3',
      'MX 3',
      'A 2',
      'CNAME 1',
    ]);
    expect(state.secondaryZones).toHaveLength(1);
    expect(state.geoServices).toHaveLength(1);
  });
});

describe('values a provider refuses although their type allows them', () => {
  it('are problems at the value, with what the provider takes', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      "@":',
        '        caa:',
        '          - { flags: 0, tag: issue, value: letsencrypt.org }',
        '          - { flags: 0, tag: contactemail, value: hostmaster@example.com }',
      ].join('\n'),
    });
    const caaOnly: LoadOptions = providerLike('dyn', {
      recordTypes: ['CAA'],
      geoServices: false,
      secondaryZones: false,
      maxRecordsPerName: {},
      valueProblem: (type, value) => (type === 'CAA' && value.includes('contactemail') ? 'refuses it' : null),
    });
    expect(await problemsWith(caaOnly, `${dir}/zones.yaml`)).toEqual([
      `${dir}/zones.yaml:7:13: record "@" CAA: the DNS provider dyn refuses it`,
    ]);
  });
});
