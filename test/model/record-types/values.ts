import fc from 'fast-check';

/**
 * Random YAML values of every registered type, as users write them: names absolute (any case) or relative or `@`,
 * hex in any case, numbers biased to their bounds so that ties and extremes are frequent. properties.test.ts fails
 * for a registered type that has no generator here.
 */

/** Zones values are read against; their case and trailing dot vary as users write them. */
export const ORIGINS = ['example.com', 'Example.ORG.', 'a-b.example.net'] as const;

const LABEL_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'.split('');

const label = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('www', 'mail', 'sip', '_tcp', '_sip', 'ns1', 'xn--bcher-kva', 'A1'),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...LABEL_CHARACTERS), { minLength: 1, maxLength: 63 })
      .map((characters) => characters.join(''))
      .filter((text) => !text.startsWith('-') && !text.endsWith('-')),
  },
);

const absoluteName = fc
  .array(label, { minLength: 1, maxLength: 4 })
  .map((labels) => `${labels.join('.')}.`)
  .filter((name) => name.length <= 254);

/** A name inside a value: absolute, one label relative to the zone, or `@`. */
const hostname = fc.oneof(
  { weight: 6, arbitrary: absoluteName },
  { weight: 2, arbitrary: label },
  { weight: 1, arbitrary: fc.constant('@') },
);

const hostnameOrRoot = fc.oneof(
  { weight: 5, arbitrary: hostname },
  { weight: 1, arbitrary: fc.constant('.') },
);

function bounded(max: number): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(0, 1, 10, max), fc.integer({ min: 0, max }));
}
const uint16 = bounded(65535);

/** Any text: every Unicode character (no lone surrogates), with quotes, backslashes and controls frequent. */
export const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'binary-ascii', minLength: 200, maxLength: 700 }),
  fc.string({ unit: 'binary', minLength: 60, maxLength: 200 }),
  fc
    .array(fc.constantFrom('"', '\\', ' ', ';', '\u0000', '\t', '\n', '\u007f', 'é', '😀', 'a', '\\065'), {
      maxLength: 300,
    })
    .map((parts) => parts.join('')),
);

/** YAML values by type key. */
export const YAML_VALUES: ReadonlyMap<string, fc.Arbitrary<unknown>> = new Map<string, fc.Arbitrary<unknown>>(
  [
    ['a', fc.ipV4()],
    ['cname', hostname],
    ['mx', fc.record({ preference: uint16, exchange: hostnameOrRoot })],
    ['txt', text],
  ],
);
