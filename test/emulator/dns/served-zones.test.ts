import { describe, expect, it } from 'vitest';
import { ServedZones } from '../../../src/emulator/dns/served-zones.js';
import { Account } from '../../../src/emulator/dyn/account.js';
import { PublishHistory } from '../../../src/emulator/dyn/publish-history.js';

/** An account of one zone whose www A record a "publish" changes, on a clock the test moves. */
function fixture(lagMs: number) {
  let now = 1_000;
  const account = Account.fromSeed({
    zones: {
      'example.com': {
        records: [{ fqdn: 'www.example.com', type: 'A', ttl: 60, rdata: { address: '192.0.2.1' } }],
      },
    },
  });
  const publishes = new PublishHistory();
  const served = new ServedZones({ account: () => account, publishes, now: () => now }, lagMs);
  const zone = account.zones.get('example.com');
  if (!zone) throw new Error('no zone');
  const publish = (address: string) => {
    // As a publish does: the zone's records are new objects.
    for (const [id, record] of zone.records)
      if (record.type === 'A') zone.records.set(id, { ...record, rdata: { address } });
    zone.serial += 1;
    publishes.record(zone, now);
  };
  const www = () =>
    served
      .current()
      .find((z) => z.zone === 'example.com')
      ?.byName.get('www.example.com')
      ?.map((r) => r.value);
  return {
    account,
    served,
    publish,
    www,
    tick: (ms: number) => (now += ms),
    setNow: (ms: number) => (now = ms),
  };
}

describe("the emulator's name servers lag behind the API", () => {
  it('serve a publish at once without a lag', () => {
    const f = fixture(0);
    f.publish('192.0.2.2');
    expect(f.www()).toEqual(['192.0.2.2']);
  });

  it('serve the version before a publish until the lag has passed since the publish', () => {
    const f = fixture(500);
    expect(f.www()).toEqual(['192.0.2.1']);
    f.publish('192.0.2.2');
    f.tick(100);
    // Noticed now, 100 ms after the publish: the lag still counts from the publish itself.
    expect(f.www()).toEqual(['192.0.2.1']);
    f.tick(399);
    expect(f.www()).toEqual(['192.0.2.1']);
    f.tick(1);
    expect(f.www()).toEqual(['192.0.2.2']);
  });

  it('take two publishes within the lag in order', () => {
    const f = fixture(500);
    f.publish('192.0.2.2');
    expect(f.www()).toEqual(['192.0.2.1']);
    f.tick(300);
    f.publish('192.0.2.3');
    expect(f.www()).toEqual(['192.0.2.1']);
    f.tick(200);
    expect(f.www()).toEqual(['192.0.2.2']);
    f.tick(300);
    expect(f.www()).toEqual(['192.0.2.3']);
  });

  it('serve a new zone, and stop serving a deleted one, only after the lag', () => {
    const f = fixture(500);
    f.account.createZone('new.example', { rname: 'admin@new.example', ttl: 3600, serialStyle: 'increment' });
    f.account.zones.delete('example.com');
    const names = () => f.served.current().map((z) => z.zone);
    expect(names()).toEqual(['example.com']);
    f.tick(500);
    expect(names()).toEqual(['new.example']);
  });
});
