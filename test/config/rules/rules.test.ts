import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { pdnsCapabilities } from '../../../src/providers/pdns/capabilities.js';
import {
  BAD,
  DYN_LIKE,
  desired,
  ONE_PLACE,
  problems,
  problemsWith,
  providerLike,
  tempTree,
} from '../helpers.js';

describe('rules, one fixture each', () => {
  it('refuses addresses that are not strict dotted-quad IPv4', async () => {
    const file = `${BAD}/invalid-ipv4.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:18: record "www" A: "256.1.1.1" is not an IPv4 address`,
      `${file}:4:29: record "www" A: "01.2.3.4" is not an IPv4 address`,
      `${file}:4:50: record "www" A: "192.0.2" is not an IPv4 address`,
    ]);
  });

  it('refuses an address listed twice in one set, naming the first', async () => {
    const file = `${BAD}/duplicate-address.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:8:13: record "www" A: value 192.0.2.1 is listed twice: also at ${file}:6:13`,
    ]);
  });

  it('refuses more A records at one name than the provider allows, and accepts as many', async () => {
    const file = `${BAD}/too-many-addresses.yaml`;
    expect(await problemsWith(DYN_LIKE, file)).toEqual([
      `${file}:5:9: record "big" has 14 A values, but the DNS provider dyn allows at most 13 A records per name`,
    ]);
  });

  it('has no per-name limit without capabilities (the library default)', async () => {
    const state = await desired(`${BAD}/too-many-addresses.yaml`);
    expect(state.zones[0]?.records.map((set) => set.values.length)).toEqual([14, 13]);
  });

  it('refuses invalid zone names, and one-label zones on a provider that holds none', async () => {
    const file = `${BAD}/zone-name.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:3:3: zone name "exa mple.com" is not valid: label "exa mple" contains " " (allowed: letters, digits, "-" and "_")`,
      `${file}:4:3: zone name "-example.com" is not valid: label "-example" starts or ends with "-"`,
      `${file}:5:3: zone name "example..com" is not valid: it has an empty label (two dots in a row, or a leading dot)`,
      `${file}:6:3: zone name "*.example.com" is not valid: "*" is not allowed in a zone name`,
    ]);
    expect((await problemsWith(DYN_LIKE, file))[0]).toBe(
      `${file}:2:3: zone name "example" is not valid: a zone name needs at least two labels, e.g. example.com ` +
        '(the DNS provider dyn holds no one-label zones)',
    );
  });

  it('holds a one-label zone (a top-level domain) on a provider that holds them', async () => {
    const dir = await tempTree({
      'arpa.yaml': 'zones:\n  arpa:\n    records:\n      in-addr: { ns: [a.iana-servers.net.] }\n',
    });
    const loaded = await loadDesiredState([dir], providerLike('pdns', pdnsCapabilities()));
    expect(loaded.ok && loaded.desired.zones.map((zone) => zone.zone)).toEqual(['arpa']);
  });

  it('refuses invalid record names and accepts wildcards and underscores', async () => {
    const file = `${BAD}/record-name.yaml`;
    const long = `x${'1234567890'.repeat(6)}123`;
    expect(await problems(file)).toEqual([
      `${file}:4:7: record name "w*w" is not valid: "*" is allowed only as the whole leftmost label (a wildcard)`,
      `${file}:5:7: record name "www.*" is not valid: "*" is allowed only as the whole leftmost label (a wildcard)`,
      `${file}:7:7: record name "a..b" is not valid: it has an empty label (two dots in a row, or a leading dot)`,
      `${file}:9:7: record name "bad!" is not valid: label "bad!" contains "!" (allowed: letters, digits, "-" and "_")`,
      `${file}:10:7: record name "trailing-" is not valid: label "trailing-" starts or ends with "-"`,
      `${file}:11:7: record name "${long}" is not valid: label "${long}" has 64 characters (at most 63)`,
    ]);
  });

  it('refuses a name longer than 253 characters once joined to its zone', async () => {
    const labels = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63)].join('.');
    const tooLong = `${labels}.${'d'.repeat(50)}`; // 242 characters, 254 with ".example.com"
    const fits = `${labels}.${'d'.repeat(49)}`;
    const dir = await tempTree({
      'a.yaml': `zones:\n  example.com:\n    records:\n      ${tooLong}: { a: [192.0.2.1] }\n      ${fits}: { a: [192.0.2.1] }\n`,
    });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:4:7: record name "${tooLong}" is not valid: the full name has 254 characters (at most 253)`,
    ]);
  });

  it('refuses absolute record names outside their zone', async () => {
    const file = `${BAD}/outside-zone.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:7: record name "www.other.org." is not inside zone "example.com"`,
      `${file}:5:7: record name "notexample.com." is not inside zone "example.com"`,
    ]);
  });

  it('refuses a record whose name its zone also lists as unmanaged', async () => {
    const file = `${BAD}/unmanaged-conflict.yaml`;
    const both = 'a name cannot be both managed and unmanaged';
    expect(await problems(file)).toEqual([
      `${file}:4:7: record "_acme-challenge" matches unmanaged glob "_acme-challenge*" of its zone; ${both}`,
      `${file}:5:7: record "_ACME-challenge.www.example.com." matches unmanaged glob "_acme-challenge*" of its zone; ${both}`,
      `${file}:6:7: record "@" matches unmanaged glob "@" of its zone; ${both}`,
    ]);
  });

  it('refuses unmanaged globs that are empty, not strings, end in the zone without a dot or do not compile', async () => {
    const file = `${BAD}/unmanaged-glob.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:9: unmanaged glob "[abc" is not valid: Missing closing: "]" - use "\\\\]" to match literal characters`,
      `${file}:5:9: unmanaged[1] must not be empty, got ""`,
      `${file}:6:9: unmanaged glob "_acme-challenge.example.com" is not valid: "_acme-challenge.example.com" ends in its zone's name "example.com" without a trailing dot, so it would be _acme-challenge.example.com.example.com: write "_acme-challenge", or "_acme-challenge.example.com."`,
      `${file}:7:9: unmanaged[3] must be a name glob, or a map of name, types and value, got 42`,
    ]);
  });

  it('treats two spellings of one zone in one file as a duplicate', async () => {
    const file = `${BAD}/zone-spelled-twice.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:2:3: zone "example.com" is also defined at ${file}:5:3 as "Example.com."`,
      `${file}:5:3: zone "Example.com." is also defined at ${file}:2:3 as "example.com"`,
    ]);
  });

  it('treats a relative and an absolute spelling of one record name as a duplicate', async () => {
    const file = `${BAD}/record-spelled-twice.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:7: record "www" of zone "example.com" is also defined at ${file}:5:7 as "WWW.example.com."; ${ONE_PLACE}`,
      `${file}:5:7: record "WWW.example.com." of zone "example.com" is also defined at ${file}:4:7 as "www"; ${ONE_PLACE}`,
      `${file}:6:7: record "@" of zone "example.com" is also defined at ${file}:7:7 as "example.com."; ${ONE_PLACE}`,
      `${file}:7:7: record "example.com." of zone "example.com" is also defined at ${file}:6:7 as "@"; ${ONE_PLACE}`,
    ]);
  });

  it('accepts the boundary values the rules allow', async () => {
    const label = 'a'.repeat(63);
    const dir = await tempTree({
      'a.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        `      ${label}: { a: [0.0.0.0, 255.255.255.255], ttl: 2147483647 }`,
        '      "*": { a: [192.0.2.1], ttl: 1 }',
        '      _dmarc.x-1: { a: [192.0.2.1] }',
        '',
      ].join('\n'),
    });
    expect((await desired(dir)).zones[0]?.records.map((record) => record.fqdn)).toEqual([
      '*.example.com',
      '_dmarc.x-1.example.com',
      `${label}.example.com`,
    ]);
  });
});
