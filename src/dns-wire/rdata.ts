import dnsPacket, { type Answer, type CaaData, type RecordType } from 'dns-packet';
import { dnsTypeName, dnsTypeNumber } from '../model/dns-type-names.js';
import { quoteOctets, scanStrings } from '../model/record-types/character-strings.js';
import { decodeOctets, encodeOctets, hasOctetCodec } from './rdata-octets.js';
import { decodeSvcb, encodeSvcb, SVCB_TYPE_CODES } from './svcb.js';

/**
 * One resource record with its RDATA in presentation format (RFC 1035 §5.1), the form the record-type registry
 * parses (`parsePresentation`) and canonical values already have: `10 mail.example.com.`, `"v=spf1 -all"`. `name` is
 * absolute, lower case, without the trailing dot (the model's fqdn); `.` is the root.
 */
export interface WireRecord {
  name: string;
  type: string;
  ttl: number;
  value: string;
}

/**
 * RDATA of the types edgeplan manages, and SOA, between presentation text and dns-packet's objects. dns-packet has
 * no codec of its own for CERT and SPF: their RDATA is built and read here (RFC 4398 §2, RFC 7208 §3.1 = TXT's);
 * nor for SVCB and HTTPS, whose RDATA svcb.ts builds and reads (RFC 9460 §2.2).
 * The types of rdata-octets.ts are written and read there as octets. A record of any other type is read as RFC
 * 3597's `\# <length> <hex>` (RRSIG, NSEC, …: dns-packet's object written back to its octets), under RFC 3597's
 * `TYPE<n>` when the type has no mnemonic: a record read is never left out.
 */
export function toAnswer(record: WireRecord): Answer {
  const { name, ttl, value } = record;
  const octets = encodeOctets(record.type, value);
  if (octets) return { name, ttl, type: packetType(record.type) as 'NULL', data: octets };
  const f = value.trim().split(/\s+/);
  const n = (i: number) => Number(f[i]);
  const host = (i: number) => relative(f[i] ?? '.');
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return { name, ttl, type: record.type, data: value };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { name, ttl, type: record.type, data: host(0) };
    case 'MX':
      return { name, ttl, type: 'MX', data: { preference: n(0), exchange: host(1) } };
    case 'SRV':
      return { name, ttl, type: 'SRV', data: { priority: n(0), weight: n(1), port: n(2), target: host(3) } };
    case 'TXT':
      return { name, ttl, type: 'TXT', data: strings(value).map((s) => s.octets) };
    case 'CAA': {
      const [flags, tag, text] = strings(value);
      // Any tag (RFC 8659 §4.1): @types/dns-packet's three are what its CAA type lists, not what dns-packet takes.
      const data = {
        flags: Number(flags?.raw),
        tag: (tag?.raw ?? '') as CaaData['tag'],
        value: text?.octets.toString() ?? '',
      };
      return { name, ttl, type: 'CAA', data };
    }
    case 'NAPTR': {
      const [order, preference, flags, services, regexp, replacement] = strings(value);
      const text = (token: typeof flags) => token?.octets.toString() ?? '';
      const data = {
        order: Number(order?.raw),
        preference: Number(preference?.raw),
        flags: text(flags),
        services: text(services),
        regexp: text(regexp),
        replacement: relative(replacement?.raw ?? '.'),
      };
      return { name, ttl, type: 'NAPTR', data };
    }
    case 'TLSA': {
      const certificate = Buffer.from(f.slice(3).join(''), 'hex');
      return {
        name,
        ttl,
        type: 'TLSA',
        data: { usage: n(0), selector: n(1), matchingType: n(2), certificate },
      };
    }
    case 'DS': {
      const digest = Buffer.from(f.slice(3).join(''), 'hex');
      return { name, ttl, type: 'DS', data: { keyTag: n(0), algorithm: n(1), digestType: n(2), digest } };
    }
    case 'SOA': {
      const [serial, refresh, retry, expire, minimum] = [n(2), n(3), n(4), n(5), n(6)];
      const data = { mname: host(0), rname: host(1), serial, refresh, retry, expire, minimum };
      return { name, ttl, type: 'SOA', data };
    }
    case 'CERT': {
      const head = Buffer.alloc(5);
      head.writeUInt16BE(n(0), 0);
      head.writeUInt16BE(n(1), 2);
      head.writeUInt8(n(2), 4);
      const data = Buffer.concat([head, Buffer.from(f.slice(3).join(''), 'base64')]);
      return { name, ttl, type: 'CERT', data };
    }
    case 'SPF': {
      const data = Buffer.concat(
        strings(value).map(({ octets }) => Buffer.concat([Uint8Array.of(octets.length), octets])),
      );
      return { name, ttl, type: packetType('SPF') as 'NULL', data };
    }
    case 'SVCB':
    case 'HTTPS':
      return { name, ttl, type: packetType(record.type) as 'NULL', data: encodeSvcb(record.type, value) };
    default:
      throw new Error(`no DNS wire codec for ${record.type} records`);
  }
}

/** A record dns-packet read → presentation text, whatever its type. */
export function fromAnswer(answer: Answer): WireRecord {
  const record = (value: string, type: string = typeName(answer.type)): WireRecord => ({
    name: answer.name.toLowerCase(),
    type,
    ttl: 'ttl' in answer ? (answer.ttl ?? 0) : 0,
    value,
  });
  switch (answer.type) {
    case 'A':
    case 'AAAA':
      return record(answer.data);
    case 'CNAME':
    case 'DNAME':
    case 'NS':
    case 'PTR':
      return record(absolute(answer.data));
    case 'MX':
      return record(`${answer.data.preference} ${absolute(answer.data.exchange)}`);
    case 'SRV': {
      const { priority, weight, port, target } = answer.data;
      return record(`${priority} ${weight} ${port} ${absolute(target)}`);
    }
    case 'TXT': {
      const list = Array.isArray(answer.data) ? answer.data : [answer.data];
      return record(list.map((s) => quoteOctets(Buffer.from(s))).join(' '));
    }
    case 'CAA':
      return record(
        `${answer.data.flags ?? 0} ${answer.data.tag} ${quoteOctets(Buffer.from(answer.data.value))}`,
      );
    case 'NAPTR': {
      const { order, preference, flags, services, regexp, replacement } = answer.data;
      const texts = [flags, services, regexp].map((s) => quoteOctets(Buffer.from(s)));
      return record(`${order} ${preference} ${texts.join(' ')} ${absolute(replacement)}`);
    }
    case 'TLSA': {
      const { usage, selector, matchingType, certificate } = answer.data;
      return record(`${usage} ${selector} ${matchingType} ${certificate.toString('hex')}`);
    }
    case 'DS': {
      const { keyTag, algorithm, digestType, digest } = answer.data;
      return record(`${keyTag} ${algorithm} ${digestType} ${digest.toString('hex')}`);
    }
    case 'SOA': {
      const { mname, rname, serial, refresh, retry, expire, minimum } = answer.data;
      return record(
        `${absolute(mname)} ${absolute(rname)} ${serial} ${refresh} ${retry} ${expire} ${minimum}`,
      );
    }
    default: {
      const type = typeName(answer.type);
      return record(rawValue(type, rdataOctets(answer)), type);
    }
  }
}

/**
 * A type name as dns-packet's types name it. @types/dns-packet's list misses some that dns-packet itself knows (SPF,
 * type 99, which it writes from raw octets like any type without a codec): the one place that widens it.
 */
export function packetType(type: string): RecordType {
  // A type whose octets are written here goes to dns-packet by number, which it writes as raw octets.
  const code = hasOctetCodec(type) ? dnsTypeNumber(type) : SVCB_TYPE_CODES[type];
  return (code === undefined ? type : `UNKNOWN_${code}`) as RecordType;
}

/**
 * A type as dns-packet names it → its name here (the inverse of `packetType`): `UNKNOWN_65` is HTTPS, `UNKNOWN_256`
 * URI, and a number without a mnemonic RFC 3597's `TYPE<n>` (§5), never dns-packet's `UNKNOWN_<n>`.
 */
export function typeName(packetName: string): string {
  const unknown = /^UNKNOWN_(\d+)$/.exec(packetName);
  return unknown ? dnsTypeName(Number(unknown[1])) : packetName;
}

/** The RDATA octets of a record: as read, or dns-packet's decoded object (RRSIG, HINFO, RP, …) written back. */
function rdataOctets(answer: Answer): Buffer {
  if ('data' in answer && Buffer.isBuffer(answer.data)) return answer.data;
  const codec: unknown = Reflect.get(dnsPacket, 'record');
  if (typeof codec !== 'function' || !('data' in answer))
    throw new Error(`no way to read the RDATA of a ${answer.type} record at ${answer.name}`);
  const encoder: unknown = codec(answer.type);
  const encode: unknown =
    typeof encoder === 'object' && encoder !== null ? Reflect.get(encoder, 'encode') : undefined;
  if (typeof encode !== 'function') throw new Error(`no way to read the RDATA of a ${answer.type} record`);
  const written: unknown = encode(answer.data);
  if (!Buffer.isBuffer(written)) throw new Error(`no way to read the RDATA of a ${answer.type} record`);
  return written.subarray(2);
}

/** CERT and SPF from their octets, the types of rdata-octets.ts there; any other as RFC 3597 generic RDATA. */
function rawValue(type: string, data: Buffer): string {
  if (type === 'CERT' && data.length >= 5)
    return `${data.readUInt16BE(0)} ${data.readUInt16BE(2)} ${data.readUInt8(4)} ${data.subarray(5).toString('base64')}`;
  if (type === 'SPF') return characterStrings(data).map(quoteOctets).join(' ');
  if (type === 'SVCB' || type === 'HTTPS') {
    const decoded = decodeSvcb(type, data);
    if (decoded.ok) return decoded.value;
  }
  return decodeOctets(type, data);
}

/** RFC 1035 <character-string>s, each a length octet and that many octets (a short last one is cut). */
function characterStrings(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; ) {
    const length = data.readUInt8(at);
    out.push(data.subarray(at + 1, at + 1 + length));
    at += 1 + length;
  }
  return out;
}

function strings(value: string) {
  const scanned = scanStrings(value);
  if (!scanned.ok) throw new Error(`"${value}" is not presentation text: ${scanned.problem}`);
  return scanned.tokens;
}

/** `mail.example.com.` → `mail.example.com` (dns-packet's form); the root stays `.`. */
function relative(name: string): string {
  return name === '.' ? '.' : name.replace(/\.$/, '');
}

function absolute(name: string): string {
  return name === '.' || name === '' ? '.' : `${name}.`;
}
