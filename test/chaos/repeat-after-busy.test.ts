/**
 * Found by the chaos suite: a delete answered 502 after the service applied it, repeated, refused as busy (a zone
 * task), then sent again and answered 404. The record is gone, which was the goal, and an earlier attempt may
 * well have removed it; but the busy wait started the count of attempts anew, so the 404 looked like a first
 * answer ("the live state moved since the plan") and the zone failed. Attempts before a busy refusal count.
 */
import { describe, expect, it } from 'vitest';
import { DynZoneChangedError } from '../../src/providers/dyn/index.js';
import { authed, failure, mockLogin, ok, testProvider } from '../providers/helpers/dyn-fixtures.js';
import { useNockGuard } from '../providers/helpers/nock-guard.js';

useNockGuard();

const BLOCKED = failure('ILLEGAL_OPERATION', 'zone: Operation blocked by current task');
const NOT_FOUND = failure('NOT_FOUND', 'record: No TXT record with id 23 at api.b.test');
const PATH = '/TXTRecord/b.test/api.b.test/23/';
const deleteOp = {
  kind: 'delete-record',
  zone: 'b.test',
  fqdn: 'api.b.test',
  type: 'TXT',
  ref: '23',
} as const;

describe('a repeated delete that meets a busy refusal on the way', () => {
  it('takes 404 as done when an attempt before the busy refusal may have been applied', async () => {
    mockLogin();
    authed('delete', PATH).reply(502, 'Bad Gateway');
    authed('delete', PATH).reply(400, BLOCKED);
    authed('delete', PATH).reply(404, NOT_FOUND);
    // The publish reads the zone's serial first (compare-and-publish).
    const zone = { zone: 'b.test', serial: 7, serial_style: 'increment', zone_type: 'Primary' };
    authed('get', '/Zone/b.test/').reply(200, ok(zone));
    authed('put', '/Zone/b.test/', { publish: true }).reply(200, ok({ ...zone, serial: 8 }));
    const { provider } = testProvider();
    await provider.execute(deleteOp);
    await provider.execute({ kind: 'publish', zone: 'b.test' });
  });

  it('still refuses a 404 when every earlier attempt was refused as busy, so none was applied', async () => {
    mockLogin();
    authed('delete', PATH).reply(400, BLOCKED);
    authed('delete', PATH).reply(404, NOT_FOUND);
    const { provider } = testProvider();
    // None was applied, so the record went by another writer's hand: the zone changed under the apply.
    const error = await provider.execute(deleteOp).then(
      () => new Error('the delete succeeded'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DynZoneChangedError);
    expect((error as Error).cause).toMatchObject({ errCode: 'NOT_FOUND', attempts: 1 });
  });
});
