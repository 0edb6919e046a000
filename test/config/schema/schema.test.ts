import { describe, expect, it } from 'vitest';
import { desiredStateSchema } from '../../../src/config/index.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';

const DesiredStateSchema = desiredStateSchema(PROVIDER_CATALOGUE);

import { BAD, problems, RECORD_SET_KEYS, TOP_LEVEL_KEYS, TYPE_KEYS } from '../helpers.js';

describe('DesiredStateSchema', () => {
  it('accepts the documented shape', () => {
    const document = {
      zones: {
        'example.com': {
          default_ttl: 3600,
          records: { '@': { a: ['192.0.2.1'] }, www: { a: ['192.0.2.10'], ttl: 300 } },
          unmanaged: ['_acme-challenge*'],
        },
      },
    };
    expect(DesiredStateSchema.parse(document)).toEqual(document);
    expect(DesiredStateSchema.parse({})).toEqual({});
  });

  it('is strict at every level', () => {
    expect(DesiredStateSchema.safeParse({ web: {} }).success).toBe(false);
    const goodBots = { allow: ['Googlebot'], colour: 'blue' };
    const waf = { webapps: { shop: { good_bots: goodBots } } };
    expect(DesiredStateSchema.safeParse({ waf }).success).toBe(false);
    expect(DesiredStateSchema.safeParse({ zones: { 'x.test': { ttl: 1 } } }).success).toBe(false);
    expect(
      DesiredStateSchema.safeParse({ zones: { 'x.test': { records: { w: { a: ['1.2.3.4'], x: 1 } } } } })
        .success,
    ).toBe(false);
  });
});

describe('schema problems in files', () => {
  it('reports unknown keys at the key, naming the keys expected there', async () => {
    const file = `${BAD}/unknown-key.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:3:5: EP1101 unknown key "defaut_ttl" in zone "example.com"; did you mean default_ttl? (expected default_ttl, records, unmanaged, manage, absent, create, providers, templates, same_as)`,
      `${file}:5:30: EP1101 unknown key "tll" in record "www"; did you mean ttl? (expected ${RECORD_SET_KEYS})`,
      `${file}:6:1: EP1101 unknown key "secondary_zone" at the top level; did you mean secondary_zones? (expected ${TOP_LEVEL_KEYS})`,
    ]);
  });

  it('says a key is a DNS type edgeplan does not manage, once, checks a type by number, guesses only near-typos', async () => {
    const file = `${BAD}/unmanaged-type-keys.yaml`;
    const expected = `(expected ${RECORD_SET_KEYS})`;
    expect(await problems(file)).toEqual([
      `${file}:4:12: EP1110 "wks" in record "x" is a DNS type edgeplan does not manage: leave the key out (live WKS records are left alone; import and plan list them)`,
      // RFC 4034 §4: NSEC records are made by the signer.
      `${file}:5:28: EP1110 "nsec" in record "y" is a DNS type edgeplan does not manage: NSEC records are made by the server when it signs the zone (DNSSEC), not written; leave the key out`,
      `${file}:6:12: EP1110 "kx" in record "z" is a DNS type edgeplan does not manage: leave the key out (live KX records are left alone; import and plan list them)`,
      `${file}:7:12: EP1101 unknown key "cnmae" in record "w"; did you mean cname? ${expected}`,
      `${file}:8:12: EP1101 unknown key "hinfox" in record "v"; did you mean hinfo? ${expected}`,
      // RFC 3597 §5: a type by number; one edgeplan manages is written under its own key.
      // RFC 3597 §5: the length says how many octets the hex holds.
      `${file}:9:24: EP1104 record "u" TYPE65280: \\# 3 says 3 octets, but 2 follow (RFC 3597 §5)`,
      `${file}:9:39: EP1110 "type1" in record "u" is A written by its number (RFC 3597 §5): write it as "a", the one key of A values`,
      `${file}:10:12: EP1110 "type29" in record "t" is LOC written by its number (RFC 3597 §5): write it as "loc", the one key of LOC values`,
      `${file}:11:12: EP1110 "type36" in record "s" is a DNS type edgeplan does not manage: leave the key out (live KX records are left alone; import and plan list them)`,
      // RFC 5155 §4: NSEC3PARAM is the signer's, as NSEC3 is.
      `${file}:12:12: EP1110 "nsec3param" in record "r" is a DNS type edgeplan does not manage: NSEC3PARAM records are made by the server when it signs the zone (DNSSEC), not written; leave the key out`,
      `${file}:13:12: EP1101 unknown key "type65536" in record "q" ${expected}`,
      // RFC 6895 §3.1: 128-255 are meta and query types (ANY, AXFR, …).
      `${file}:14:12: EP1110 "type200" in record "p" is a meta or query type (RFC 6895 §3.1), never record data: leave it out`,
      `${file}:15:23: EP1103 type65280 must list at least one TYPE65280 value`,
    ]);
  });

  it('requires TTLs to be integers from 1 to 2147483647', async () => {
    const file = `${BAD}/ttl.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:3:18: EP1103 default_ttl must be an integer between 1 and 2147483647, got 0`,
      `${file}:5:33: EP1103 ttl must be an integer between 1 and 2147483647, got 3.5`,
      `${file}:6:33: EP1103 ttl must be an integer between 1 and 2147483647, got "300"`,
      `${file}:7:33: EP1103 ttl must be an integer between 1 and 2147483647, got 2147483648`,
      `${file}:8:33: EP1103 ttl must be an integer between 1 and 2147483647, got -1`,
    ]);
  });

  it('reports wrong shapes at the value and missing keys at the key of the map lacking them', async () => {
    const file = `${BAD}/shapes.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:13: EP1103 record "no-a" must hold at least one record type (${TYPE_KEYS}), got a map`,
      `${file}:5:21: EP1103 a must list at least one A value, got an empty list`,
      `${file}:6:22: EP1103 a must be a list of A values, got "192.0.2.1"`,
      `${file}:7:37: EP1103 a[1] must be an IPv4 address such as 192.0.2.1, got 7`,
      `${file}:8:7: EP1103 record "nothing" must be a map of record types, or a list of such maps (one per TTL), got an empty value`,
      `${file}:9:16: EP1103 zone "example.net" must be a map, got a list`,
      `${file}:11:14: EP1103 records must be a map, got a list`,
      `${file}:12:16: EP1103 unmanaged must be a list, got "legacy-*"`,
    ]);
  });
});
