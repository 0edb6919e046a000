/**
 * Generated hostile requests for the hardened-emulator test: odd methods, odd paths (unknown resources, bad
 * percent-encoding, dot segments, huge segments), and bodies that are malformed JSON, JSON of the wrong type or
 * with wrongly typed fields, or larger than the server accepts; and, on the DNS side, record and geo writes of
 * every record type whose rdata is valid or broken in one field, aimed at nodes where the service refuses them
 * (the apex, a node with a CNAME, a node with other data, a geo-served node). Seeded, so a failure names a
 * reproducible request.
 */
import { mulberry32 } from '../../src/emulator/faults/prng.js';
import { EVERY_TYPE } from '../emulator/dyn/every-type.js';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE'];
const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  Number.MAX_VALUE,
  'x',
  '',
  [],
  {},
  [1, 'a'],
  { a: { b: [] } },
  '999999999999999999999',
];
const FIELDS = [
  'customer_name',
  'user_name',
  'password',
  'rdata',
  'ttl',
  'rname',
  'serial_style',
  'publish',
  'detail',
  'masters',
  'groups',
  'nodes',
  'countries',
  'ARecords',
  'activate',
  'enabled',
  'id',
  'page',
  'per_page',
  'client_id',
  'client_secret',
  'grant_type',
  'address',
  'new_name',
  'cname',
  'txtdata',
  'CNAMERecords',
  'TLSARecords',
];
const DNS_PATHS = [
  '/REST/Session/',
  '/REST/Zone/',
  '/REST/Zone/example.com/',
  '/REST/ARecord/example.com/www.example.com/',
  '/REST/ARecord/example.com/www.example.com/1/',
  '/REST/AllRecord/example.com/',
  '/REST/NodeList/example.com/',
  '/REST/Node/example.com/www.example.com/',
  '/REST/ZoneChanges/example.com/',
  '/REST/Job/12/',
  '/REST/Geo/',
  '/REST/Geo/Global%20Web/',
  '/REST/Secondary/',
  '/REST/Secondary/partner.example.net/',
  '/REST/ANYRecord/example.com/x/',
  '/REST/TXTRecord/example.com/example.com/',
  '/REST/Nope/',
  '/REST',
  '/',
  '/REST/Zone/%zz/',
  '/REST/Zone/..%2F..%2F/',
  '/REST//Zone//',
  '/REST/ARecord/example.com/%E0%A4%A/',
  '/REST/Job/abc/',
  '/REST/Job/-1/',
  '/api',
  '/REST/Zone/a.b.c.d.e/x/y/z/',
];
const WAF_PATHS = [
  '/api/oauth/token',
  '/api/oauth/revoke',
  '/api/v3/company/webapps',
  '/api/v3/company/webapps?page=-1&per_page=abc',
  '/api/v3/webapps/0123456789abcdef0123456789abcdef/good_bots',
  '/api/v3/webapps/x/good_bots/y',
  '/api/v3/webapps/x/changes/y',
  '/api/v3/webapps/%zz/good_bots',
  '/api/v3/',
  '/api/v3',
  '/api/v4/x',
  '/api/',
  '/api/v3/webapps/x/good_bots/y/z',
  '/api/v3/company/webapps/%E0%A4%A',
  '/api/v3/webapps//good_bots',
];

/**
 * `count` requests at one API. DNS record and geo writes, and the publishes that follow them, carry `writeAuth`
 * (default `auth`): a session the rest of the corpus does not log out.
 */
export function fuzzRequests(
  seed: number,
  count: number,
  api: 'dns' | 'waf',
  auth: Record<string, string>,
  writeAuth: Record<string, string> = auth,
): FuzzRequest[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (api === 'dns' && random() < 0.3) {
      const roll = random();
      const write = roll < 0.75 ? recordWrite(random, pick) : roll < 0.9 ? geoWrite(random, pick) : PUBLISH;
      const headers = { ...writeAuth, 'user-agent': 'fuzz/1', 'content-type': 'application/json' };
      out.push({ ...write, headers });
      continue;
    }
    let path = pick(api === 'dns' ? DNS_PATHS : WAF_PATHS);
    if (random() < 0.1) path += `${'a'.repeat(Math.floor(random() * 5000))}/`;
    const headers: Record<string, string> = random() < 0.7 ? { ...auth } : {};
    if (random() < 0.9) headers['user-agent'] = 'fuzz/1';
    const { body, contentType } = fuzzBody(random, pick);
    if (contentType) headers['content-type'] = contentType;
    out.push({ method: pick(METHODS), path, headers, ...(body ? { body } : {}) });
  }
  return out;
}

function fuzzBody(
  random: () => number,
  pick: <T>(list: readonly T[]) => T,
): { body?: Buffer; contentType?: string } {
  const roll = random();
  if (roll < 0.15) return {};
  if (roll < 0.35)
    return {
      body: Buffer.from(pick(['{', '{"a":', '[1,', 'nul', '{"a" 1}', '\u0000\u0001', '{}}', '"x', '💥'])),
      contentType: 'application/json',
    };
  if (roll < 0.5)
    return { body: Buffer.from(JSON.stringify(pick(WRONG_VALUES))), contentType: 'application/json' };
  if (roll < 0.997) {
    const fields = Object.fromEntries(
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(FIELDS), pick(WRONG_VALUES)]),
    );
    return {
      body: Buffer.from(JSON.stringify(fields)),
      contentType: pick([
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ]),
    };
  }
  return { body: Buffer.alloc(11 * 1024 * 1024, 0x7b), contentType: 'application/json' };
}

const PUBLISH = {
  method: 'PUT',
  path: '/REST/Zone/example.com/',
  body: Buffer.from(JSON.stringify({ publish: true })),
};

/** Nodes of the hardened test's seed (hardened-emulator.test.ts) where the service refuses some types. */
const NODES = ['example.com', 'www.example.com', 'blog.example.com', 'geo.example.com', 'new.example.com'];
/** Values that break a field of any kind: out of every range, not a name, not hex, empty, wrong type. */
const BROKEN: unknown[] = [-1, 256, 65536, 4294967296, 'zz', '.', '', 'a b', '1.2.3', null, [], {}, 'ISSUE'];

function mutate(random: () => number, pick: <T>(list: readonly T[]) => T, rdata: Record<string, unknown>) {
  if (random() < 0.7) return rdata;
  return { ...rdata, [pick(Object.keys(rdata))]: pick(BROKEN) };
}

/** A POST (one record) or PUT (the node's set of the type) at a node, rdata valid or broken in one field. */
function recordWrite(random: () => number, pick: <T>(list: readonly T[]) => T): Omit<FuzzRequest, 'headers'> {
  const sample = pick(EVERY_TYPE);
  const fqdn = random() < 0.3 ? sample.fqdn : pick(NODES);
  const path = `/REST/${sample.type}Record/example.com/${fqdn}/`;
  const one = () => ({ rdata: mutate(random, pick, sample.rdata), ttl: pick([0, 60, '300', 3600, -5]) });
  const put = random() < 0.3;
  const body = put
    ? { [`${sample.type}Records`]: Array.from({ length: Math.floor(random() * 3) }, one) }
    : one();
  return { method: put ? 'PUT' : 'POST', path, body: Buffer.from(JSON.stringify(body)) };
}

/** A geo service create or update whose groups serve A, AAAA or CNAME (or a mix the service refuses). */
function geoWrite(random: () => number, pick: <T>(list: readonly T[]) => T): Omit<FuzzRequest, 'headers'> {
  const rdata = {
    a_rdata: { address: pick(['192.0.2.1', '2001:db8::1', 'x']) },
    aaaa_rdata: { address: pick(['2001:db8::1', '192.0.2.1', '2001:db8::g']) },
    cname_rdata: { cname: pick(['web.example.net.', '.', 'bad name']) },
    mx_rdata: { preference: 1, exchange: 'mx.example.com.' },
  };
  const keys = Object.keys(rdata) as (keyof typeof rdata)[];
  const group = () => ({
    name: pick(['A', 'B', '__proto__']),
    countries: [pick(['DE', '@@', 'XX'])],
    rdata: Object.fromEntries(
      keys
        .filter(() => random() < 0.4)
        .map((k) => [k, [rdata[k], rdata[k]].slice(0, 1 + Math.floor(random() * 2))]),
    ),
  });
  const nodes = [{ zone: 'example.com', fqdn: pick(NODES) }];
  const body = { groups: Array.from({ length: Math.floor(random() * 3) }, group), nodes };
  const path = `/REST/Geo/${pick(['Fuzz', '__proto__', 'toString'])}/`;
  return { method: random() < 0.6 ? 'POST' : 'PUT', path, body: Buffer.from(JSON.stringify(body)) };
}
