import { describe, expect, it } from 'vitest';
import {
  type DynOp,
  DynZoneChangedError,
  describeOp,
  retryPolicyOf,
} from '../../../../src/providers/dyn/index.js';
import { authed, failure, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

/** The node-wide ops: a whole set of one type in one request (replace-all PUT and delete-all DELETE). */
const replaceOp: DynOp = {
  kind: 'replace-records',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  values: ['10.0.0.1', '10.0.0.2'],
  ttl: 300,
};
const deleteAllOp: DynOp = { kind: 'delete-records', zone: 'a.test', fqdn: 'www.a.test', type: 'A' };
const replaceBody = {
  ARecords: [
    { rdata: { address: '10.0.0.1' }, ttl: 300 },
    { rdata: { address: '10.0.0.2' }, ttl: 300 },
  ],
};
const records = replaceBody.ARecords.map((r, i) => ({
  zone: 'a.test',
  fqdn: 'www.a.test',
  record_type: 'A',
  record_id: i + 1,
  ...r,
}));

describe('node-wide ops', () => {
  it('map to one request each: PUT and DELETE on the node without a record id', () => {
    expect(describeOp(replaceOp)).toEqual({
      method: 'PUT',
      path: '/ARecord/a.test/www.a.test/',
      body: replaceBody,
    });
    expect(describeOp(deleteAllOp)).toEqual({ method: 'DELETE', path: '/ARecord/a.test/www.a.test/' });
  });

  it('are safe to repeat after an ambiguous failure', () => {
    expect(retryPolicyOf(replaceOp)).toBe('idempotent');
    expect(retryPolicyOf(deleteAllOp)).toBe('idempotent');
  });

  it('send the predicted request and accept the array of records or of paths', async () => {
    mockLogin();
    authed('put', '/ARecord/a.test/www.a.test/', replaceBody).reply(200, ok(records));
    authed('delete', '/ARecord/a.test/www.a.test/').reply(200, ok(['/REST/ARecord/a.test/www.a.test/1']));
    const { provider } = testProvider();
    await provider.execute(replaceOp);
    await provider.execute(deleteAllOp);
  });

  it('repeats a replace after a 503', async () => {
    mockLogin();
    authed('put', '/ARecord/a.test/www.a.test/', replaceBody).reply(503, 'busy');
    authed('put', '/ARecord/a.test/www.a.test/', replaceBody).reply(200, ok(records));
    const { provider, delays } = testProvider();
    await provider.execute(replaceOp);
    expect(delays).toHaveLength(1);
  });

  it('takes the 404 of a repeated delete-all as done, but not the 404 of a first attempt', async () => {
    mockLogin();
    const notFound = failure('NOT_FOUND', 'node: Not in zone');
    authed('delete', '/ARecord/a.test/www.a.test/').reply(503, 'busy');
    authed('delete', '/ARecord/a.test/www.a.test/').reply(404, notFound);
    authed('delete', '/ARecord/a.test/www.a.test/').reply(404, notFound);
    const { provider } = testProvider();
    await provider.execute(deleteAllOp);
    await expect(provider.execute(deleteAllOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });
});
