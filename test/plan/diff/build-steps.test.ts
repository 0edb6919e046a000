import { describe, expect, it } from 'vitest';
import type { SecondaryChange, WebappChange } from '../../../src/model/change.js';
import { buildSteps, type PlanProviders } from '../../../src/plan/diff/build-steps.js';
import type { PartDiff } from '../../../src/plan/diff/part-diff.js';
import type { ZoneDiff } from '../../../src/plan/diff/zone-diff.js';
import { DYN } from '../../support/one-provider.js';
import { FAKE_DNS, FAKE_WAF, fakeProviders } from '../helpers/fake-providers.js';

/** buildSteps on its own: one step per changed target, ids that never collide, the provider each goes to. */

const hex = (c: string) => c.repeat(32);

function webapp(ref: string, name: string): WebappChange {
  return {
    address: { kind: 'webapp', ref, id: ref, name },
    action: 'update',
    before: { enabled: [] },
    after: { enabled: [{ id: hex('1'), name: 'Googlebot' }], mode: 'exact' },
  };
}

function zone(name: string, provider = DYN): ZoneDiff {
  return {
    header: { zone: name, serial: 1, provider },
    changes: [],
    compile: { zone: name, create: null, sets: [] },
  };
}

function secondary(name: string, provider = DYN): SecondaryChange {
  return {
    address: { kind: 'secondary', zone: name, provider },
    action: 'create',
    before: null,
    after: { masters: ['192.0.2.1'] },
  };
}

/** A part named `name` (default the implicit provider's name; `implicit` set only where a test means it). */
function part(fields: Partial<PartDiff>): PartDiff {
  return {
    name: DYN,
    zones: [],
    secondaries: [],
    geo: [],
    problems: [],
    notes: [],
    ...fields,
  };
}

function named(...names: string[]): PlanProviders {
  const dns = fakeProviders().dns?.[DYN];
  if (!dns) throw new Error('fakeProviders has a DNS compiler');
  return { dns: Object.fromEntries(names.map((name) => [name, { ...dns, name }])) };
}

describe('buildSteps', () => {
  it('gives two webapps of the same name (told apart by id) two steps with distinct ids', () => {
    const steps = buildSteps(
      { parts: [], webapps: [webapp(hex('b'), 'shop'), webapp(hex('a'), 'shop')] },
      fakeProviders(),
    );
    expect(steps.map((s) => [s.id, s.kind, s.provider, s.target])).toEqual([
      [`webapp:${hex('a')}`, 'webapp', FAKE_WAF, { kind: 'webapp', name: hex('a') }],
      [`webapp:${hex('b')}`, 'webapp', FAKE_WAF, { kind: 'webapp', name: hex('b') }],
    ]);
    expect(steps.map((s) => s.ops[0])).toMatchObject([{ ref: hex('a') }, { ref: hex('b') }]);
  });

  it('compiles each provider part with that provider, steps named with it', () => {
    const steps = buildSteps(
      {
        parts: [
          part({
            name: 'dyn',
            zones: [zone('a.test', 'dyn')],
            secondaries: [secondary('s.test', 'dyn')],
          }),
          part({ name: 'pdns', zones: [zone('a.test', 'pdns')] }),
        ],
        webapps: [],
      },
      named('dyn', 'pdns'),
    );
    expect(steps.map((s) => [s.id, s.provider, s.after])).toEqual([
      ['secondary:s.test@dyn', 'dyn', []],
      ['zone:a.test@dyn', 'dyn', []],
      ['zone:a.test@pdns', 'pdns', []],
    ]);
  });

  it('needs a provider only for a part with changes, and names the one missing', () => {
    expect(buildSteps({ parts: [part({ name: 'gone' })], webapps: [] }, {})).toEqual([]);
    expect(() =>
      buildSteps(
        { parts: [part({ name: 'pdns', zones: [zone('a.test', 'pdns')] })], webapps: [] },
        named('dyn'),
      ),
    ).toThrow(
      'computePlan: the plan changes DNS (pdns) targets, but no DNS (pdns) provider was given to compile them',
    );
    expect(() =>
      buildSteps(
        { parts: [part({ implicit: DYN, secondaries: [secondary('s.test')] })], webapps: [] },
        named('pdns'),
      ),
    ).toThrow('the plan changes DNS targets, but no DNS provider was given');
    // The implicit provider is `dyn` by name when no `dns` is given.
    expect(
      buildSteps(
        { parts: [part({ implicit: DYN, secondaries: [secondary('s.test')] })], webapps: [] },
        named('dyn'),
      ),
    ).toHaveLength(1);
    expect(() => buildSteps({ parts: [], webapps: [webapp(hex('a'), 'shop')] }, named('dyn'))).toThrow(
      'the plan changes WAF targets, but no WAF provider was given',
    );
  });

  it('never takes a provider named like an object property for a configured one', () => {
    expect(() =>
      buildSteps(
        { parts: [part({ name: 'constructor', zones: [zone('a.test', 'constructor')] })], webapps: [] },
        named('dyn'),
      ),
    ).toThrow('no DNS (constructor) provider was given');
  });

  it('without providers: uses the one DNS provider', () => {
    const steps = buildSteps(
      { parts: [part({ implicit: DYN, zones: [zone('a.test')] })], webapps: [] },
      fakeProviders(),
    );
    expect(steps.map((s) => [s.id, s.provider, s.ops.map((op) => op.kind)])).toEqual([
      ['zone:a.test', FAKE_DNS, ['publish']],
    ]);
  });

  it('refuses a secondary zone or geo service on a provider without that optional capability, by name', () => {
    const dns = fakeProviders().dns?.[DYN];
    if (!dns) throw new Error('fakeProviders has a DNS compiler');
    const { compileSecondary: _s, compileGeo: _g, ...bare } = dns;
    const providers: PlanProviders = { dns: { bind: { ...bare, name: 'bind' } } };
    const geo = {
      address: { kind: 'geo' as const, name: 'Web' },
      action: 'create' as const,
      before: null,
      after: { groups: [], nodes: [] },
    };
    const thrown = (parts: PartDiff[]): unknown => {
      try {
        buildSteps({ parts, webapps: [] }, providers);
      } catch (error) {
        return error;
      }
      return 'nothing thrown';
    };
    const what = (what: string) =>
      `computePlan: the plan changes ${what} on DNS provider bind, which has no ${what}; nothing was planned`;
    expect(thrown([part({ name: 'bind', secondaries: [secondary('s.test', 'bind')] })])).toEqual(
      new Error(what('secondary zones')),
    );
    expect(thrown([part({ name: 'bind', geo: [geo] })])).toEqual(new Error(what('geo services')));
  });
});
