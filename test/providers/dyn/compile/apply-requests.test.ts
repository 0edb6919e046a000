import { describe, expect, it } from 'vitest';
import type { CountedStep } from '../../../../src/model/provider.js';
import { dynApplyRequests } from '../../../../src/providers/dyn/compile/apply-requests.js';

const zone = (name: string, ...kinds: string[]): CountedStep => ({
  target: { kind: 'zone', name, provider: 'dyn' },
  ops: kinds.map((kind) => ({ kind })),
});
const secondary = (name: string, kind: string): CountedStep => ({
  target: { kind: 'secondary', name, provider: 'dyn' },
  ops: [{ kind }],
});
const geo = (...kinds: string[]): CountedStep => ({
  target: { kind: 'geo', name: 'Web' },
  ops: kinds.map((kind) => ({ kind })),
});

describe('the requests a Dyn apply sends after its plan', () => {
  it('a live zone: its calls, the serial read before its publish, then its records', () => {
    expect(dynApplyRequests([zone('a.test', 'update-record', 'add-record', 'publish')])).toBe(3 + 1 + 1);
  });

  it('a zone the plan creates: no serial read, by file or by create', () => {
    expect(dynApplyRequests([zone('a.test', 'create-zone-from-file', 'add-zone-file', 'publish')])).toBe(
      3 + 1,
    );
    expect(dynApplyRequests([zone('b.test', 'create-zone', 'add-record', 'publish')])).toBe(3 + 1);
  });

  it('no zone list, the records of each changed zone once', () => {
    const two = [zone('a.test', 'add-record', 'publish'), zone('b.test', 'add-record', 'publish')];
    expect(dynApplyRequests(two)).toBe(2 * 3 + 2);
  });

  it('secondary zones: the secondary-zone list, and the zone list when one is kept and no zone is planned', () => {
    expect(dynApplyRequests([secondary('s.test', 'create-secondary')])).toBe(1 + 1 + 1);
    expect(dynApplyRequests([secondary('s.test', 'delete-secondary')])).toBe(1 + 1);
    expect(
      dynApplyRequests([secondary('s.test', 'update-secondary'), zone('a.test', 'add-record', 'publish')]),
    ).toBe(1 + 3 + 1 + 1);
  });

  it('geo services: their calls, then the geo-service list once', () => {
    expect(dynApplyRequests([geo('update-geo'), geo('create-geo')])).toBe(2 + 1);
  });
});
