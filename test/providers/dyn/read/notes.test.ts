import { describe, expect, it } from 'vitest';
import { authed, failure, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const report = () => authed('post', '/ZoneNoteReport/', { zone: 'a.test', limit: 20 });

describe('Dyn zone notes (drift: the last publish)', () => {
  it('reads the newest publish note in the live shape (timestamp a string, other note types skipped)', async () => {
    mockLogin();
    report().reply(
      200,
      ok([
        { zone: 'a.test', type: 'freeze', note: '', timestamp: '1763870000', user_name: 'ops', serial: '9' },
        {
          zone: 'a.test',
          type: 'publish',
          note: 'by hand',
          timestamp: '1763860000',
          user_name: 'jane',
          serial: '9',
        },
        {
          zone: 'a.test',
          type: 'publish',
          note: 'older',
          timestamp: '1763850000',
          user_name: 'jane',
          serial: '8',
        },
      ]),
    );
    const { provider } = testProvider();
    expect(await provider.readLastPublish('a.test')).toEqual({
      note: 'by hand',
      atMs: 1_763_860_000_000,
      user: 'jane',
      serial: 9,
    });
  });

  it('answers null for a zone without publish notes and for a zone that is gone (404)', async () => {
    mockLogin();
    report().reply(200, ok([]));
    report().reply(404, failure('NOT_FOUND', 'zone: No such zone', 'API-B'));
    const { provider } = testProvider();
    expect(await provider.readLastPublish('a.test')).toBeNull();
    expect(await provider.readLastPublish('a.test')).toBeNull();
  });

  it('is best-effort: a token that may not read notes (401, 403) gives the reason, not an error', async () => {
    mockLogin();
    report().reply(403, failure('PERMISSION_DENIED', 'permission: User may not read zone notes'));
    report().reply(401, failure('UNAUTHORIZED', 'token: Not authorized'));
    const { provider } = testProvider();
    expect(await provider.readLastPublish('a.test')).toEqual({
      notRead: expect.stringMatching(/ZoneNoteReport\/: 403 PERMISSION_DENIED permission: User may not read/),
    });
    expect(await provider.readLastPublish('a.test')).toEqual({
      notRead: expect.stringMatching(/ZoneNoteReport\/: 401 UNAUTHORIZED/),
    });
  });

  it('sends the run audit note with the publish only', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/', { rdata: { address: '192.0.2.1' }, ttl: 60 }).reply(
      200,
      ok({
        zone: 'a.test',
        fqdn: 'www.a.test',
        record_type: 'A',
        record_id: 0,
        ttl: 60,
        rdata: { address: '192.0.2.1' },
      }),
    );
    // The serial read right before the publish (compare-and-publish).
    authed('get', '/Zone/a.test/').reply(
      200,
      ok({ zone: 'a.test', serial_style: 'increment', serial: 1, zone_type: 'Primary' }),
    );
    authed('put', '/Zone/a.test/', { publish: true, notes: 'edgeplan 1.2.3 plan sha256:x' }).reply(
      200,
      ok({ zone: 'a.test', serial_style: 'increment', serial: 2, zone_type: 'Primary', task_id: '77' }),
    );
    const { provider } = testProvider();
    const run = { auditNote: 'edgeplan 1.2.3 plan sha256:x' };
    await provider.execute(
      { kind: 'add-record', zone: 'a.test', fqdn: 'www.a.test', type: 'A', value: '192.0.2.1', ttl: 60 },
      run,
    );
    await provider.execute({ kind: 'publish', zone: 'a.test' }, run);
  });
});
