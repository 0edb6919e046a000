import { describe, expect, it } from 'vitest';
import type { PMap, PNode } from '../../../src/config/read/positioned.js';
import { entryWithZoneName, withZoneName } from '../../../src/config/reuse/zone-text.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';

const pos = (line: number, col: number) => ({ file: 't.yaml', line, col });
const scalar = (value: string | number, line = 1, col = 1): PNode => ({
  kind: 'scalar',
  pos: pos(line, col),
  value,
});
const map = (entries: [string, PNode][]): PMap => ({
  kind: 'map',
  pos: pos(1, 1),
  entries: entries.map(([key, value], i) => ({ key, keyPos: pos(i + 2, 3), value })),
});

describe('{zone} in templates', () => {
  it('replaces every {zone}, in values and keys, without a trailing dot', () => {
    const node = map([
      ['mx.{zone}.', { kind: 'seq', pos: pos(1, 1), items: [scalar('{zone} and {zone}.')] }],
    ]);
    const done = withZoneName(node, 'example.com');
    expect(done).toMatchObject({
      entries: [{ key: 'mx.example.com.', value: { items: [{ value: 'example.com and example.com.' }] } }],
    });
  });

  it('gives back the very nodes that hold no placeholder, so zones share them', () => {
    const node = map([
      [
        'www',
        map([
          ['a', scalar('192.0.2.1')],
          ['ttl', scalar(300)],
        ]),
      ],
    ]);
    expect(withZoneName(node, 'example.com')).toBe(node);
    const list: PNode = { kind: 'seq', pos: pos(1, 1), items: [scalar('x')] };
    expect(withZoneName(list, 'example.com')).toBe(list);
  });

  it('keeps keys as written when asked (the schema check locates issues by them)', () => {
    const node = map([['{zone}', scalar('{zone}')]]);
    expect(withZoneName(node, 'z.example', undefined, false)).toMatchObject({
      entries: [{ key: '{zone}', value: { value: 'z.example' } }],
    });
  });

  it('refuses any other "{" at its place, in a value or a key, and leaves the text as written', () => {
    const problems: Diagnostic[] = [];
    const node = map([
      ['{name}', scalar('ok')],
      ['x', scalar('{zone}{', 4, 9)],
    ]);
    const done = withZoneName(node, 'example.com', problems);
    expect(problems.map((one) => [one.line, one.col, one.code])).toEqual([
      [2, 3, 'EP1222'],
      [4, 9, 'EP1222'],
    ]);
    expect(done).toMatchObject({ entries: [{ key: '{name}' }, { value: { value: '{zone}{' } }] });
  });

  it('replaces a key alone when only the key has it; an entry replaces keys unless told not to', () => {
    const done = withZoneName(map([['mail.{zone}', scalar('x')]]), 'example.com');
    expect(done).toMatchObject({ entries: [{ key: 'mail.example.com', value: { value: 'x' } }] });
    const entry = { key: '_dmarc.{zone}', keyPos: pos(2, 3), value: scalar('v') };
    expect(entryWithZoneName(entry, 'example.com').key).toBe('_dmarc.example.com');
  });
});
