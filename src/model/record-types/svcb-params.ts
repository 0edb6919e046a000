import { isIPv4 } from '../ipv4.js';
import { decodeText } from './character-strings.js';
import { canonicalIPv6, ipv6Groups } from './ipv6.js';

/**
 * The SvcParamKeys of SVCB and HTTPS (RFC 9460 §7 and §14.3.2, dohpath RFC 9461 §5), each with its value between
 * its presentation octets (a char-string's content, already unescaped) and its wire octets (RFC 9460 §2.2). A value is held as its wire octets; its presentation is written from them, so every form of a
 * value (YAML, a zone file, the wire) meets in one canonical text. `ohttp` (RFC 9540, key 8) is read by its name
 * and written `key8`: BIND 9.18 refuses the name in a zone file, and every server reads `key8`.
 */
export interface SvcParamKey {
  readonly name: string;
  readonly number: number;
  /** Presentation octets → wire octets, or why not; `null`: written without `=`. */
  toWire(text: Buffer | null): Buffer | string;
  /** Wire octets → presentation octets (null: none, written as the bare key), or why they are malformed. */
  toText(wire: Buffer): Buffer | null | string;
}

/** Key 65535 is reserved as the "Invalid key" (RFC 9460 §14.3.2). */
export const MAX_KEY = 65534;

const valueless = (name: string, number: number): SvcParamKey => ({
  name,
  number,
  toWire: (text) => (text === null || text.length === 0 ? Buffer.alloc(0) : `${name} takes no value`),
  toText: (wire) =>
    wire.length === 0 ? null : `${name} has a value of ${wire.length} octets, but takes none`,
});

/** A key whose value is required and non-empty; `parse` and `write` see it as text. */
const valued = (
  name: string,
  number: number,
  parse: (text: Buffer) => Buffer | string,
  write: (wire: Buffer) => Buffer | string,
): SvcParamKey => ({
  name,
  number,
  toWire: (text) => (text === null || text.length === 0 ? `${name} needs a value` : parse(text)),
  toText: (wire) => (wire.length === 0 ? `${name} has an empty value` : write(wire)),
});

/** A comma-separated list of items, each → its fixed-size octets (the address hints). */
function addressList(
  name: string,
  size: number,
  toOctets: (item: string) => Buffer | undefined,
  fromOctets: (octets: Buffer) => string,
) {
  return {
    parse: (text: Buffer): Buffer | string => {
      const items = text.toString('latin1').split(',');
      const octets = items.map(toOctets);
      const bad = items.find((_item, i) => octets[i] === undefined);
      if (bad !== undefined)
        return `${name}: "${bad}" is not an address of the kind (a comma-separated list)`;
      return Buffer.concat(octets.filter((one) => one !== undefined));
    },
    write: (wire: Buffer): Buffer | string => {
      if (wire.length % size !== 0) return `${name} has ${wire.length} octets, not a multiple of ${size}`;
      const items: string[] = [];
      for (let at = 0; at < wire.length; at += size) items.push(fromOctets(wire.subarray(at, at + size)));
      return Buffer.from(items.join(','), 'latin1');
    },
  };
}

const ipv4 = addressList(
  'ipv4hint',
  4,
  (item) => (isIPv4(item) ? Buffer.from(item.split('.').map(Number)) : undefined),
  (octets) => [...octets].join('.'),
);

const ipv6 = addressList(
  'ipv6hint',
  16,
  (item) => {
    const groups = ipv6Groups(item);
    if (!groups) return undefined;
    const octets = Buffer.alloc(16);
    for (const [i, group] of groups.entries()) octets.writeUInt16BE(group, i * 2);
    return octets;
  },
  (octets) => {
    const groups = Array.from({ length: 8 }, (_, i) => octets.readUInt16BE(i * 2).toString(16));
    return canonicalIPv6(groups.join(':')) ?? '';
  },
);

/** alpn (RFC 9460 §7.1.1): a value-list (Appendix A.1) of protocol ids, `\,` a comma and `\\` a backslash in one. */
function alpnToWire(text: Buffer): Buffer | string {
  const ids: number[][] = [[]];
  for (let i = 0; i < text.length; i += 1) {
    const byte = text[i] ?? 0;
    const current = ids.at(-1) ?? [];
    if (byte === 0x2c) ids.push([]);
    else if (byte !== 0x5c) current.push(byte);
    else if (text[i + 1] === 0x2c || text[i + 1] === 0x5c) {
      current.push(text[i + 1] ?? 0);
      i += 1;
    } else return 'alpn: a backslash in a protocol id escapes only "," or "\\" (RFC 9460 Appendix A.1)';
  }
  if (ids.some((id) => id.length === 0)) return 'alpn has an empty protocol id';
  if (ids.some((id) => id.length > 255)) return 'alpn has a protocol id longer than 255 octets';
  return Buffer.concat(ids.map((id) => Buffer.from([id.length, ...id])));
}

function alpnToText(wire: Buffer): Buffer | string {
  const ids: Buffer[] = [];
  for (let at = 0; at < wire.length; ) {
    const length = wire[at] ?? 0;
    if (length === 0) return 'alpn has an empty protocol id';
    if (at + 1 + length > wire.length) return 'alpn: a protocol id runs past the value';
    const id = [...wire.subarray(at + 1, at + 1 + length)].flatMap((byte) =>
      byte === 0x2c || byte === 0x5c ? [0x5c, byte] : [byte],
    );
    ids.push(Buffer.from(id));
    at += 1 + length;
  }
  return Buffer.concat(ids.flatMap((id, i) => (i === 0 ? [id] : [Buffer.from(','), id])));
}

function portToWire(text: Buffer): Buffer | string {
  const digits = text.toString('latin1');
  const port = /^\d{1,5}$/.test(digits) ? Number(digits) : NaN;
  if (!(port <= 65535)) return `port must be an integer between 0 and 65535, got "${digits}"`;
  const octets = Buffer.alloc(2);
  octets.writeUInt16BE(port);
  return octets;
}

function echToWire(text: Buffer): Buffer | string {
  const base64 = text.toString('latin1');
  const octets = Buffer.from(base64, 'base64');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && octets.toString('base64') === base64
    ? octets
    : 'ech must be base64 (RFC 4648 §4, with its padding)';
}

/** dohpath (RFC 9461 §5): a relative URI template, UTF-8, with a "dns" variable. */
function dohpathToWire(text: Buffer): Buffer | string {
  const template = decodeText(text);
  if (template === undefined) return 'dohpath is not UTF-8 text';
  if (!template.startsWith('/'))
    return `dohpath "${template}" must be a relative URI template starting with "/"`;
  if (!/\{[+#./;?&]?(?:[^}]*,)?dns(?:\*|:\d+)?(?:,[^}]*)?\}/.test(template))
    return `dohpath "${template}" has no "dns" variable, such as /dns-query{?dns} (RFC 9461 §5)`;
  return text;
}

export const NAMED_KEYS: readonly SvcParamKey[] = [
  valued('mandatory', 0, mandatoryToWire, mandatoryToText),
  valued('alpn', 1, alpnToWire, alpnToText),
  valueless('no-default-alpn', 2),
  valued('port', 3, portToWire, (wire) =>
    wire.length === 2 ? Buffer.from(String(wire.readUInt16BE())) : `port has ${wire.length} octets, not 2`,
  ),
  valued('ipv4hint', 4, ipv4.parse, ipv4.write),
  valued('ech', 5, echToWire, (wire) => Buffer.from(wire.toString('base64'))),
  valued('ipv6hint', 6, ipv6.parse, ipv6.write),
  valued('dohpath', 7, dohpathToWire, (wire) => {
    const problem = dohpathToWire(wire);
    return typeof problem === 'string' ? problem : wire;
  }),
];

const BY_NAME = new Map(NAMED_KEYS.map((key) => [key.name, key]));
const BY_NUMBER = new Map(NAMED_KEYS.map((key) => [key.number, key]));

/**
 * ohttp (RFC 9540 §4, key 8, which takes no value), read by its name and written `key8`: BIND 9.18 refuses the name
 * in a zone file, and every server reads `key8`.
 */
const OHTTP: SvcParamKey = {
  ...keyOfNumber(8),
  toWire: (text) =>
    text === null || text.length === 0 ? Buffer.alloc(0) : 'ohttp takes no value (RFC 9540 §4)',
};

/** Any key by number: its named key, else `keyNNNNN`, whose value is any octets. */
export function keyOfNumber(number: number): SvcParamKey {
  return (
    BY_NUMBER.get(number) ?? {
      name: `key${number}`,
      number,
      toWire: (text) => text ?? Buffer.alloc(0),
      toText: (wire) => (wire.length === 0 ? null : wire),
    }
  );
}

/**
 * A key as written → its key, or why not. `keyNNNNN` is the number without leading zeros (RFC 9460 §2.1), at most
 * 65534; `strict` (YAML) refuses it for a named key's number, which has its name (`key1` is `alpn`).
 */
export function keyOfName(name: string, { strict }: { strict: boolean }): SvcParamKey | string {
  const named = BY_NAME.get(name);
  if (named) return named;
  if (name === 'ohttp') return OHTTP;
  const number = /^key(0|[1-9]\d{0,4})$/.exec(name)?.[1];
  if (number === undefined)
    return `"${name}" is not a SvcParamKey: write one of ${NAMED_KEYS.map((key) => key.name).join(', ')}, or keyNNNNN`;
  if (Number(number) > MAX_KEY)
    return `${name} is out of range: keys go up to key${MAX_KEY} (65535 is reserved)`;
  const key = keyOfNumber(Number(number));
  if (strict && BY_NUMBER.has(key.number)) return `${name} is the key ${key.name}: write ${key.name}`;
  return key;
}

/** mandatory (RFC 9460 §8): keys, each once, never mandatory itself; on the wire in strictly increasing order. */
function mandatoryToWire(text: Buffer): Buffer | string {
  const numbers: number[] = [];
  for (const name of text.toString('latin1').split(',')) {
    const key = keyOfName(name, { strict: false });
    if (typeof key === 'string') return `mandatory: ${key}`;
    if (key.number === 0) return 'mandatory must not list itself (RFC 9460 §8)';
    if (numbers.includes(key.number)) return `mandatory lists ${key.name} twice (RFC 9460 §8)`;
    numbers.push(key.number);
  }
  const octets = Buffer.alloc(numbers.length * 2);
  for (const [i, number] of numbers.sort((a, b) => a - b).entries()) octets.writeUInt16BE(number, i * 2);
  return octets;
}

function mandatoryToText(wire: Buffer): Buffer | string {
  if (wire.length % 2 !== 0) return `mandatory has ${wire.length} octets, not a list of 2-octet keys`;
  const numbers = Array.from({ length: wire.length / 2 }, (_, i) => wire.readUInt16BE(i * 2));
  if (numbers.some((number, i) => i > 0 && number <= (numbers[i - 1] ?? 0)))
    return 'mandatory keys are not in strictly increasing order (RFC 9460 §8)';
  if (numbers.includes(0)) return 'mandatory must not list itself (RFC 9460 §8)';
  return Buffer.from(numbers.map((number) => keyOfNumber(number).name).join(','), 'latin1');
}

/** The keys a mandatory value lists, by number (a canonical one always decodes). */
export function mandatoryKeys(wire: Buffer): number[] {
  return Array.from({ length: Math.floor(wire.length / 2) }, (_, i) => wire.readUInt16BE(i * 2));
}
