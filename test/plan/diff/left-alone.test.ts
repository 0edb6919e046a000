import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import type { DnsProviderSpec } from '../../../src/model/dns-provider-spec.js';
import type { LiveState } from '../../../src/model/live.js';
import {
  computePlan,
  isChangeOf,
  PlanProblemsError,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { statePair } from '../helpers/arbitraries.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'a.test';
const FOREIGN = ['a.test DNSKEY', 'a.test NSEC3PARAM', 'office.a.test LOC', 'x.a.test TYPE65534'];

describe('records of types edgeplan does not manage, in the plan', () => {
  it('lists every one by name in JSON, text and markdown, in a plan with changes and in one without', () => {
    const live: LiveDnsState = { zones: { [ZONE]: liveZone(ZONE, 1, {}, FOREIGN) } };
    const same = computePlan(
      oneProviderDesired({ zones: [desiredZone(ZONE, {})] }),
      oneProviderLive(live),
      fakeProviders(),
    );
    expect(same.leftAlone).toEqual([{ zone: ZONE, provider: 'dyn', records: FOREIGN }]);
    expect(same.steps).toEqual([]);
    expect(renderPlanText(same, { color: false })).toBe(
      [
        'No changes. Live state matches the desired state.',
        '',
        'Left alone (types edgeplan does not manage: never changed, deleted or copied):',
        `  a.test: 4 record sets: ${FOREIGN.join(', ')}`,
        '',
      ].join('\n'),
    );
    expect(renderPlanMarkdown(same)).toContain(`- a.test: 4 record sets: ${FOREIGN.join(', ')}`);

    const changed = computePlan(
      oneProviderDesired({ zones: [desiredZone(ZONE, { 'www.a.test': [['192.0.2.1']] })] }),
      oneProviderLive(live),
      fakeProviders(),
    );
    expect(changed.steps.length).toBeGreaterThan(0);
    const text = renderPlanText(changed, { color: false });
    expect(text).toContain(
      `Left alone (types edgeplan does not manage: never changed, deleted or copied):\n  a.test: 4 record sets: ${FOREIGN.join(', ')}\n\nPlan: 1 to create`,
    );
    expect(renderPlanMarkdown(changed)).toMatch(
      /### Left alone\n\n.*\n\n- a\.test: 4 record sets: a\.test DNSKEY/,
    );
    expect(JSON.parse(renderPlanJson(changed)).leftAlone).toEqual([{ zone: ZONE, records: FOREIGN }]);
  });

  it('has no entry for a zone without them, nor for a zone the plan creates', () => {
    const live: LiveDnsState = { zones: { [ZONE]: liveZone(ZONE, 1, {}), 'b.test': null } };
    const plan = computePlan(
      oneProviderDesired({ zones: [desiredZone(ZONE, {}), desiredZone('b.test', {})] }),
      oneProviderLive(live),
      fakeProviders(),
    );
    expect(plan.leftAlone).toBeUndefined();
    expect(renderPlanJson(plan)).not.toContain('leftAlone');
  });

  it('says which records a zone on two providers will not get on the one that lacks them', () => {
    const spec = (name: string): DnsProviderSpec => ({ name, type: name, options: {} });
    const desired: DesiredState = {
      zones: [{ ...desiredZone(ZONE, {}), providers: ['dyn', 'pdns'] }],
      dnsProviders: [spec('dyn'), spec('pdns')],
    };
    const live: LiveState = {
      dns: {
        dyn: { zones: { [ZONE]: liveZone(ZONE, 1, {}, ['a.test RP', 'office.a.test LOC']) } },
        pdns: { zones: { [ZONE]: liveZone(ZONE, 1, {}, ['a.test RP', 'hw.a.test HINFO']) } },
      },
    };
    const plan = computePlan(desired, live, fakeProviders());
    expect(plan.leftAlone).toEqual([
      {
        zone: ZONE,
        provider: 'dyn',
        records: ['a.test RP', 'office.a.test LOC'],
        notCopied: ['hw.a.test HINFO'],
      },
      {
        zone: ZONE,
        provider: 'pdns',
        records: ['a.test RP', 'hw.a.test HINFO'],
        notCopied: ['office.a.test LOC'],
      },
    ]);
    expect(renderPlanText(plan, { color: false })).toContain(
      "  a.test on pdns will not get 1 record set the zone's other providers hold: office.a.test LOC\n",
    );
  });

  it('never changes a foreign record, and lists exactly those of the zones it plans (property)', () => {
    const foreign = fc.uniqueArray(
      fc.tuple(
        fc.constantFrom('www', 'mail', 'legacy', 'x'),
        fc.constantFrom('LOC', 'DNSKEY', 'TYPE65534', 'MX', 'A', 'TXT'),
      ),
      { selector: ([name, type]) => `${name} ${type}`, maxLength: 6 },
    );
    fc.assert(
      fc.property(statePair, foreign, ({ desired, live }, extra) => {
        for (const zone of Object.values(live.zones)) {
          if (zone === null) continue;
          const names = extra.map(([name, type]) => `${name}.${zone.zone} ${type}`);
          zone.unsupported = [...new Set([...zone.unsupported, ...names])].sort();
          zone.records = zone.records.filter((set) => !zone.unsupported.includes(`${set.fqdn} ${set.type}`));
        }
        let plan: ReturnType<typeof computePlan>;
        try {
          plan = computePlan(desired, oneProviderLive(live), fakeProviders());
        } catch (error) {
          if (error instanceof PlanProblemsError) return;
          throw error;
        }
        for (const change of plan.changes) {
          if (!isChangeOf(change, 'record-set')) continue;
          const key = `${change.address.fqdn} ${change.address.type}`;
          expect(live.zones[change.address.zone]?.unsupported ?? []).not.toContain(key);
        }
        const listed = (plan.leftAlone ?? []).map((entry) => [entry.zone, entry.records]);
        const expected = desired.zones.flatMap(({ zone }) => {
          const names = live.zones[zone]?.unsupported ?? [];
          return names.length > 0 ? [[zone, names]] : [];
        });
        expect(listed).toEqual(expected);
      }),
    );
  });
});
