import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Time budget: two tests read every YAML file of the repository and generated documents (about 2 s at load 9).
vi.setConfig({ testTimeout: 60_000 });

import { fastParseYaml } from '../../../src/config/read/fast-yaml.js';
import { fullParseYamlFile } from '../../../src/config/read/parse-yaml.js';

/**
 * The fast reader (src/config/read/fast-yaml.ts) against the full one (parse-yaml.ts): where the fast reader reads a
 * file, it gives exactly what the full reader gives (values, positions, problems); what it does not read, it leaves
 * to the full reader (null).
 */
function agrees(text: string, file = 'a.yaml'): 'fast' | 'full' {
  const fast = fastParseYaml(file, text);
  if (fast === null) return 'full';
  const full = fullParseYamlFile(file, text);
  expect({ root: fast.root, diagnostics: fast.diagnostics }, JSON.stringify(text)).toEqual({
    root: full.root,
    diagnostics: full.diagnostics,
  });
  return 'fast';
}

describe('the fast YAML reader', () => {
  it('reads every YAML file of the repository as the full reader does, or leaves it to it', () => {
    // Walked rather than asked of git, so the test also runs in a copy without .git (Stryker's sandbox).
    const files = readdirSync('.', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ya?ml$/.test(file))
      .filter((file) => !/^(node_modules|dist|coverage|reports|\.git|\.stryker-tmp)/.test(file))
      .sort();
    expect(files.length).toBeGreaterThan(100);
    const read = files.map((file) => agrees(readFileSync(file, 'utf8'), file));
    // The repository's desired states are what the fast reader is for: nearly all of them are its.
    expect(read.filter((how) => how === 'fast').length).toBeGreaterThan(files.length * 0.8);
  });

  it('reads maps, lists, plain and quoted scalars, empty values and comments, placing each', () => {
    const text = [
      'zones:',
      '  x.test:   # a comment',
      '    default_ttl: 300',
      '    records:',
      "      www: { a: [192.0.2.1, '192.0.2.2'], ttl: }",
      '      "010": { txt: ["it\'s", \'say "hi"\'] }',
      '      mail:',
      '        - 10 mx.x.test.',
      '        -',
      '',
    ].join('\n');
    expect(agrees(text)).toBe('fast');
    const fast = fastParseYaml('a.yaml', text);
    const records = fast?.root?.kind === 'map' ? fast.root : undefined;
    expect(records?.pos).toEqual({ file: 'a.yaml', line: 1, col: 1 });
    expect(JSON.stringify(fast?.root)).toContain('"key":"010","keyPos":{"file":"a.yaml","line":6,"col":7}');
  });

  it('reports a number not written in decimal digits where it is, as the full reader does', () => {
    // A binary or signed hex number is text in YAML 1.2 unless tagged: no number, no problem.
    const text = 'a: 0x1F\nb: 012\nc: 1e3\nd: .inf\ne: 12.5\nf: 0b101\ng: -0x1F\n';
    expect(agrees(text)).toBe('fast');
    const fast = fastParseYaml('a.yaml', text);
    expect(fast?.diagnostics.map((d) => `${d.line}:${d.col}`)).toEqual(['1:4', '2:4', '3:4', '4:4']);
    const values =
      fast?.root?.kind === 'map'
        ? fast.root.entries.map(({ value }) => value.kind === 'scalar' && value.value)
        : [];
    expect(values).toEqual([31, 12, 1000, Number.POSITIVE_INFINITY, 12.5, '0b101', '-0x1F']);
  });

  it('reads a file without a final newline, or without any', () => {
    for (const text of ['a: 1', 'a:\n  b: [1, "x"]', '- a\n- b', '"just text"']) {
      expect(agrees(text), JSON.stringify(text)).toBe('fast');
      expect(fastParseYaml('a.yaml', text)?.root).not.toBeNull();
    }
  });

  it('counts lines across CRLF endings and a byte-order mark', () => {
    expect(agrees('a: 1\r\nb:\r\n  c: "x"\r\n')).toBe('fast');
    expect(agrees('\ufeffa: 1\nb: 2\n')).toBe('fast');
  });

  it('reads an explicit empty document as none, and a root that is a scalar or a list; leaves no document to the full reader', () => {
    for (const text of ['---\n', '---\n...\n', '--- # nothing yet\n']) {
      expect(agrees(text), JSON.stringify(text)).toBe('fast');
      expect(fastParseYaml('a.yaml', text)).toEqual({ root: null, diagnostics: [] });
    }
    for (const text of ['', '\n', '# nothing yet\n']) expect(agrees(text), JSON.stringify(text)).toBe('full');
    // The full reader reads an empty document as none too, where only it reads the file (a directive).
    expect(fullParseYamlFile('a.yaml', '%YAML 1.2\n---\n')).toEqual({
      file: 'a.yaml',
      root: null,
      diagnostics: [],
    });
    expect(fullParseYamlFile('a.yaml', '%YAML 1.2\n--- ~\n').root).toEqual({
      kind: 'scalar',
      pos: { file: 'a.yaml', line: 2, col: 5 },
      value: null,
    });
    expect(agrees('\n\n  hello\n')).toBe('fast');
    expect(fastParseYaml('a.yaml', '\n\n  hello\n')?.root).toEqual({
      kind: 'scalar',
      pos: { file: 'a.yaml', line: 3, col: 3 },
      value: 'hello',
    });
    expect(agrees('- a\n-\n- "b"\n')).toBe('fast');
  });

  it('places an empty value at its key, and an empty list item at its list', () => {
    const text = 'x:\n  a:\nc:\n  -\n';
    expect(agrees(text)).toBe('fast');
    const at = (line: number, col: number) => ({ file: 'a.yaml', line, col });
    expect(fastParseYaml('a.yaml', text)?.root).toEqual({
      kind: 'map',
      pos: at(1, 1),
      entries: [
        {
          key: 'x',
          keyPos: at(1, 1),
          value: {
            kind: 'map',
            pos: at(2, 3),
            entries: [{ key: 'a', keyPos: at(2, 3), value: { kind: 'scalar', pos: at(2, 3), value: null } }],
          },
        },
        {
          key: 'c',
          keyPos: at(3, 1),
          value: { kind: 'seq', pos: at(4, 3), items: [{ kind: 'scalar', pos: at(4, 3), value: null }] },
        },
      ],
    });
  });

  it.each([
    ['a syntax error', 'a:\n  b: [1,\n2]\n'],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['an empty second document', 'a: 1\n---\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['an anchor and its alias', 'a: &x [1]\nb: *x\n'],
    ['a tag', 'a: !!str 012\n'],
    ['a local tag', 'a: !x 1\n'],
    ['a repeated key', 'a: 1\nb: 2\na: 3\n'],
    ['a key that is a list', '? [a, b]\n: c\n'],
    ['a key that is a list, under another key', 'x:\n  ? [a]\n  : [c]\n'],
    ['an empty key', ': a\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['a folded block scalar', 'a: >-\n  text\n'],
    ['an anchored key', '&k a: 1\n'],
    ['a tagged key', '!!str a: 1\n'],
    ['a block scalar key', '? |\n  k\n: v\n'],
    ['an anchored list item', 'a: [&x 1]\n'],
    ['a tagged map', 'a: !!map { b: 1 }\n'],
    ['a tagged root', '!!map\na: 1\n'],
  ])('leaves %s to the full reader', (_what, text) => {
    expect(fastParseYaml('a.yaml', text)).toBeNull();
  });

  it('agrees with the full reader on generated documents', () => {
    const read = { fast: 0, full: 0 };
    fc.assert(
      fc.property(documentArbitrary, (text) => {
        read[agrees(text)]++;
      }),
      { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 300) },
    );
    // Most generated documents are the fast reader's (the rest have a syntax error: a plain scalar that does not fit).
    expect(read.fast).toBeGreaterThan(read.full);
  });
});

/** Scalars as desired state writes them, and the forms YAML reads otherwise (numbers, booleans, nulls, quotes). */
const scalarArbitrary = fc.constantFrom(
  'www',
  'a b',
  '192.0.2.1',
  '2001:db8::1',
  '300',
  '-1',
  '+1',
  '0',
  '012',
  '0x1F',
  '0o17',
  // Numbers only an explicit tag reads (binary, a signed hex or octal): text in a plain scalar.
  '0b101',
  '-0x1F',
  '+0o17',
  '-.inf',
  'NULL',
  'TRUE',
  '1e3',
  '12.5',
  '.5',
  '.inf',
  '.nan',
  'true',
  'False',
  'yes',
  'null',
  '~',
  'x#y',
  'a:b',
  '"quoted"',
  '"tab\\tthere"',
  '"\\u00e9"',
  "'single'",
  "'it''s'",
  '"300"',
  '"multi\n  line"',
  'plain\n  continued',
);
const keyArbitrary = fc.constantFrom(
  'www',
  'a',
  'b',
  '010',
  '1',
  '"q k"',
  "'s'",
  'x.test',
  'ttl',
  'true',
  '~',
);
const commentArbitrary = fc.constantFrom('', '', ' # note', '  #x');

type Doc = string | { seq: Doc[] } | { map: [string, Doc | null][] };
const docArbitrary: fc.Arbitrary<Doc> = fc.letrec<{ node: Doc }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArbitrary,
    fc.array(tie('node'), { maxLength: 3 }).map((seq) => ({ seq })),
    fc
      .uniqueArray(fc.tuple(keyArbitrary, fc.option(tie('node'), { nil: null })), {
        minLength: 1,
        maxLength: 4,
        selector: ([key]) => key,
      })
      .map((map) => ({ map })),
  ),
})).node;

/** A flow rendering (one line), for nodes below a flow collection. */
function flow(doc: Doc | null): string {
  if (doc === null) return '';
  if (typeof doc === 'string') return doc.includes('\n') ? '"flow"' : doc;
  if ('map' in doc) return `{ ${doc.map.map(([k, v]) => `${k}: ${flow(v)}`).join(', ')} }`;
  return `[${doc.seq.map((item) => flow(item)).join(', ')}]`;
}

/** A block rendering at `indent`, some collections written in flow style instead. */
function block(doc: Doc, indent: string, comment: string, useFlow: boolean): string {
  if (typeof doc === 'string' || useFlow) return ` ${flow(doc)}${comment}\n`;
  if ('map' in doc)
    return `${comment}\n${doc.map.map(([k, v]) => `${indent}${k}:${v === null ? '\n' : block(v, `${indent}  `, '', false)}`).join('')}`;
  if (doc.seq.length === 0) return ` []${comment}\n`;
  // A list item that is a list is written in flow style: `- - a` nests block lists on one line.
  return `${comment}\n${doc.seq.map((item) => `${indent}-${block(item, `${indent}  `, '', typeof item !== 'string' && 'seq' in item)}`).join('')}`;
}

const documentArbitrary = fc
  .tuple(
    fc.uniqueArray(fc.tuple(keyArbitrary, docArbitrary, commentArbitrary, fc.boolean()), {
      minLength: 1,
      maxLength: 5,
      selector: ([key]) => key,
    }),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([entries, newline]) =>
    entries
      .map(([key, value, comment, useFlow]) => `${key}:${block(value, '  ', comment, useFlow)}`)
      .join('')
      .replace(/\n/g, newline),
  );
