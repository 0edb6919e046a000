import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastParseYaml } from '../../../src/config/read/fast-yaml.js';
import { fullParseYamlFile, parseYamlFile } from '../../../src/config/read/parse-yaml.js';

/**
 * What the fast reader (src/config/read/fast-yaml.ts) leaves to the full one, wherever it stands in a file: a document
 * with an anchor, an alias, a tag, a block scalar, a key that is not a plain scalar, an empty or repeated key, a
 * directive or a second document is declined, and the file still reads exactly as the full reader reads it. The
 * same document without it is the fast reader's.
 */

const RUNS = Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100);

const scalar = fc.constantFrom('www', '192.0.2.1', '300', '012', 'true', '~', '"q"', "'s'", '1e3', 'x y');
const key = fc.constantFrom('a', 'b', 'www', 'x.test', '"q k"', '010');

/** Values written after `key:` at `indent`: a scalar, a flow list, or a block map of scalars. */
const value = fc.oneof(
  scalar.map((text) => () => ` ${text}\n`),
  fc.array(scalar, { maxLength: 3 }).map((items) => () => ` [${items.join(', ')}]\n`),
  fc
    .uniqueArray(fc.tuple(key, scalar), { minLength: 1, maxLength: 3, selector: ([k]) => k })
    .map((entries) => (indent: string) => `\n${entries.map(([k, v]) => `${indent}  ${k}: ${v}\n`).join('')}`),
);

/** A feature only the full reader reads, as an entry at `indent` (or, for the file, around it). */
const FEATURES: Record<string, (indent: string) => string> = {
  'an anchor': (i) => `${i}anchored: &x [1, 2]\n`,
  'an anchor and its alias': (i) => `${i}anchored: &x [1, 2]\n${i}again: *x\n`,
  'an alias of no anchor': (i) => `${i}again: *nowhere\n`,
  'a core tag': (i) => `${i}tagged: !!int "0x10"\n`,
  'a string tag': (i) => `${i}tagged: !!str 012\n`,
  'a local tag on a list': (i) => `${i}tagged: !x [1]\n`,
  'a literal block scalar': (i) => `${i}note: |\n${i}  two\n${i}  lines\n`,
  'a folded block scalar': (i) => `${i}note: >-\n${i}  folded\n`,
  'a key that is a list': (i) => `${i}? [k1, k2]\n${i}: v\n`,
  'a key that is a map': (i) => `${i}? { k: 1 }\n${i}: v\n`,
  'an empty key': (i) => `${i}: v\n`,
  'an anchored key': (i) => `${i}&k anchored: v\n`,
  'a tagged key': (i) => `${i}!!str tagged: v\n`,
  'a repeated key': (i) => `${i}twice: 1\n${i}twice: 2\n`,
};
const FILE_FEATURES: Record<string, (text: string) => string> = {
  'a %YAML 1.2 directive': (text) => `%YAML 1.2\n---\n${text}`,
  'a %YAML 1.1 directive': (text) => `%YAML 1.1\n---\n${text}`,
  'a second document': (text) => `${text}---\nmore: 1\n`,
  'an empty second document': (text) => `${text}---\n`,
};

/** A document of top-level entries, and where in it (top level or in one entry's block map) a feature goes. */
const document = fc.record({
  entries: fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 4, selector: ([k]) => k }),
  at: fc.nat(),
  nested: fc.boolean(),
});

function render(
  doc: { entries: [string, (indent: string) => string][] },
  feature?: { at: number; nested: boolean; write: (indent: string) => string },
): string {
  let text = '';
  doc.entries.forEach(([k, write], index) => {
    const written = write('');
    if (!feature || feature.at % doc.entries.length !== index) {
      text += `${k}:${written}`;
      return;
    }
    // Inside this entry's block map when asked and it has one, else before the entry.
    if (feature.nested && written.startsWith('\n')) text += `${k}:${written}${feature.write('  ')}`;
    else text += `${feature.write('')}${k}:${written}`;
  });
  return text;
}

function declines(text: string): void {
  expect(fastParseYaml('f.yaml', text), JSON.stringify(text)).toBeNull();
  expect(parseYamlFile('f.yaml', text)).toEqual(fullParseYamlFile('f.yaml', text));
}

describe('what the fast YAML reader leaves to the full one', () => {
  it('reads every generated document without those features itself', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const text = render(doc);
        expect(fastParseYaml('f.yaml', text), JSON.stringify(text)).not.toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it.each(Object.entries(FEATURES))('declines a document with %s wherever it stands', (_name, write) => {
    fc.assert(
      fc.property(document, ({ entries, at, nested }) => {
        declines(render({ entries }, { at, nested, write }));
      }),
      { numRuns: RUNS / 10 },
    );
  });

  it.each(Object.entries(FILE_FEATURES))('declines a document with %s', (_name, wrap) => {
    fc.assert(
      fc.property(document, (doc) => declines(wrap(render(doc)))),
      { numRuns: RUNS / 10 },
    );
  });

  it('finds a repeated key only among the keys of its own map, small or large', () => {
    const keys = (count: number, indent: string) =>
      Array.from({ length: count }, (_, i) => `${indent}k${i}: ${i}\n`).join('');
    // A nested map may use the keys its enclosing map has read before it, in a map of few keys or of many.
    for (const count of [2, 12]) {
      const text = `late: top\nnested:\n${keys(count, '  ')}  late: inner\n`;
      expect({ count, read: fastParseYaml('a.yaml', text) === null ? 'full' : 'fast' }).toEqual({
        count,
        read: 'fast',
      });
    }
    // Its own repeated key is declined, in a map of few keys or of many.
    for (const count of [3, 12]) {
      const text = `top: 1\nnested:\n${keys(count, '  ')}  k0: again\n`;
      expect({ count, read: fastParseYaml('a.yaml', text) }).toEqual({ count, read: null });
    }
  });
});
