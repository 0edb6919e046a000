import type { DynOp } from '../../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../../src/providers/http/decisions.js';
import { testProvider } from './dyn-fixtures.js';

/** The ops of one A record set at `www.a.test` that the writer tests send, and the paths they go to. */
export const node = '/ARecord/a.test/www.a.test/';
export const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '10.0.0.1',
  ttl: 300,
};
export const updateOp: DynOp = { ...addOp, kind: 'update-record', ref: '42' };
export const deleteOp: DynOp = {
  kind: 'delete-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  ref: '42',
};
export const replaceOp: DynOp = {
  kind: 'replace-records',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  values: ['10.0.0.1'],
  ttl: 300,
};
export const deleteAllOp: DynOp = { kind: 'delete-records', zone: 'a.test', fqdn: 'www.a.test', type: 'A' };
/** The service's answer to an add or update of record 42. */
export const recordObject = { zone: 'a.test', fqdn: 'www.a.test', record_type: 'A', ttl: 300, record_id: 42 };

/** An A record at `www.a.test` as `GET /ZoneChanges/a.test/` lists it while it is pending. */
export const pendingAdd = (address: string) => ({
  id: 1,
  user_id: 1,
  zone: 'a.test',
  fqdn: 'www.a.test',
  serial: 3,
  ttl: 300,
  rdata_type: 'A',
  rdata: { rdata_a: { address } },
});

/** A test provider whose decisions are kept, read as `symptom decision request`. */
export function writer(options: Parameters<typeof testProvider>[0] = {}) {
  const decisions: ClientDecision[] = [];
  const made = testProvider({ ...options, onDecision: (d) => decisions.push(d) });
  return { ...made, decisions: () => decisions.map((d) => `${d.symptom} ${d.decision} ${d.request}`) };
}
