import { describe, expect, it } from 'vitest';
import type { LiveRecord } from '../../../../src/model/record-set.js';
import { recordSetOps } from '../../../../src/providers/dyn/compile/record-set-ops.js';

/**
 * recordSetOps on its own: one set's calls, per record when that takes at most one call, else one node-wide call.
 * What it deletes is what the service loses, so every case names the exact record ids.
 */

const target = { zone: 'a.test', fqdn: 'www.a.test', type: 'A' };
const rec = (ref: string | undefined, value: string, ttl = 300): LiveRecord =>
  ref === undefined ? { value, ttl } : { value, ttl, ref };
const want = (values: string[], ttl = 300) => ({ ttl, values });

describe('recordSetOps: one call per record when one call does it', () => {
  it('deletes the one live record of a set that goes away by its id', () => {
    expect(recordSetOps(target, null, [rec('7', '192.0.2.1')])).toEqual({
      deletes: [{ kind: 'delete-record', ...target, ref: '7' }],
      writes: [],
    });
  });

  it('adds the one value of a new set', () => {
    expect(recordSetOps(target, want(['192.0.2.1'], 60), [])).toEqual({
      deletes: [],
      writes: [{ kind: 'add-record', ...target, value: '192.0.2.1', ttl: 60 }],
    });
  });

  it('deletes only the record whose value is no longer wanted', () => {
    const live = [rec('1', '192.0.2.1'), rec('2', '192.0.2.2')];
    expect(recordSetOps(target, want(['192.0.2.2']), live)).toEqual({
      deletes: [{ kind: 'delete-record', ...target, ref: '1' }],
      writes: [],
    });
  });

  it('adds only the value not yet live', () => {
    expect(recordSetOps(target, want(['192.0.2.1', '192.0.2.2']), [rec('1', '192.0.2.1')])).toEqual({
      deletes: [],
      writes: [{ kind: 'add-record', ...target, value: '192.0.2.2', ttl: 300 }],
    });
  });

  it('rewrites the one record whose value is replaced, in place, with the desired TTL', () => {
    const live = [rec('1', '192.0.2.1', 60), rec('2', '192.0.2.5', 300)];
    expect(recordSetOps(target, want(['192.0.2.1', '192.0.2.9'], 60), live)).toEqual({
      deletes: [],
      // The kept record has the desired TTL already: no call for it.
      writes: [{ kind: 'update-record', ...target, ref: '2', value: '192.0.2.9', ttl: 60 }],
    });
  });

  it('updates the TTL of the one record whose TTL alone differs', () => {
    const live = [rec('1', '192.0.2.1', 300), rec('2', '192.0.2.2', 60)];
    expect(recordSetOps(target, want(['192.0.2.1', '192.0.2.2'], 300), live)).toEqual({
      deletes: [],
      writes: [{ kind: 'update-record', ...target, ref: '2', value: '192.0.2.2', ttl: 300 }],
    });
  });

  it('of a value held twice keeps the record with the desired TTL, whatever its place, and deletes the other', () => {
    const first = [rec('1', '192.0.2.1', 60), rec('2', '192.0.2.1', 300)];
    expect(recordSetOps(target, want(['192.0.2.1'], 300), first).deletes).toEqual([
      { kind: 'delete-record', ...target, ref: '1' },
    ]);
    const second = [rec('1', '192.0.2.1', 300), rec('2', '192.0.2.1', 60)];
    expect(recordSetOps(target, want(['192.0.2.1'], 300), second).deletes).toEqual([
      { kind: 'delete-record', ...target, ref: '2' },
    ]);
  });
});

describe('recordSetOps: one node-wide call otherwise', () => {
  it('deletes a set of two records with one delete-records', () => {
    expect(recordSetOps(target, null, [rec('1', '192.0.2.1'), rec('2', '192.0.2.2')])).toEqual({
      deletes: [{ kind: 'delete-records', ...target }],
      writes: [],
    });
  });

  it('creates a set of two values with one replace-records, values in the type order', () => {
    expect(recordSetOps(target, want(['192.0.2.10', '192.0.2.9'], 120), [])).toEqual({
      deletes: [],
      writes: [{ kind: 'replace-records', ...target, values: ['192.0.2.9', '192.0.2.10'], ttl: 120 }],
    });
  });

  it('replaces a set when a delete and an add (or two rewrites) would be needed', () => {
    const live = [rec('1', '192.0.2.1'), rec('2', '192.0.2.2')];
    expect(recordSetOps(target, want(['192.0.2.3', '192.0.2.4']), live)).toEqual({
      deletes: [],
      writes: [{ kind: 'replace-records', ...target, values: ['192.0.2.3', '192.0.2.4'], ttl: 300 }],
    });
    const moreAdded = recordSetOps(target, want(['192.0.2.5', '192.0.2.6']), [rec('1', '192.0.2.1')]);
    expect(moreAdded.writes.map((op) => op.kind)).toEqual(['replace-records']);
  });

  it('changes a set node-wide when any live record has no id, even for one call', () => {
    expect(recordSetOps(target, null, [rec(undefined, '192.0.2.1')])).toEqual({
      deletes: [{ kind: 'delete-records', ...target }],
      writes: [],
    });
    const mixed = [rec('1', '192.0.2.1'), rec(undefined, '192.0.2.2')];
    expect(recordSetOps(target, want(['192.0.2.1']), mixed)).toEqual({
      deletes: [],
      writes: [{ kind: 'replace-records', ...target, values: ['192.0.2.1'], ttl: 300 }],
    });
  });
});
