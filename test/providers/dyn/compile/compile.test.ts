import { describe, expect, it, vi } from 'vitest';
import type { ProviderOp } from '../../../../src/model/provider.js';
import { dynCompiler } from '../../../../src/providers/dyn/index.js';
import { type LiveTuple, setWork } from '../../helpers/compile-input.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

/** The record-set logic moved from plan (test/plan/ops.test.ts), now per type through canonical values. */

const z = { zone: 'a.test' };
const PUBLISH = { kind: 'publish', ...z };

function compile(...sets: ReturnType<typeof setWork>[]): ProviderOp[] {
  return dynCompiler.compileZone({ zone: 'a.test', create: null, sets });
}

/** The most records of one type any name holds after each op, replaying the ops on the live counts. */
function peakPerName(live: Record<string, number>, ops: readonly ProviderOp[]): number {
  const counts = new Map(Object.entries(live));
  let peak = Math.max(0, ...counts.values());
  for (const op of ops) {
    const key = `${op.fqdn} ${op.type}`;
    const count = counts.get(key) ?? 0;
    if (op.kind === 'add-record') counts.set(key, count + 1);
    if (op.kind === 'delete-record') counts.set(key, count - 1);
    if (op.kind === 'delete-records') counts.set(key, 0);
    if (op.kind === 'replace-records' && Array.isArray(op.values)) counts.set(key, op.values.length);
    peak = Math.max(peak, counts.get(key) ?? 0);
  }
  return peak;
}

describe('compileZone: per record or node-wide, whichever takes fewer requests', () => {
  it('rewrites a record in place when one value replaces another: one update-record', () => {
    const ops = compile(
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.1', '192.0.2.4'], 60],
        [
          ['2', '192.0.2.9', 60],
          ['1', '192.0.2.1', 60],
        ],
      ),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.a.test', type: 'A', ref: '2', value: '192.0.2.4', ttl: 60 },
      PUBLISH,
    ]);
  });

  it('replaces a set that would take more than one per-record op with one replace-records', () => {
    const ops = compile(
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.4', '192.0.2.1', '192.0.2.3'], 60],
        [
          ['4', '192.0.2.10', 300],
          ['3', '192.0.2.9', 300],
          ['2', '192.0.2.5', 300],
          ['1', '192.0.2.1', 300],
        ],
      ),
    );
    expect(ops).toEqual([
      {
        kind: 'replace-records',
        ...z,
        fqdn: 'www.a.test',
        type: 'A',
        values: ['192.0.2.1', '192.0.2.3', '192.0.2.4'],
        ttl: 60,
      },
      PUBLISH,
    ]);
  });

  it('runs every delete of the zone first, then writes by fqdn, then exactly one publish', () => {
    const ops = compile(
      setWork('zzz.a.test', 'A', [['192.0.2.1', '192.0.2.2', '192.0.2.3'], 300], [['30', '192.0.2.9', 300]]),
      setWork('new.a.test', 'A', [['192.0.2.2', '192.0.2.1'], 300]),
      setWork('aaa.a.test', 'A', null, [
        ['10', '192.0.2.1', 300],
        ['11', '192.0.2.2', 300],
      ]),
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.1'], 300],
        [
          ['20', '192.0.2.1', 300],
          ['21', '192.0.2.2', 300],
        ],
      ),
    );
    const replace = (fqdn: string, values: string[]) => ({
      kind: 'replace-records',
      ...z,
      fqdn,
      type: 'A',
      values,
      ttl: 300,
    });
    expect(ops).toEqual([
      { kind: 'delete-records', ...z, fqdn: 'aaa.a.test', type: 'A' },
      { kind: 'delete-record', ...z, fqdn: 'www.a.test', type: 'A', ref: '21' },
      replace('new.a.test', ['192.0.2.1', '192.0.2.2']),
      replace('zzz.a.test', ['192.0.2.1', '192.0.2.2', '192.0.2.3']),
      PUBLISH,
    ]);
  });

  it('updates only the TTL of kept values whose TTL differs', () => {
    const ops = compile(
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.1', '192.0.2.2'], 300],
        [
          ['1', '192.0.2.1', 300],
          ['2', '192.0.2.2', 60],
        ],
      ),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.a.test', type: 'A', ref: '2', value: '192.0.2.2', ttl: 300 },
      PUBLISH,
    ]);
  });

  it('keeps the duplicate with the desired TTL and rewrites the other one', () => {
    const ops = compile(
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.1', '192.0.2.2'], 60],
        [
          ['1', '192.0.2.1', 300],
          ['2', '192.0.2.1', 60],
        ],
      ),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.a.test', type: 'A', ref: '1', value: '192.0.2.2', ttl: 60 },
      PUBLISH,
    ]);
  });

  it('of two duplicates with the wrong TTL keeps the lower record id (as a number: 9 before 10)', () => {
    const ops = compile(
      setWork(
        'www.a.test',
        'A',
        [['192.0.2.1'], 300],
        [
          ['10', '192.0.2.1', 300],
          ['9', '192.0.2.1', 300],
        ],
      ),
    );
    expect(ops).toEqual([{ kind: 'delete-record', ...z, fqdn: 'www.a.test', type: 'A', ref: '10' }, PUBLISH]);
  });

  it('never exceeds 13 records at a name: 13 live replaced by 13 others is one replace-records', () => {
    const live = Array.from({ length: 13 }, (_, i): LiveTuple => [String(i + 1), `192.0.2.${i + 1}`, 300]);
    const wanted = Array.from({ length: 13 }, (_, i) => `198.51.100.${i + 1}`);
    const ops = compile(setWork('www.a.test', 'A', [wanted, 300], live));
    expect(ops.map((op) => op.kind)).toEqual(['replace-records', 'publish']);
    expect(peakPerName({ 'www.a.test A': 13 }, ops)).toBe(13);
  });

  it('frees a name before it fills it: every delete of the zone runs before any write', () => {
    const full = Array.from({ length: 13 }, (_, i): LiveTuple => [String(i + 1), `192.0.2.${i + 1}`, 300]);
    const ops = compile(
      setWork('a.a.test', 'A', [['192.0.2.200'], 300]),
      setWork('www.a.test', 'A', [full.slice(1).map(([, v]) => v), 300], full),
    );
    expect(ops.map((op) => op.kind)).toEqual(['delete-record', 'add-record', 'publish']);
    expect(peakPerName({ 'www.a.test A': 13 }, ops)).toBe(13);
  });

  it('creates a zone of another serial style first, record by record, and publishes it once, last', () => {
    const ops = dynCompiler.compileZone({
      zone: 'a.test',
      create: { rname: 'hostmaster@a.test', ttl: 3600, serialStyle: 'day' },
      sets: [setWork('www.a.test', 'A', [['192.0.2.1', '192.0.2.2'], 3600])],
    });
    expect(ops).toEqual([
      { kind: 'create-zone', ...z, rname: 'hostmaster@a.test', ttl: 3600, serialStyle: 'day' },
      {
        kind: 'replace-records',
        ...z,
        fqdn: 'www.a.test',
        type: 'A',
        values: ['192.0.2.1', '192.0.2.2'],
        ttl: 3600,
      },
      PUBLISH,
    ]);
    const empty = dynCompiler.compileZone({
      zone: 'a.test',
      create: { rname: 'r@a.test', ttl: 60, serialStyle: 'increment' },
      sets: [],
    });
    expect(empty.map((op) => op.kind)).toEqual(['create-zone', 'publish']);
  });
});

describe('compileZone: every type through its canonical values', () => {
  it('makes the per-record or node-wide choice per type, values in the type order', () => {
    const ops = compile(
      // One MX changes: rewritten in place. Two change: one replace-records, values in MX order.
      setWork(
        'a.test',
        'MX',
        [['10 mx1.a.test.', '20 mx3.a.test.'], 300],
        [
          ['1', '10 mx1.a.test.', 300],
          ['2', '20 mx2.a.test.', 300],
        ],
      ),
      setWork('b.a.test', 'MX', [['20 mx.b.a.test.', '5 mx.b.a.test.'], 300], [['3', '10 old.a.test.', 300]]),
      // A CNAME that points elsewhere: one update-record.
      setWork('web.a.test', 'CNAME', [['www.example.net.'], 300], [['4', 'www.a.test.', 300]]),
      // TXT: one of two records goes (delete-record); a whole set of three goes (delete-records).
      setWork(
        't.a.test',
        'TXT',
        [['"keep"'], 300],
        [
          ['5', '"keep"', 300],
          ['6', '"drop"', 300],
        ],
      ),
      setWork('u.a.test', 'TXT', null, [
        ['7', '"a"', 300],
        ['8', '"b"', 300],
        ['9', '"c"', 300],
      ]),
    );
    expect(ops).toEqual([
      { kind: 'delete-record', ...z, fqdn: 't.a.test', type: 'TXT', ref: '6' },
      { kind: 'delete-records', ...z, fqdn: 'u.a.test', type: 'TXT' },
      {
        kind: 'update-record',
        ...z,
        fqdn: 'a.test',
        type: 'MX',
        ref: '2',
        value: '20 mx3.a.test.',
        ttl: 300,
      },
      {
        kind: 'replace-records',
        ...z,
        fqdn: 'b.a.test',
        type: 'MX',
        values: ['5 mx.b.a.test.', '20 mx.b.a.test.'],
        ttl: 300,
      },
      {
        kind: 'update-record',
        ...z,
        fqdn: 'web.a.test',
        type: 'CNAME',
        ref: '4',
        value: 'www.example.net.',
        ttl: 300,
      },
      PUBLISH,
    ]);
  });

  it('orders sets by fqdn then type whatever the input order, so a CNAME replacing an A finds its name free', () => {
    const ops = compile(
      setWork('www.a.test', 'CNAME', [['web.example.net.'], 300]),
      setWork('www.a.test', 'A', null, [['1', '192.0.2.1', 300]]),
      setWork('mail.a.test', 'TXT', [['"x"'], 300]),
      setWork('mail.a.test', 'A', [['192.0.2.9'], 300]),
    );
    expect(ops.map((op) => `${op.kind} ${op.fqdn ?? ''} ${op.type ?? ''}`.trim())).toEqual([
      'delete-record www.a.test A',
      'add-record mail.a.test A',
      'add-record mail.a.test TXT',
      'add-record www.a.test CNAME',
      'publish',
    ]);
  });

  it('changes node-wide a set whose live records have no ref (they cannot be addressed one by one)', () => {
    const work = setWork('www.a.test', 'A', [['192.0.2.1', '192.0.2.2'], 300], [['1', '192.0.2.1', 300]]);
    const unaddressed = { ...work, live: work.live.map(({ value, ttl }) => ({ value, ttl })) };
    expect(compile(unaddressed)[0]).toEqual({
      kind: 'replace-records',
      ...z,
      fqdn: 'www.a.test',
      type: 'A',
      values: ['192.0.2.1', '192.0.2.2'],
      ttl: 300,
    });
    const gone = {
      ...setWork('x.a.test', 'A', null, [['1', '192.0.2.1', 300]]),
      live: [{ value: '192.0.2.1', ttl: 300 }],
    };
    expect(compile(gone)[0]).toEqual({ kind: 'delete-records', ...z, fqdn: 'x.a.test', type: 'A' });
  });
});

describe('compileZone: a zone the plan creates', () => {
  const create = { rname: 'hostmaster@a.test', ttl: 3600, serialStyle: 'increment' } as const;

  it('is one zone-file upload of every set a file carries, then the ALIAS, then the publish', () => {
    const ops = dynCompiler.compileZone({
      zone: 'a.test',
      create,
      sets: [
        setWork('www.a.test', 'A', [['192.0.2.2', '192.0.2.1'], 300]),
        setWork('a.test', 'ALIAS', [['lb.example.net.'], 3600]),
        setWork('a.test', 'MX', [['20 mx2.a.test.', '10 mx1.a.test.'], 3600]),
      ],
    });
    expect(ops).toEqual([
      {
        kind: 'create-zone-from-file',
        ...z,
        rname: 'hostmaster@a.test',
        ttl: 3600,
        sets: [
          { fqdn: 'a.test', type: 'MX', ttl: 3600, values: ['10 mx1.a.test.', '20 mx2.a.test.'] },
          { fqdn: 'www.a.test', type: 'A', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
        ],
      },
      { kind: 'add-record', ...z, fqdn: 'a.test', type: 'ALIAS', value: 'lb.example.net.', ttl: 3600 },
      PUBLISH,
    ]);
  });

  it('takes as few files as the 1 MB limit allows, sets whole and in order', () => {
    const sets = Array.from({ length: 30_000 }, (_, i) =>
      setWork(`h${String(i).padStart(5, '0')}.a.test`, 'A', [[`10.0.${i >> 8}.${i & 255}`], 300]),
    );
    const ops = dynCompiler.compileZone({ zone: 'a.test', create, sets });
    expect(ops.map((op) => op.kind)).toEqual(['create-zone-from-file', 'add-zone-file', 'publish']);
    const uploaded = ops.flatMap((op) => ('sets' in op ? op.sets : []));
    expect(uploaded.map((set) => set.fqdn)).toEqual(sets.map((set) => set.change.address.fqdn));
    expect(ops[1]).toMatchObject({ kind: 'add-zone-file', zone: 'a.test', ttl: 3600 });
  });
});
