import { describe, expect, it, vi } from 'vitest';
import { fastParseYaml } from '../../../src/config/read/fast-yaml.js';
import { fullParseYamlFile, MAX_ALIAS_VALUES, parseYamlFile } from '../../../src/config/read/parse-yaml.js';
import type { PNode } from '../../../src/config/read/positioned.js';

// Time budget: one test expands 100,000 alias values (about 0.5 s on a quiet machine, 2.5 s at load 13).
vi.setConfig({ testTimeout: 30_000 });

/**
 * The full YAML reader (src/config/read/parse-yaml.ts) on its own: values and where each is written, aliases and their
 * limit, repeated keys named at both places, tags, numbers, directives and syntax errors at their places.
 */

/** A node as `value@line:col`, maps and lists spelled out: what the reader made of a file, and where. */
function placed(node: PNode | null): unknown {
  if (node === null) return null;
  const at = `@${node.pos.line}:${node.pos.col}`;
  if (node.kind === 'scalar') return `${JSON.stringify(node.value)}${at}`;
  if (node.kind === 'seq') return { [at]: node.items.map(placed) };
  return { [at]: node.entries.map((e) => [`${e.key}@${e.keyPos.line}:${e.keyPos.col}`, placed(e.value)]) };
}

function read(text: string): { root: unknown; problems: string[] } {
  const parsed = fullParseYamlFile('f.yaml', text);
  const problems = parsed.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.message}`);
  return { root: placed(parsed.root), problems };
}

const TAG = 'is not accepted: tags change what a value means; write the value plainly (in quotes for text)';

describe('the full YAML reader', () => {
  it('reads maps, lists and scalars of every style, each where it is written', () => {
    const text = [
      'zones:',
      '  x.test:',
      '    ttl: 300',
      `    list: [a, 'b', "c"]`,
      '    block: |',
      '      two',
      '    folded: >-',
      '      two',
      '    empty:',
      '    items:',
      '      -',
      '      - 12.5',
      '    flow: [k: v, true, ~]',
      '',
    ].join('\n');
    expect(read(text)).toEqual({
      root: {
        '@1:1': [
          [
            'zones@1:1',
            {
              '@2:3': [
                [
                  'x.test@2:3',
                  {
                    '@3:5': [
                      ['ttl@3:5', '300@3:10'],
                      ['list@4:5', { '@4:11': ['"a"@4:12', '"b"@4:15', '"c"@4:20'] }],
                      ['block@5:5', '"two\\n"@5:12'],
                      ['folded@7:5', '"two"@7:13'],
                      // An empty value is placed at its key, an empty list item at its list.
                      ['empty@9:5', 'null@9:5'],
                      ['items@10:5', { '@11:7': ['null@11:7', '12.5@12:9'] }],
                      [
                        'flow@13:5',
                        { '@13:11': [{ '@13:12': [['k@13:12', '"v"@13:15']] }, 'true@13:18', 'null@13:24'] },
                      ],
                    ],
                  },
                ],
              ],
            },
          ],
        ],
      },
      problems: [],
    });
  });

  it('names the file in every position', () => {
    const parsed = fullParseYamlFile('dir/f.yaml', 'a:\n  - 1\n');
    expect(parsed).toEqual({
      file: 'dir/f.yaml',
      root: {
        kind: 'map',
        pos: { file: 'dir/f.yaml', line: 1, col: 1 },
        entries: [
          {
            key: 'a',
            keyPos: { file: 'dir/f.yaml', line: 1, col: 1 },
            value: {
              kind: 'seq',
              pos: { file: 'dir/f.yaml', line: 2, col: 3 },
              items: [{ kind: 'scalar', pos: { file: 'dir/f.yaml', line: 2, col: 5 }, value: 1 }],
            },
          },
        ],
      },
      diagnostics: [],
    });
  });

  it('keeps keys as written, so 01 and 1 are two keys', () => {
    expect(read(`01: a\n"q k": b\n'true': c\n1: d\n~: e\n`).root).toEqual({
      '@1:1': [
        ['01@1:1', '"a"@1:5'],
        ['q k@2:1', '"b"@2:8'],
        ['true@3:1', '"c"@3:9'],
        ['1@4:1', '"d"@4:4'],
        ['~@5:1', '"e"@5:4'],
      ],
    });
  });

  it('reads no document as none, and a null as a value', () => {
    for (const text of ['', '\n', '# nothing yet\n', '---\n', '--- # c\n...\n'])
      expect(read(text), JSON.stringify(text)).toEqual({ root: null, problems: [] });
    expect(read('~\n').root).toBe('null@1:1');
    expect(read('\n  ""\n').root).toBe('""@2:3');
  });

  it('names a repeated key at both places, each naming the other, and keeps the first value', () => {
    expect(read('a: 1\na: 2\nb: 3\na: 4\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', '1@1:4'],
          ['b@3:1', '3@3:4'],
        ],
      },
      problems: [
        'f.yaml:2:1 duplicate key "a": also defined at f.yaml:1:1',
        'f.yaml:1:1 duplicate key "a": also defined at f.yaml:2:1',
        'f.yaml:4:1 duplicate key "a": also defined at f.yaml:1:1',
        'f.yaml:1:1 duplicate key "a": also defined at f.yaml:4:1',
      ],
    });
  });

  it('refuses a key that is a list, a map or an alias where it is, and reads the rest', () => {
    expect(read('x:\n  ? [a, b]\n  : c\n  ? {k: 1}\n  : e\n  d: 1\n')).toEqual({
      root: { '@1:1': [['x@1:1', { '@2:3': [['d@6:3', '1@6:6']] }]] },
      problems: [
        'f.yaml:2:5 a key must be a plain name, not a list or a map',
        'f.yaml:4:5 a key must be a plain name, not a list or a map',
      ],
    });
    expect(read('a: &k k\n*k : v\n').problems).toEqual([
      'f.yaml:2:1 a key must be a plain name, not a list or a map',
    ]);
  });

  it('reads a key with no value as empty, at its key', () => {
    expect(read('x: {a, b: }\n? k\n').root).toEqual({
      '@1:1': [
        [
          'x@1:1',
          {
            '@1:4': [
              ['a@1:5', 'null@1:5'],
              ['b@1:8', 'null@1:8'],
            ],
          },
        ],
        ['k@2:3', 'null@2:3'],
      ],
    });
  });

  it('places an empty key where it is written', () => {
    expect(read('x:\n  : a\n').root).toEqual({ '@1:1': [['x@1:1', { '@2:3': [['@2:3', '"a"@2:5']] }]] });
  });

  it('refuses tags other than !!str at their place, on values, keys, collections and the root', () => {
    expect(read('a: !!int 0x10\nb: !!str 012\n!!int 2: c\nd: !!set {x}\n!!str e: 1\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', '16@1:10'],
          ['b@2:1', '"012"@2:10'],
          ['2@3:7', '"c"@3:10'],
          ['d@4:1', { '@4:10': [['x@4:11', 'null@4:11']] }],
          ['e@5:7', '1@5:10'],
        ],
      },
      // A tagged number is refused for its tag only, not also for how it is written.
      problems: [
        `f.yaml:1:10 tag !!int ${TAG}`,
        `f.yaml:3:7 tag !!int ${TAG}`,
        `f.yaml:4:10 tag !!set ${TAG}`,
      ],
    });
    expect(read('!!map\na: 1\n').problems).toEqual([`f.yaml:2:1 tag !!map ${TAG}`]);
    // A value no plain value is (bytes) is read as its text, refused for its tag.
    expect(read('a: !!binary aGk=\n')).toEqual({
      root: { '@1:1': [['a@1:1', '"hi"@1:13']] },
      problems: [`f.yaml:1:13 tag !!binary ${TAG}`],
    });
  });

  it('reports a number not written in decimal digits where it is, and takes it quoted', () => {
    expect(read('a: "012"\nb: 0o17\nc: [3600.0, 12.5, -3]\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', '"012"@1:4'],
          ['b@2:1', '15@2:4'],
          ['c@3:1', { '@3:4': ['3600@3:5', '12.5@3:13', '-3@3:19'] }],
        ],
      },
      problems: [
        'f.yaml:2:4 number 0o17 is not written in decimal digits (YAML reads it as 15): write 15, or quote the value if it is text',
        'f.yaml:3:5 number 3600.0 is a whole number written with a decimal point: write 3600, or quote the value if it is text',
      ],
    });
  });

  it('reads an alias as its value, placed where the value is written, problems included', () => {
    expect(read('a: &x [1, 0x1F]\nb: *x\nc: &y { k: v }\nd: [*y]\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', { '@1:7': ['1@1:8', '31@1:11'] }],
          ['b@2:1', { '@1:7': ['1@1:8', '31@1:11'] }],
          ['c@3:1', { '@3:7': [['k@3:9', '"v"@3:12']] }],
          ['d@4:1', { '@4:4': [{ '@3:7': [['k@3:9', '"v"@3:12']] }] }],
        ],
      },
      // The number is refused each time it is read, at the one place it is written.
      problems: [
        'f.yaml:1:11 number 0x1F is not written in decimal digits (YAML reads it as 31): write 31, or quote the value if it is text',
        'f.yaml:1:11 number 0x1F is not written in decimal digits (YAML reads it as 31): write 31, or quote the value if it is text',
      ],
    });
  });

  it('refuses an alias inside the value it refers to, and an alias of no anchor, as an empty value there', () => {
    expect(read('a: &x [1, *x]\nb: &m { k: *m }\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', { '@1:7': ['1@1:8', 'null@1:11'] }],
          ['b@2:1', { '@2:7': [['k@2:9', 'null@2:12']] }],
        ],
      },
      problems: [
        'f.yaml:1:11 alias *x refers to a value that contains it',
        'f.yaml:2:12 alias *m refers to a value that contains it',
      ],
    });
    // The same value repeated side by side is no loop.
    expect(read('a: &x [1]\nb: [*x, *x]\n').problems).toEqual([]);
    // An anchor written after its alias is none for it, as YAML reads it.
    expect(read('a: *nowhere\nb: *later\nc: &later 1\n')).toEqual({
      root: {
        '@1:1': [
          ['a@1:1', 'null@1:4'],
          ['b@2:1', 'null@2:4'],
          ['c@3:1', '1@3:11'],
        ],
      },
      problems: [
        'f.yaml:1:4 alias *nowhere has no anchor &nowhere before it',
        'f.yaml:2:4 alias *later has no anchor &later before it',
      ],
    });
  });

  describe('the values aliases may add', () => {
    /** An anchored list of `size` values with the list itself, `size + 1` values each time an alias repeats it. */
    const list = (size: number) => `[${Array.from({ length: size }, () => '0').join(', ')}]`;
    const aliases = (count: number, name: string) =>
      `[${Array.from({ length: count }, () => `*${name}`).join(', ')}]`;
    const LIMIT = `the aliases of this file expand to more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values, the limit: an anchor repeats a value, it does not multiply a file`;

    it('refuses the values past the limit, once, at the outermost alias, and reads them as empty', () => {
      expect(MAX_ALIAS_VALUES).toBe(100_000);
      // One test, as each costs 100,000 values (slow under Stryker). `refs` adds 97 × 1,000 values and `pair` 2,000;
      // `again` adds `pair` (1), its first alias of `big` (1), `big` (1) and the zeros of `big`: the 998th passes the
      // limit, and the second alias of `big` is past it too.
      const text = `big: &big ${list(999)}\nrefs: ${aliases(97, 'big')}\npair: &pair [*big, *big]\nagain: *pair\n`;
      const parsed = fullParseYamlFile('f.yaml', text);
      expect(parsed.diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual([`4:8 ${LIMIT}`]);
      const values = (entry: number) => {
        const node = parsed.root?.kind === 'map' ? parsed.root.entries[entry]?.value : undefined;
        return (node?.kind === 'seq' ? node.items : []).map((inner) =>
          inner.kind === 'seq' ? inner.items.map((item) => item.kind === 'scalar' && item.value) : inner,
        );
      };
      const zeros = (count: number) => Array.from({ length: count }, () => 0);
      // Within the limit, every value is read (values written without an alias are not counted).
      expect(values(1)).toHaveLength(97);
      expect(values(1)[96]).toEqual(zeros(999));
      expect(values(2)).toEqual([zeros(999), zeros(999)]);
      expect(values(3)).toEqual([
        [...zeros(997), null, null],
        { kind: 'scalar', pos: { file: 'f.yaml', line: 3, col: 20 }, value: null },
      ]);
    });
  });

  it('reports every syntax error of a file at once, and nothing else from it', () => {
    expect(read('a: [1,\nb: {\nc: 0x10\n')).toEqual({
      root: null,
      problems: [
        'f.yaml:2:1 invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
        'f.yaml:3:1 invalid YAML: Flow map in block collection must be sufficiently indented and end with a }',
      ],
    });
  });

  it('reports a warning of the parser as a problem, and a second document where it starts', () => {
    expect(read('%FOO bar\n---\na: 1\n')).toEqual({
      root: null,
      problems: ['f.yaml:1:1 invalid YAML: Unknown directive %FOO'],
    });
    expect(read('a: 1\n---\nb: 2\n')).toEqual({
      root: null,
      problems: ['f.yaml:2:1 invalid YAML: a file holds one document, but a second one starts here'],
    });
  });

  it('refuses a %YAML directive other than 1.2 on its line, and reads the file with 1.2', () => {
    expect(read('# settings, no longer %YAML 1.1\n%YAML 1.1\n---\na: 017\n')).toEqual({
      root: null,
      problems: [
        'f.yaml:2:1 %YAML 1.1 is not accepted: edgeplan reads YAML 1.2 only (YAML 1.1 reads 017 as 15 and 1:30 as 90); remove the directive',
      ],
    });
    expect(read('%YAML 1.2\n---\na: 1\n')).toEqual({ root: { '@3:1': [['a@3:1', '1@3:4']] }, problems: [] });
  });
});

describe('parseYamlFile', () => {
  it('gives what the fast reader gives for a file it reads, and the full reader for one it leaves', () => {
    const fast = 'a: [1, 012]\n';
    expect(fastParseYaml('f.yaml', fast)).not.toBeNull();
    expect(parseYamlFile('f.yaml', fast)).toEqual(fullParseYamlFile('f.yaml', fast));
    const full = 'a: &x [1, 012]\nb: *x\n';
    expect(fastParseYaml('f.yaml', full)).toBeNull();
    expect(parseYamlFile('f.yaml', full)).toEqual(fullParseYamlFile('f.yaml', full));
    expect(parseYamlFile('f.yaml', full).file).toBe('f.yaml');
  });
});
