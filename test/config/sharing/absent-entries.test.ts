import { describe, expect, it } from 'vitest';
import type { MergedZone } from '../../../src/config/read/merge.js';
import type { PNode, Position } from '../../../src/config/read/positioned.js';
import { readAbsent } from '../../../src/config/sharing/absent-entries.js';

/**
 * `absent:` entries read on their own (the schema and the rules around them: sharing-rules.test.ts): which are
 * taken, which are refused and why, and which shapes are left to the schema's own message.
 */
const at = (col: number): Position => ({ file: 'zones.yaml', line: 9, col });
const scalar = (value: string | number | boolean | null, col = 1): PNode => ({
  kind: 'scalar',
  pos: at(col),
  value,
});

/** A zone with these `absent` items and `manage: <manage>`, or no `manage` (null). */
function zone(absent: PNode[], manage: string | null = 'declared'): MergedZone {
  return {
    zone: 'example.com',
    keys: [],
    defaultTtl: undefined,
    create: undefined,
    records: [],
    recordsGiven: true,
    unmanaged: [],
    manage: manage === null ? undefined : { key: 'manage', keyPos: at(5), value: scalar(manage, 13) },
    absent,
    providers: [],
  };
}

const messages = (read: ReturnType<typeof readAbsent>) =>
  read.diagnostics.map((d) => `${d.col}: ${d.message}`);

describe('absent entries', () => {
  it('skips the shapes the schema refuses: no entry, and no second message beside the schema', () => {
    const shapes: PNode[] = [
      { kind: 'seq', pos: at(3), items: [scalar('old')] },
      { kind: 'map', pos: at(5), entries: [] },
      scalar(5, 7),
      scalar(true, 9),
      scalar(null, 11),
      scalar('', 13),
    ];
    expect(readAbsent(zone(shapes))).toEqual({ declared: true, entries: [], diagnostics: [] });
  });

  it('takes a name and a type separated by any run of blanks, around them too', () => {
    const read = readAbsent(zone([scalar('  old \t A  ', 3), scalar('gone', 20)]));
    expect(read.diagnostics).toEqual([]);
    expect(read.entries).toEqual([
      { set: { fqdn: 'old.example.com', type: 'A' }, written: '  old \t A  ', pos: at(3) },
      { set: { fqdn: 'gone.example.com' }, written: 'gone', pos: at(20) },
    ]);
  });

  it('refuses a name whose labels are not valid, written relative or absolute', () => {
    // The last character decides both: a label ends with no hyphen (RFC 952's rule, kept by RFC 1123 §2.1).
    const read = readAbsent(zone([scalar('ab-', 3), scalar('ab-.example.com.', 10)]));
    expect(read.entries).toEqual([]);
    expect(messages(read)).toEqual([
      '3: absent entry "ab-" has a name that is not valid: label "ab-" starts or ends with "-"',
      '10: absent entry "ab-.example.com." has a name that is not valid: label "ab-" starts or ends with "-"',
    ]);
  });

  it('needs manage: declared, and says so for each entry', () => {
    for (const manage of [null, 'all']) {
      const read = readAbsent(zone([scalar('old', 3)], manage));
      expect(read.declared).toBe(false);
      expect(messages(read)).toEqual(['3: absent entry "old" needs manage: declared in zone "example.com"']);
    }
  });
});
