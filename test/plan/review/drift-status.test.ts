import { describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../../src/model/acknowledgement.js';
import type { Change } from '../../../src/model/change.js';
import { driftHeadline, driftReport } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { reviewFixture } from '../helpers/review-fixture.js';

/**
 * The drift decisions a run fails on: when an acknowledgement stops holding (the day after `expires`, UTC), which
 * acknowledgement a change reports when several cover it, and a target's status from its changes' statuses.
 */

/** 2026-06-15 00:00 UTC: the first instant an acknowledgement `expires: 2026-06-14` no longer holds. */
const END_OF_14 = Date.UTC(2026, 5, 15);

const ack = (target: string, expires: string, owner = 'ops'): Acknowledgement => ({
  target,
  expires,
  owner,
  reason: 'migration',
});

const isSet = (fqdn: string, type: string) => (change: Change) =>
  change.address.kind === 'record-set' && change.address.fqdn === fqdn && change.address.type === type;

/** The fixture's plan with only the example.com changes `keep` selects. */
function withChanges(keep: (change: Change) => boolean): Plan {
  const { plan } = reviewFixture();
  return { ...plan, changes: plan.changes.filter(keep) };
}

const www = () => withChanges(isSet('www.example.com', 'A'));

describe('drift statuses', () => {
  it('an acknowledgement holds through its expiry day (UTC) and fails from the next midnight', () => {
    const acks = [ack('zone:example.com/www A', '2026-06-14')];
    const lastMs = driftReport(www(), acks, END_OF_14 - 1);
    expect(lastMs.counts).toEqual({ drift: 0, acknowledged: 1, expired: 0 });
    expect(lastMs.failing).toBe(false);
    const midnight = driftReport(www(), acks, END_OF_14);
    expect(midnight.counts).toEqual({ drift: 0, acknowledged: 0, expired: 1 });
    expect(midnight.failing).toBe(true);
    expect(midnight.targets[0]?.status).toBe('expired');
    // Expired is still "used": it is reported as expired, not as unused.
    expect(midnight.unusedAcks).toEqual([]);
  });

  it('of several valid acknowledgements a change reports the one that holds longest, whatever their order', () => {
    const short = ack('zone:example.com/www A', '2026-07-01', 'short');
    const long = ack('zone:example.com/* A', '2026-12-31', 'long');
    const expiredLong = ack('zone:*/www *', '2026-06-01', 'gone');
    for (const acks of [
      [short, long, expiredLong],
      [long, expiredLong, short],
    ]) {
      const change = driftReport(www(), acks, END_OF_14).targets[0]?.changes[0];
      expect(change?.status).toBe('acknowledged');
      expect(change?.ack?.owner).toBe('long');
    }
  });

  it('when every acknowledgement has expired, a change reports the one that expired last', () => {
    const first = ack('zone:example.com/www A', '2026-05-01', 'first');
    const last = ack('zone:example.com/* A', '2026-06-01', 'last');
    for (const acks of [
      [first, last],
      [last, first],
    ]) {
      const change = driftReport(www(), acks, END_OF_14).targets[0]?.changes[0];
      expect(change?.status).toBe('expired');
      expect(change?.ack?.owner).toBe('last');
    }
    expect(driftReport(www(), [], END_OF_14).targets[0]?.changes[0]).not.toHaveProperty('ack');
  });

  it("a target's status is its worst change: drift over expired over acknowledged", () => {
    const mixed = withChanges((c) => isSet('www.example.com', 'A')(c) || isSet('example.com', 'MX')(c));
    const statusOf = (acks: Acknowledgement[]) => driftReport(mixed, acks, END_OF_14).targets[0]?.status;
    const wwwValid = ack('zone:example.com/www A', '2027-01-01');
    const wwwExpired = ack('zone:example.com/www A', '2026-01-01');
    const mxValid = ack('zone:example.com/@ MX', '2027-01-01');
    expect(statusOf([wwwValid, mxValid])).toBe('acknowledged');
    expect(statusOf([wwwExpired, mxValid])).toBe('expired');
    expect(statusOf([mxValid, wwwExpired])).toBe('expired');
    expect(statusOf([wwwExpired])).toBe('drift');
    expect(statusOf([wwwValid])).toBe('drift');
  });

  it('fails on expired acknowledgements alone, and says so in the headline', () => {
    const report = driftReport(www(), [ack('zone:example.com/www A', '2026-01-01')], END_OF_14);
    expect(report.failing).toBe(true);
    expect(report.inSync).toBe(false);
    expect(driftHeadline(report)).toBe(
      'Drift: 1 change in 1 target differs from the desired state: 1 with an expired acknowledgement.',
    );
  });
});
