import fc from 'fast-check';

/**
 * Random YAML values of every registered type, as users write them: names absolute (any case) or relative or `@`,
 * hex in any case, numbers biased to their bounds so that ties and extremes are frequent. properties.test.ts fails
 * for a registered type that has no generator here. Below them, the other forms of values that tests read: text as
 * split presentation strings, fields as an API sends them.
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
const uint8 = bounded(255);
/** An SOA timer (RFC 1035 §3.3.13) as YAML writes it: seconds up to 2^31 - 1, or with a zone file's units. */
const soaTimer = fc.oneof(bounded(2_147_483_647), fc.constantFrom('1h', '2w', '10M', '1d12h'));
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

/**
 * TXT's list form: strings of at most 255 octets each (RFC 1035 §3.3.14), DNS-SD's `key=value` pairs (RFC 6763
 * §6.3) among them, empty strings and strings that are long or end in quotes and spaces.
 */
export const textStrings = fc.array(
  fc
    .oneof(
      text,
      fc.tuple(fc.stringMatching(/^[a-z]{1,9}$/), fc.string({ maxLength: 20 })).map(([k, v]) => `${k}=${v}`),
      fc.constantFrom('', ' ', '"', 'txtvers=1', 'v=spf1 '),
    )
    .filter((one) => Buffer.byteLength(one, 'utf8') <= 255),
  { minLength: 1, maxLength: 6 },
);

/** Text whose UTF-8 fits in one <character-string> (NAPTR fields). */
const shortText = fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => Buffer.byteLength(s) <= 255);

/** Delimiters of NAPTR regexps: the usual two, characters the ERE gives a meaning, and a letter. */
const DELIMITERS = ['!', '/', '#', '|', '+', '(', '~', 'x', '"'];

/** One piece of an ERE whose text never holds `delim` bare (escaped, it is a literal), and whether it is a group. */
function ereAtom(delim: string): fc.Arbitrary<{ text: string; group: boolean }> {
  const literal = fc.constantFrom(
    'a',
    'Z',
    '0',
    '-',
    '_',
    '@',
    ':',
    ',',
    '"',
    "'",
    ' ',
    'é',
    '😀',
    '\\.',
    '\\*',
    '\\\\',
    '\\{',
    '}',
  );
  const bracket = fc.constantFrom('[a-z]', '[^.]', '[]a]', '[[:digit:][:alpha:]_-]', '[.-/]', '[^"\\\\]');
  const piece = fc.oneof(literal, bracket, fc.constant('.'), fc.constant(`\\${delim}`));
  const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{0,}');
  const single = fc.tuple(piece, quantifier).map(([text, q]) => ({ text: `${text}${q}`, group: false }));
  const group = fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 3 }), quantifier)
    .map(([inner, q]) => ({ text: `(${inner.join('')})${q}`, group: true }));
  return (
    fc
      .oneof({ weight: 4, arbitrary: single }, { weight: 1, arbitrary: group })
      // Escapes pair up left to right: in `\\+` the `+` is bare.
      .filter(({ text }) => !text.replace(/\\./gsu, '').includes(delim))
  );
}

/**
 * A NAPTR regexp of RFC 3403 §3.2 as name servers take it: a delimiter, a well-formed ERE, a replacement with
 * back-references to its groups, escaped delimiters and any other text (quotes, controls, any Unicode but NUL),
 * and an optional `i`; at most 255 octets.
 */
const naptrRegexp = fc
  .constantFrom(...DELIMITERS)
  .chain((delim) =>
    fc
      .tuple(
        fc.boolean(),
        fc.array(ereAtom(delim), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom('', 'i'),
      )
      .chain(([start, atoms, end, flags]) => {
        const groups = atoms.filter((atom) => atom.group).length;
        const text = fc
          .string({ unit: 'binary', maxLength: 12 })
          .map((chunk) => chunk.replaceAll('\\', '').replaceAll('\u0000', ''))
          .map((chunk) => chunk.split(delim).join(`\\${delim}`));
        const backReference = fc.integer({ min: 1, max: Math.max(1, groups) }).map((n) => `\\${n}`);
        const replacement = fc
          .array(groups > 0 ? fc.oneof(text, backReference) : text, { maxLength: 4 })
          .map((parts) => parts.join(''));
        const ere = `${start ? '^' : ''}${atoms.map((atom) => atom.text).join('')}${end ? '$' : ''}`;
        return replacement.map((repl) => `${delim}${ere}${delim}${repl}${delim}${flags}`);
      }),
  )
  .filter((regexp) => Buffer.byteLength(regexp) <= 255);

function hex(digits: fc.Arbitrary<number>): fc.Arbitrary<string> {
  return digits.chain((count) =>
    fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEF'.split('')), { minLength: count, maxLength: count })
      .map((characters) => characters.join('')),
  );
}

/** Hex of the length a type code fixes, or of any whole number of octets for other codes. */
function typedHex(lengths: ReadonlyMap<number, number>, code: number): fc.Arbitrary<string> {
  const fixed = lengths.get(code);
  return hex(
    fixed === undefined ? fc.integer({ min: 1, max: 40 }).map((octets) => octets * 2) : fc.constant(fixed),
  );
}

const SSHFP_DIGITS = new Map([
  [1, 40],
  [2, 64],
]);
const TLSA_DIGITS = new Map([
  [1, 64],
  [2, 128],
]);
const DS_DIGITS = new Map([
  [1, 40],
  [2, 64],
  [3, 64],
  [4, 96],
]);

const base64 = (max: number) =>
  fc.uint8Array({ minLength: 1, maxLength: max }).map((bytes) => Buffer.from(bytes).toString('base64'));

const dsFields = fc
  .record({ key_tag: uint16, algorithm: uint8, digest_type: fc.oneof(fc.constantFrom(1, 2, 3, 4), uint8) })
  .chain((fields) => typedHex(DS_DIGITS, fields.digest_type).map((digest) => ({ ...fields, digest })));

const keyFields = fc.record({
  flags: fc.constantFrom(256, 257, 0, 65535),
  protocol: fc.constant(3),
  algorithm: uint8,
  public_key: base64(300),
});

/** CDS and CDNSKEY (RFC 7344): a DS or DNSKEY value with a non-zero algorithm (and digest type), or the delete form. */
const cdsFields = fc.oneof(
  dsFields.filter((fields) => fields.algorithm !== 0 && fields.digest_type !== 0),
  fc.constant({ key_tag: 0, algorithm: 0, digest_type: 0, digest: '00' }),
);
const cdnskeyFields = fc.oneof(
  keyFields.filter((fields) => fields.algorithm !== 0),
  fc.constant({ flags: 0, protocol: 3, algorithm: 0, public_key: 'AA==' }),
);

const tlsaFields = fc
  .record({
    certificate_usage: uint8,
    selector: uint8,
    matching_type: fc.oneof(fc.constantFrom(0, 1, 2), uint8),
  })
  .chain((fields) =>
    typedHex(TLSA_DIGITS, fields.matching_type).map((data) => ({
      ...fields,
      certificate_association_data: data,
    })),
  );

/** A LOC size or precision: one digit times a power of ten centimetres, written in metres, with or without `m`. */
const locSize = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.boolean())
  .map(([mantissa, exponent, unit]) => {
    const cm = mantissa * 10 ** exponent;
    const metres = cm >= 100 ? String(cm / 100) : (cm / 100).toFixed(2);
    return `${metres}${unit ? 'm' : ''}`;
  });

/** LOC text (RFC 1876 §3): degrees with optional minutes and seconds, altitude, and up to three sizes. */
const loc = fc
  .tuple(
    fc.integer({ min: 0, max: 89 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59_999 }),
    fc.constantFrom('N', 'S', 'n'),
    fc.integer({ min: 0, max: 179 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59_999 }),
    fc.constantFrom('E', 'W'),
    fc.integer({ min: -10_000_000, max: 4_284_967_295 }),
    fc.array(locSize, { maxLength: 3 }),
  )
  .map(([latD, latM, latS, ns, lonD, lonM, lonS, ew, altitude, sizes]) => {
    const seconds = (thousandths: number) =>
      `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
    const metres = `${altitude < 0 ? '-' : ''}${Math.floor(Math.abs(altitude) / 100)}.${String(Math.abs(altitude) % 100).padStart(2, '0')}m`;
    return [latD, latM, seconds(latS), ns, lonD, lonM, seconds(lonS), ew, metres, ...sizes].join(' ');
  });

/** Text of at most 255 octets of UTF-8 (an HINFO string). */
const characterStringText = fc
  .string({ unit: 'binary', maxLength: 80 })
  .filter((s) => Buffer.byteLength(s) <= 255);

const uriTarget = fc
  .tuple(fc.constantFrom('https', 'ftp', 'mailto', 'urn', 'coap+tcp'), fc.webPath(), fc.domain())
  .map(([scheme, path, host]) =>
    scheme === 'mailto' ? `mailto:info@${host}` : `${scheme}://${host}${path}`,
  );

/** Octets as a <character-string>'s content, each spelled any way RFC 1035 allows (`spellings`). */
function escapedOctets(bytes: fc.Arbitrary<Uint8Array>): fc.Arbitrary<string> {
  return fc.tuple(bytes, fc.array(fc.nat(2), { minLength: 1, maxLength: 8 })).map(([octets, choices]) =>
    [...octets]
      .map((octet, i) => {
        const options = spellings(octet);
        return options[(choices[i % choices.length] ?? 0) % options.length];
      })
      .join(''),
  );
}

/** An ALPN protocol id with commas and backslashes escaped for the value-list (RFC 9460 Appendix A.1). */
const alpnId = fc
  .oneof(
    fc.constantFrom('h2', 'h3', 'http/1.1', 'h3-29', 'a,b', 'back\\slash'),
    fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 20 }),
  )
  .map((id) => id.replaceAll('\\', '\\\\').replaceAll(',', '\\,'));

const ipv4List = fc.array(fc.ipV4(), { minLength: 1, maxLength: 3 }).map((list) => list.join(','));
const ipv6List = fc.array(fc.ipV6(), { minLength: 1, maxLength: 3 }).map((list) => list.join(','));

/**
 * SvcParams of SVCB and HTTPS in ServiceMode (RFC 9460 §7): any subset of the named keys, keys by number (any
 * octets, escaped any way), `no-default-alpn` only beside `alpn`, and `mandatory` listing some of the others.
 */
const svcParams = fc
  .record(
    {
      // The value-list's backslashes escaped again as the char-string's (RFC 9460 Appendix A.1).
      alpn: fc
        .array(alpnId, { minLength: 1, maxLength: 3 })
        .map((ids) => ids.join(',').replaceAll('\\', '\\\\')),
      port: fc.oneof(uint16, uint16.map(String)),
      ipv4hint: ipv4List,
      ech: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b).toString('base64')),
      ipv6hint: ipv6List,
      dohpath: fc.constantFrom('/dns-query{?dns}', '/q{?dns,x}', '/{+path}/x{?dns}'),
    },
    { requiredKeys: [] },
  )
  .chain((named) =>
    fc
      .tuple(
        fc.boolean(),
        fc.dictionary(
          fc.integer({ min: 9, max: 65534 }).map((n) => `key${n}`),
          escapedOctets(fc.uint8Array({ maxLength: 12 })),
          { maxKeys: 2 },
        ),
        fc.boolean(),
      )
      .chain(([noDefault, numbered, withMandatory]) => {
        const params: Record<string, string | number | null> = { ...named, ...numbered };
        if (noDefault && 'alpn' in named) params['no-default-alpn'] = null;
        const keys = Object.keys(params);
        if (!withMandatory || keys.length === 0) return fc.constant(params);
        return fc
          .subarray(keys, { minLength: 1 })
          .map((listed) => ({ ...params, mandatory: listed.join(',') }));
      }),
  );

/** An SVCB or HTTPS value: AliasMode (priority 0, no params) or ServiceMode. */
const serviceBinding = fc.oneof(
  fc.record({ priority: fc.constant(0), target: hostnameOrRoot }),
  fc.record({ priority: fc.integer({ min: 1, max: 65535 }), target: hostnameOrRoot, params: svcParams }),
);

const caseOf = (value: string) => fc.constantFrom(value, value.toUpperCase(), value.toLowerCase());

/** YAML values by type key. */
export const YAML_VALUES: ReadonlyMap<string, fc.Arbitrary<unknown>> = new Map<string, fc.Arbitrary<unknown>>(
  [
    ['a', fc.ipV4()],
    ['aaaa', fc.ipV6().chain(caseOf)],
    ['alias', hostname],
    [
      'caa',
      fc.record(
        {
          flags: fc.constantFrom(0, 128, 255, 1),
          tag: fc.oneof(
            fc.constantFrom('issue', 'issuewild', 'iodef', 'ISSUE', 'contactemail'),
            fc.stringMatching(/^[A-Za-z0-9]{1,15}$/),
          ),
          value: text,
        },
        { requiredKeys: ['tag', 'value'] },
      ),
    ],
    [
      'cert',
      fc.record({
        cert_type: fc.oneof(uint16, fc.constantFrom('PKIX', 'pgp', 'URI')),
        key_tag: uint16,
        algorithm: uint8,
        certificate: fc
          .uint8Array({ minLength: 1, maxLength: 300 })
          .map((bytes) => Buffer.from(bytes).toString('base64')),
      }),
    ],
    ['cdnskey', cdnskeyFields],
    ['cds', cdsFields],
    ['cname', hostname],
    ['dhcid', base64(60)],
    ['dname', hostname],
    ['dnskey', keyFields],
    ['ds', dsFields],
    ['hinfo', fc.record({ cpu: characterStringText, os: characterStringText })],
    ['https', serviceBinding],
    ['loc', loc],
    ['mx', fc.record({ preference: uint16, exchange: hostnameOrRoot })],
    [
      'naptr',
      fc
        .record({
          order: uint16,
          preference: uint16,
          flags: fc.stringMatching(/^[A-Za-z0-9]{0,3}$/),
          service: shortText,
          regexp: fc.oneof(fc.constant(''), naptrRegexp),
        })
        .chain((fields) =>
          (fields.regexp === '' ? hostnameOrRoot : fc.constant('.')).map((replacement) => ({
            ...fields,
            replacement,
          })),
        ),
    ],
    ['ns', hostname],
    ['openpgpkey', base64(400)],
    ['ptr', hostname],
    ['rp', fc.record({ mailbox: hostnameOrRoot, text: hostnameOrRoot })],
    ['smimea', tlsaFields],
    [
      'soa',
      fc
        .record(
          {
            mname: hostname,
            rname: fc.oneof(
              hostname,
              label.map((local) => `${local}@example.org`),
            ),
            refresh: soaTimer,
            retry: soaTimer,
            expire: soaTimer,
            minimum: soaTimer,
            ttl: fc.integer({ min: 1, max: 2_147_483_647 }),
          },
          { requiredKeys: [] },
        )
        .filter((soa) => Object.keys(soa).length > 0),
    ],
    ['spf', fc.oneof(text, textStrings)],
    ['srv', fc.record({ priority: uint16, weight: uint16, port: uint16, target: hostnameOrRoot })],
    [
      'sshfp',
      fc
        .record({ algorithm: uint8, fingerprint_type: fc.oneof(fc.constantFrom(1, 2), uint8) })
        .chain((fields) =>
          typedHex(SSHFP_DIGITS, fields.fingerprint_type).map((fingerprint) => ({ ...fields, fingerprint })),
        ),
    ],
    ['tlsa', tlsaFields],
    ['svcb', serviceBinding],
    ['txt', fc.oneof(text, textStrings)],
    ['uri', fc.record({ priority: uint16, weight: uint16, target: uriTarget })],
  ],
);

/** Space between the fields of presentation text. */
export const space = fc.constantFrom(' ', '  ', '\t', ' \t ');

/**
 * `[text, presentation]`: any `text`, and the same text as presentation strings split at any boundary (even inside
 * a UTF-8 character) and each octet escaped any way RFC 1035 allows, as a zone file or an API may hold it.
 */
export const splitText: fc.Arbitrary<[string, string]> = fc
  .tuple(
    text,
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }),
    fc.array(fc.nat(2), { minLength: 1, maxLength: 16 }),
    fc.array(space, { minLength: 1, maxLength: 4 }),
  )
  .map(([input, sizes, choices, spaces]) => [input, chunked(input, sizes, choices, spaces)]);

/** An object of fields as an API may send it: through JSON, numbers as strings. */
export function asStrings(fields: Record<string, string | number>): Record<string, unknown> {
  const wire: Record<string, unknown> = JSON.parse(JSON.stringify(fields));
  return Object.fromEntries(
    Object.entries(wire).map(([key, v]) => [key, typeof v === 'number' ? String(v) : v]),
  );
}

/** One octet written any way RFC 1035 allows inside a quoted string. */
function spellings(octet: number): string[] {
  const decimal = `\\${String(octet).padStart(3, '0')}`;
  const character = String.fromCharCode(octet);
  if (octet === 0x22 || octet === 0x5c) return [`\\${character}`, decimal];
  if (octet < 0x20 || octet >= 0x7f) return [decimal];
  return /\d/.test(character) ? [character, decimal] : [character, decimal, `\\${character}`];
}

/** Text as quoted strings split at the given sizes (then every 255 octets), each octet spelled by `choices`. */
function chunked(textValue: string, sizes: number[], choices: number[], spaces: string[]): string {
  const bytes = Buffer.from(textValue, 'utf8');
  const strings: string[] = [];
  let start = 0;
  let index = 0;
  do {
    const size = sizes[strings.length] ?? 255;
    const chunk = bytes.subarray(start, start + size);
    strings.push(
      `"${[...chunk]
        .map((octet) => {
          const options = spellings(octet);
          index += 1;
          return options[(choices[index % choices.length] ?? 0) % options.length];
        })
        .join('')}"`,
    );
    start += size;
  } while (start < bytes.length);
  return strings.map((s, i) => `${s}${spaces[i % spaces.length]}`).join('');
}
