import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import type { DesiredSecondaryZone, LiveSecondaryZone } from '../../../src/model/secondary.js';
import { diffSecondaryZones } from '../../../src/plan/diff/secondary-diff.js';
import { DYN, oneProviderDesired } from '../../support/one-provider.js';

/** diffSecondaryZones on its own: each field that alone makes an update, and when a live zone is deleted. */

function want(
  zone: string,
  masters: string[],
  contactNickname: string | null = null,
  tsigKeyName: string | null = null,
): DesiredSecondaryZone {
  return { providers: [DYN], zone, masters, contactNickname, tsigKeyName };
}

function live(zone: string, masters: string[], contactNickname = '', tsigKeyName = ''): LiveSecondaryZone {
  return { zone, masters, contactNickname, tsigKeyName, active: 'Y' };
}

function desired(zones: DesiredSecondaryZone[], manage: 'all' | 'listed' = 'listed'): DesiredState {
  return oneProviderDesired({
    zones: [],
    secondaryZones: zones,
    manage: { secondaryZones: manage, geoServices: 'listed' },
  });
}

const liveState = (zones?: LiveSecondaryZone[]): LiveDnsState => ({ zones: {}, secondaryZones: zones });

describe('diffSecondaryZones', () => {
  it('one master replaced by another (same count) is an update', () => {
    const changes = diffSecondaryZones(
      desired([want('a.test', ['192.0.2.1', '192.0.2.3'])]),
      liveState([live('a.test', ['192.0.2.1', '192.0.2.2'])]),
      DYN,
    );
    expect(changes).toEqual([
      {
        address: { kind: 'secondary', zone: 'a.test', provider: DYN },
        action: 'update',
        before: { masters: ['192.0.2.1', '192.0.2.2'] },
        after: { masters: ['192.0.2.1', '192.0.2.3'] },
      },
    ]);
  });

  it('a contact it sets, or a TSIG key it sets, alone is an update; the same values are none', () => {
    const masters = ['192.0.2.1'];
    const current = live('a.test', masters, 'ops', 'key-1');
    const contact = diffSecondaryZones(desired([want('a.test', masters, 'noc')]), liveState([current]), DYN);
    expect(contact.map((c) => [c.action, c.after])).toEqual([
      ['update', { masters, contactNickname: 'noc', tsigKeyName: 'key-1' }],
    ]);
    const tsig = diffSecondaryZones(
      desired([want('a.test', masters, null, 'key-2')]),
      liveState([current]),
      DYN,
    );
    expect(tsig.map((c) => [c.action, c.before, c.after])).toEqual([
      [
        'update',
        { masters, contactNickname: 'ops', tsigKeyName: 'key-1' },
        { masters, contactNickname: 'ops', tsigKeyName: 'key-2' },
      ],
    ]);
    const same = diffSecondaryZones(
      desired([want('a.test', masters, 'ops', 'key-1')]),
      liveState([current]),
      DYN,
    );
    expect(same).toEqual([]);
    const unset = diffSecondaryZones(desired([want('a.test', masters)]), liveState([current]), DYN);
    expect(unset).toEqual([]);
  });

  it('creates a zone absent live with what the desired state sets, and nothing it leaves unset', () => {
    const changes = diffSecondaryZones(
      desired([want('b.test', ['192.0.2.9'], null, 'key-9'), want('a.test', ['192.0.2.1'], 'noc')]),
      liveState([]),
      'dns2',
    );
    expect(changes).toEqual([
      {
        address: { kind: 'secondary', zone: 'a.test', provider: 'dns2' },
        action: 'create',
        before: null,
        after: { masters: ['192.0.2.1'], contactNickname: 'noc' },
      },
      {
        address: { kind: 'secondary', zone: 'b.test', provider: 'dns2' },
        action: 'create',
        before: null,
        after: { masters: ['192.0.2.9'], tsigKeyName: 'key-9' },
      },
    ]);
  });

  it('deletes live zones it does not list only under `manage: all`, even when it lists none', () => {
    const current = [live('z.test', ['192.0.2.1'], 'ops'), live('a.test', ['192.0.2.2'])];
    expect(diffSecondaryZones(desired([], 'listed'), liveState(current), DYN)).toEqual([]);
    expect(diffSecondaryZones(desired([want('a.test', ['192.0.2.2'])]), liveState(current), DYN)).toEqual([]);
    const all = diffSecondaryZones(desired([], 'all'), liveState(current), DYN);
    expect(all.map((c) => [c.address.zone, c.action, c.before, c.after])).toEqual([
      ['a.test', 'delete', { masters: ['192.0.2.2'] }, null],
      ['z.test', 'delete', { masters: ['192.0.2.1'], contactNickname: 'ops' }, null],
    ]);
    const listedOne = diffSecondaryZones(
      desired([want('a.test', ['192.0.2.2'])], 'all'),
      liveState(current),
      DYN,
    );
    expect(listedOne.map((c) => [c.address.zone, c.action])).toEqual([['z.test', 'delete']]);
  });

  it('needs the live secondary zones only when it lists some or manages them all', () => {
    expect(diffSecondaryZones(oneProviderDesired({ zones: [] }), liveState(undefined), DYN)).toEqual([]);
    expect(() => diffSecondaryZones(desired([], 'all'), liveState(undefined), DYN)).toThrow(
      'computePlan: live state has no secondary zones (were they read?)',
    );
    expect(() =>
      diffSecondaryZones(desired([want('a.test', ['192.0.2.1'])]), liveState(undefined), DYN),
    ).toThrow('were they read?');
  });
});
