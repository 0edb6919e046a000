import { describe, expect, it } from 'vitest';
import type { Change } from '../../../src/model/change.js';
import { shownTargetText } from '../../../src/model/shown-provider.js';
import { changesByTarget } from '../../../src/plan/index.js';
import { DYN } from '../../support/one-provider.js';

/** Changes as a plan file may hold them (it keeps `changes` as written): not in plan order. */
const set = (zone: string, fqdn: string, provider = DYN): Change => ({
  address: { kind: 'record-set', zone, fqdn, type: 'A', provider },
  action: 'create',
  before: null,
  after: { ttl: 300, values: ['192.0.2.1'] },
});
const webapp: Change = {
  address: { kind: 'webapp', ref: 'shop', id: 'a'.repeat(32), name: 'shop' },
  action: 'update',
  before: { enabled: [] },
  after: { mode: 'additive', enabled: [] },
};
const secondary: Change = {
  address: { kind: 'secondary', zone: 'a.example', provider: DYN },
  action: 'delete',
  before: { masters: ['192.0.2.53'], contactNickname: '', tsigKeyName: '' },
  after: null,
};

describe('changes grouped by target', () => {
  it('puts the targets in plan order (kind, name, provider) whatever the order of the changes', () => {
    const changes = [
      webapp,
      set('b.example', 'www.b.example'),
      secondary,
      set('a.example', 'x.a.example', 'pdns'),
      set('a.example', 'www.a.example'),
      set('b.example', 'mail.b.example'),
    ];
    const groups = changesByTarget(changes);
    expect(groups.map((group) => [shownTargetText(group.target, DYN), group.changes.length])).toEqual([
      ['zone:a.example', 1],
      ['zone:a.example@pdns', 1],
      ['zone:b.example', 2],
      ['secondary:a.example', 1],
      ['webapp:shop', 1],
    ]);
    expect(groups[2]?.changes).toEqual([changes[1], changes[5]]);
  });
});
