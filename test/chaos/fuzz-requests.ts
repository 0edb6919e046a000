/**
 * Generated hostile requests for the hardened-emulator test: odd methods, odd paths (unknown resources, bad
 * percent-encoding, dot segments, huge segments), and bodies that are malformed JSON, JSON of the wrong type or
 * with wrongly typed fields, or larger than the server accepts. Seeded, so a failure names a reproducible request.
 */
import { mulberry32 } from '../../src/emulator/faults/prng.js';

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

export function fuzzRequests(
  seed: number,
  count: number,
  api: 'dns' | 'waf',
  auth: Record<string, string>,
): FuzzRequest[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
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
