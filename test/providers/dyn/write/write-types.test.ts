import { describe, expect, it } from 'vitest';
import { type DynOp, describeOp } from '../../../../src/providers/dyn/index.js';
import { requireDynRdata } from '../../../../src/providers/dyn/wire/rdata.js';
import { authed, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { canonicalOf, WIRE_RECORDS, wireRecord } from '../../helpers/dyn-records.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const VERBS = { POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

/** Every registered type with its fixture's canonical value (types the registry lacks are not sent). */
const TYPES = WIRE_RECORDS.flatMap((entry) => {
  const value = canonicalOf(entry);
  return value === undefined ? [] : [{ ...entry, value }];
});

function opsOf(type: string, fqdn: string, value: string): DynOp[] {
  const node = { zone: 'a.test', fqdn, type };
  return [
    { kind: 'add-record', ...node, value, ttl: 300 },
    { kind: 'update-record', ...node, ref: '7', value, ttl: 60 },
    { kind: 'delete-record', ...node, ref: '7' },
    { kind: 'replace-records', ...node, values: [value], ttl: 300 },
    { kind: 'delete-records', ...node },
  ];
}

describe('record ops of every type', () => {
  it('has at least the exemplar types to send', () => {
    expect(TYPES.map((t) => t.type)).toEqual(expect.arrayContaining(['A', 'CNAME', 'MX', 'TXT']));
  });

  for (const { type, fqdn, value } of TYPES) {
    it(`${type}: each op is one request on /${type}Record/ with the type's rdata`, () => {
      const node = `/${type}Record/a.test/${encodeURIComponent(fqdn)}/`;
      const rdata = requireDynRdata(type).toRdata(value);
      const [add, update, remove, replace, removeAll] = opsOf(type, fqdn, value).map((op) => describeOp(op));
      expect(add).toEqual({ method: 'POST', path: node, body: { rdata, ttl: 300 } });
      expect(update).toEqual({ method: 'PUT', path: `${node}7/`, body: { rdata, ttl: 60 } });
      expect(remove).toEqual({ method: 'DELETE', path: `${node}7/` });
      expect(replace).toEqual({
        method: 'PUT',
        path: node,
        body: { [`${type}Records`]: [{ rdata, ttl: 300 }] },
      });
      expect(removeAll).toEqual({ method: 'DELETE', path: node });
      // What is sent reads back as the same value: the mapping round-trips.
      expect(requireDynRdata(type).fromRdata(rdata)).toEqual({ ok: true, value });
    });

    it(`${type}: the writer sends each op as described`, async () => {
      mockLogin();
      for (const op of opsOf(type, fqdn, value)) {
        const request = describeOp(op);
        const reply =
          request.method === 'DELETE'
            ? {}
            : op.kind === 'replace-records'
              ? [wireRecord(type, fqdn, {}, 1)]
              : wireRecord(type, fqdn, {}, 0);
        authed(VERBS[request.method], request.path, request.body).reply(200, ok(reply));
      }
      const { provider } = testProvider();
      for (const op of opsOf(type, fqdn, value)) await provider.execute(op);
    });
  }

  it('sends the exemplar types with the rdata the service documents', () => {
    const body = (type: string, value: string) =>
      describeOp({ kind: 'add-record', zone: 'a.test', fqdn: 'a.test', type, value, ttl: 300 }).body;
    expect(body('MX', '10 mail.a.test.')).toEqual({
      rdata: { preference: 10, exchange: 'mail.a.test.' },
      ttl: 300,
    });
    expect(body('CNAME', 'www.a.test.')).toEqual({ rdata: { cname: 'www.a.test.' }, ttl: 300 });
    expect(body('A', '192.0.2.1')).toEqual({ rdata: { address: '192.0.2.1' }, ttl: 300 });
    expect(body('TXT', '"v=spf1 -all"')).toMatchObject({ rdata: { txtdata: expect.any(String) }, ttl: 300 });
  });
});
