import { describe, expect, it } from 'vitest';
import { IMPLICIT_PROVIDER } from '../../../src/model/dns-provider-spec.js';
import { diffPart } from '../../../src/plan/diff/part-diff.js';
import { DYN, oneProviderDesired } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';

/** diffPart on its own: its zones in name order, and a zone that was not read is a bug, never "absent". */

describe('diffPart', () => {
  it('lists the changed zones by name, whatever the desired order', () => {
    const desired = oneProviderDesired({
      zones: ['c.test', 'a.test', 'b.test'].map((z) => desiredZone(z, { [`www.${z}`]: [['192.0.2.1']] })),
    });
    const part = diffPart(
      { spec: IMPLICIT_PROVIDER, name: DYN, desired },
      { zones: { 'a.test': null, 'b.test': null, 'c.test': liveZone('c.test', 3, {}) } },
    );
    expect(part.zones.map((zone) => zone.header.zone)).toEqual(['a.test', 'b.test', 'c.test']);
    expect(part).not.toHaveProperty('provider');
  });

  it('refuses a zone with no live entry, even one named like an object property', () => {
    for (const name of ['a.test', 'toString', 'constructor'])
      expect(() =>
        diffPart(
          {
            spec: IMPLICIT_PROVIDER,
            name: DYN,
            desired: oneProviderDesired({ zones: [desiredZone(name, {})] }),
          },
          { zones: {} },
        ),
      ).toThrow(`computePlan: live state has no entry for zone ${name} (was it read?)`);
  });
});
