import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeName } from '../../../src/model/names.js';
import { entryCovers, type UnmanagedEntry, valueMatches } from '../../../src/model/unmanaged.js';
import { isChangeOf } from '../../../src/plan/diff/change-kinds.js';
import { computePlan } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';
const LABELS = ['@', 'app', 'www', '_acme-challenge', 'a.b'];
const A_VALUES = ['192.0.2.1', '192.0.2.2', '198.51.100.1'];
const TXT_VALUES = ['"v=spf1 -all"', '"google-site-verification=x"', '"token-1"'];
const fqdn = (label: string) => (label === '@' ? ZONE : `${label}.${ZONE}`);

const setArb = fc.tuple(fc.constantFrom(...LABELS), fc.constantFrom('A', 'TXT')).chain(([label, type]) =>
  fc.record({
    key: fc.constant(`${fqdn(label)} ${type}`),
    values: fc.uniqueArray(fc.constantFrom(...(type === 'A' ? A_VALUES : TXT_VALUES)), {
      minLength: 1,
      maxLength: 3,
    }),
    ttl: fc.constantFrom(60, 300),
  }),
);

const entryArb: fc.Arbitrary<UnmanagedEntry> = fc.record(
  {
    name: fc.constantFrom('app', 'www', '_acme*', '@', '*', 'a.*'),
    types: fc.subarray(['A', 'TXT'], { minLength: 1 }),
    value: fc.constantFrom('*', '192.0.2.*', 'google-*', 'token-*', '"v=spf1*'),
  },
  { requiredKeys: ['name'] },
);

describe('sharing a zone (property)', () => {
  it('never deletes or changes a live value an unmanaged entry matches, and writes every kept one back', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(setArb, { selector: (set) => set.key, maxLength: 6 }),
        fc.uniqueArray(setArb, { selector: (set) => set.key, maxLength: 6 }),
        fc.array(entryArb, { maxLength: 3 }),
        fc.boolean(),
        (desiredSets, liveSets, unmanaged, declared) => {
          const desired = {
            ...desiredZone(
              ZONE,
              Object.fromEntries(desiredSets.map((set) => [set.key, [set.values, set.ttl]])),
              { unmanaged },
            ),
            ...(declared ? { manage: 'declared' as const, absent: [{ fqdn: fqdn('www') }] } : {}),
          };
          const live = liveZone(
            ZONE,
            1,
            Object.fromEntries(
              liveSets.map((set) => [set.key, set.values.map((value, i) => [i, value, set.ttl] as const)]),
            ) as Parameters<typeof liveZone>[2],
          );
          const plan = computePlan(
            oneProviderDesired({ zones: [desired] }),
            oneProviderLive({ zones: { [ZONE]: live } }),
            fakeProviders(),
          );
          const changes = plan.changes.filter((change) => isChangeOf(change, 'record-set'));
          for (const set of live.records) {
            const name = relativeName(set.fqdn, ZONE);
            const change = changes.find((c) => c.address.fqdn === set.fqdn && c.address.type === set.type);
            for (const record of set.records) {
              const owned = unmanaged.some(
                (entry) =>
                  entryCovers(entry, name, set.type) &&
                  (entry.value === undefined || valueMatches(entry.value, set.type, record.value, ZONE)),
              );
              if (!owned || !change) continue;
              expect(change.after?.values ?? []).toContain(record.value);
              expect(change.kept ?? []).toContain(record.value);
            }
            const wholly = unmanaged.some(
              (entry) => entry.value === undefined && entryCovers(entry, name, set.type),
            );
            if (wholly) expect(change).toBeUndefined();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
