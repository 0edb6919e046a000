import { describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../../src/model/acknowledgement.js';
import type { Change } from '../../../src/model/change.js';
import { ackCovers, changeDigest } from '../../../src/plan/index.js';
import { ackTargetOf } from '../../../src/plan/review/ack-match.js';
import { reviewFixture } from '../helpers/review-fixture.js';

/** What one acknowledgement covers, change by change: a wrong answer either fails a run or hides drift. */

const ack = (target: string): Acknowledgement => ({
  target,
  expires: '2099-01-01',
  owner: 'ops',
  reason: 'r',
});

function change(keep: (change: Change) => boolean): Change {
  const found = reviewFixture().plan.changes.find(keep);
  if (!found) throw new Error('fixture changed');
  return found;
}

const covers = (target: string, of: Change) => ackCovers(ack(target))(of, changeDigest(of, 'dyn'));

describe('ackCovers', () => {
  const www = change((c) => c.address.kind === 'record-set' && c.address.fqdn === 'www.example.com');
  const orgZone = change((c) => c.address.kind === 'zone' && c.address.zone === 'example.org');

  it('matches a record set’s name and type in any letter case', () => {
    expect(covers('zone:example.com/WWW a', www)).toBe(true);
    expect(covers('zone:example.com/www AAAA', www)).toBe(false);
  });

  it('covers a missing zone only as its SOA at the apex: not another type there, not SOA elsewhere', () => {
    expect(covers('zone:example.org/@ SOA', orgZone)).toBe(true);
    expect(covers('zone:example.org/@ A', orgZone)).toBe(false);
    expect(covers('zone:example.org/www SOA', orgZone)).toBe(false);
  });

  it('matches a name written absolute against the absolute name, under a zone given absolute or by a glob', () => {
    expect(covers('zone:example.com./WWW.example.com. A', www)).toBe(true);
    expect(covers('zone:*/*.example.com. A', www)).toBe(true);
    expect(covers('zone:example.com/www.example.org. A', www)).toBe(false);
    expect(covers('zone:example.org/example.org. SOA', orgZone)).toBe(true);
    expect(covers('zone:example.org/www.example.org. SOA', orgZone)).toBe(false);
  });

  it('takes a Unicode zone and record-set name as their A-labels (UTS #46), relative or absolute', () => {
    const idn: Change = {
      address: {
        kind: 'record-set',
        zone: 'xn--bcher-kva.example',
        fqdn: 'xn--caf-dma.xn--bcher-kva.example',
        type: 'A',
        provider: 'dyn',
      },
      action: 'update',
      before: { ttl: 300, values: ['192.0.2.1'] },
      after: { ttl: 300, values: ['192.0.2.2'] },
    };
    expect(covers('zone:bücher.example/café A', idn)).toBe(true);
    expect(covers('zone:*.example/*.bücher.example. A', idn)).toBe(true);
    expect(covers('zone:bücher.example/straße A', idn)).toBe(false);
  });

  it('an entry the ack file would refuse covers nothing', () => {
    expect(covers('nonsense', www)).toBe(false);
    expect(covers('zone:example.com', www)).toBe(false);
  });
});

describe('ackTargetOf', () => {
  it('names a record set by its zone, relative name and type, a missing zone as its SOA, anything else by its target', () => {
    const targets = reviewFixture().plan.changes.map((c) => ackTargetOf(c, 'dyn'));
    expect(targets).toEqual(
      expect.arrayContaining([
        'zone:example.com/www A',
        'zone:example.org/@ SOA',
        'secondary:legacy.example.net',
        'geo:Global | Web',
        'webapp:shop',
      ]),
    );
    // Each names an entry the ack file accepts and that covers its change.
    for (const of of reviewFixture().plan.changes) {
      const digest = changeDigest(of, 'dyn');
      expect(ackCovers({ ...ack(ackTargetOf(of, 'dyn')), digest })(of, digest)).toBe(true);
    }
  });
});
