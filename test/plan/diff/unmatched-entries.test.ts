import { describe, expect, it } from 'vitest';
import { unmatchedEntryNotes } from '../../../src/plan/diff/unmatched-entries.js';
import {
  computePlan,
  driftReport,
  renderDriftJson,
  renderDriftMarkdown,
  renderDriftText,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';
const LIVE = liveZone(
  ZONE,
  4,
  {
    'app.example.com': [[1, '192.0.2.1', 60]],
    'example.com TXT': [[2, '"google-site-verification=abc"', 300]],
  },
  ['legacy.example.com HINFO'],
);

describe('unmanaged entries that match nothing live', () => {
  it('are named, each once, in the order written; by name, type and value', () => {
    const desired = desiredZone(
      ZONE,
      {},
      {
        unmanaged: [
          'app',
          { name: 'app', types: ['AAAA'] },
          { name: 'ap?', types: ['A'], value: '192.0.2.*' },
          { name: '@', types: ['TXT'], value: 'v=spf1*' },
          { name: '@', value: 'google-site-verification=*' },
          { name: 'legacy', types: ['A'] },
          'legacy',
          'nothing-*',
        ],
      },
    );
    expect(unmatchedEntryNotes(desired, LIVE, undefined)).toEqual([
      'zone example.com: unmanaged entry "app AAAA" matched no live record',
      'zone example.com: unmanaged entry "@ TXT value "v=spf1*"" matched no live record',
      'zone example.com: unmanaged entry "legacy A" matched no live record',
      'zone example.com: unmanaged entry "nothing-*" matched no live record',
    ]);
  });

  it('a value glob matches one value of a set, never a foreign record; a type entry matches one of them', () => {
    const live = liveZone(
      ZONE,
      4,
      {
        'mx.example.com TXT': [
          [1, '"a=1"', 60],
          [2, '"b=2"', 60],
        ],
      },
      ['legacy.example.com HINFO', 'office.example.com LOC'],
    );
    const desired = desiredZone(
      ZONE,
      {},
      {
        unmanaged: [
          { name: 'mx', types: ['TXT'], value: 'a=*' },
          { name: 'legacy', types: ['HINFO'], value: '*' },
          { name: 'office', types: ['LOC'] },
        ],
      },
    );
    expect(unmatchedEntryNotes(desired, live, undefined)).toEqual([
      'zone example.com: unmanaged entry "legacy HINFO value "*"" matched no live record',
    ]);
  });

  it('names the provider, and says nothing of a zone that does not exist yet', () => {
    const desired = desiredZone(ZONE, {}, { unmanaged: ['gone'] });
    expect(unmatchedEntryNotes(desired, LIVE, 'pdns')).toEqual([
      'zone example.com on pdns: unmanaged entry "gone" matched no live record',
    ]);
    expect(unmatchedEntryNotes(desired, null, undefined)).toEqual([]);
  });

  it('are notes of plan and drift in text, markdown and JSON, also when nothing changes', () => {
    const desired = desiredZone(
      ZONE,
      {},
      { unmanaged: ['app', 'example.com', 'legacy', { name: '@', types: ['TXT'] }] },
    );
    const plan = computePlan(
      oneProviderDesired({ zones: [desired] }),
      oneProviderLive({ zones: { [ZONE]: LIVE } }),
      fakeProviders(),
    );
    const note = 'zone example.com: unmanaged entry "example.com" matched no live record';
    expect(plan.notes).toEqual([note]);
    expect(renderPlanText(plan, { color: false })).toBe(
      `No changes. Live state matches the desired state.\nNote: ${note}\n\n` +
        'Left alone (types edgeplan does not manage: never changed, deleted or copied):\n' +
        '  example.com: 1 record set: legacy.example.com HINFO\n',
    );
    expect(renderPlanMarkdown(plan)).toContain(`Notes:\n- ${note}`);
    expect(JSON.parse(renderPlanJson(plan)).notes).toEqual([note]);

    const report = driftReport(plan, [], 0);
    expect(report.inSync).toBe(true);
    expect(renderDriftText(report)).toContain(`Note: ${note}\n`);
    expect(renderDriftMarkdown(report)).toContain(`Notes:\n- ${note}`);
    expect(JSON.parse(renderDriftJson(report, plan)).notes).toEqual([note]);
  });

  it('leaves a plan whose entries all match without notes', () => {
    const desired = desiredZone(ZONE, {}, { unmanaged: ['app'] });
    const plan = computePlan(
      oneProviderDesired({ zones: [desired] }),
      oneProviderLive({ zones: { [ZONE]: LIVE } }),
      fakeProviders(),
    );
    expect(plan).not.toHaveProperty('notes');
  });
});

describe('absent entries of a declared zone that match nothing live', () => {
  const declared = (absent: { fqdn: string; type?: string }[], unmanaged: string[] = []) => ({
    ...desiredZone(ZONE, {}, { unmanaged }),
    manage: 'declared' as const,
    absent,
  });
  const note = (entry: string, on = '') =>
    `zone example.com${on}: absent entry "${entry}" matched no live record set edgeplan manages: nothing to delete`;

  it('are named by name and type: a set of another type, a type edgeplan does not manage, no set at all', () => {
    const desired = declared([
      { fqdn: 'app.example.com' },
      { fqdn: 'app.example.com', type: 'AAAA' },
      { fqdn: 'example.com', type: 'TXT' },
      { fqdn: 'gone.example.com' },
      { fqdn: 'legacy.example.com' },
    ]);
    expect(unmatchedEntryNotes(desired, LIVE, undefined)).toEqual([
      note('app AAAA'),
      note('gone'),
      note('legacy'),
    ]);
    expect(unmatchedEntryNotes(desired, LIVE, 'pdns')).toContain(note('gone', ' on pdns'));
    expect(unmatchedEntryNotes(desired, null, undefined)).toEqual([]);
  });

  it('a set an unmanaged entry covers is not edgeplan’s to delete: its absent entry matches nothing', () => {
    expect(
      unmatchedEntryNotes(declared([{ fqdn: 'app.example.com', type: 'A' }], ['app']), LIVE, undefined),
    ).toEqual([note('app A')]);
  });

  it('are notes of the plan, beside the deletes the other entries make', () => {
    const desired = declared([{ fqdn: 'app.example.com' }, { fqdn: 'old.example.com', type: 'MX' }]);
    const plan = computePlan(
      oneProviderDesired({ zones: [desired] }),
      oneProviderLive({ zones: { [ZONE]: LIVE } }),
      fakeProviders(),
    );
    expect(plan.notes).toEqual([note('old MX')]);
    expect(plan.steps).toHaveLength(1);
    expect(renderPlanText(plan, { color: false })).toContain(`Note: ${note('old MX')}\n`);
  });
});
