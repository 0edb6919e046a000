import { describe, expect, it } from 'vitest';
import { pdnsCapabilities } from '../../../src/providers/pdns/capabilities.js';
import { pdnsContent } from '../../../src/providers/pdns/content.js';

// PowerDNS 4.7 refuses any spelling of an SVCB or HTTPS value other than its own ("Not in expected format (parsed as
// '…')"): these are the spellings it wrote back for each (the conformance suite sends every fixture value to a real
// pdns_server and reads it back by dig).
describe('SVCB and HTTPS content as PowerDNS takes it', () => {
  it.each([
    ['1 . alpn=h2,h3 ipv4hint=192.0.2.1', '1 . alpn=h2,h3 ipv4hint=192.0.2.1'],
    ['16 foo.example.org. alpn=f\\\\\\\\oo\\\\,bar,h2', '16 foo.example.org. alpn=f\\\\\\\\oo\\\\,bar,h2'],
    [
      '3 example.com. mandatory=ech alpn=h2 ech=AEP+DQA=',
      '3 example.com. mandatory=ech alpn=h2 ech="AEP+DQA="',
    ],
    ['1 foo.example.com. key667=hello\\210qoo', '1 foo.example.com. key667="hello\\210qoo"'],
    ['1 . key667=a\\032b\\;c\\"d\\\\', '1 . key667="a b;c\\"d\\\\"'],
    ['3 . alpn=h3 no-default-alpn key8 key65534', '3 . alpn=h3 no-default-alpn key8="" key65534=""'],
    [
      '2 doh.example.net. mandatory=alpn,dohpath alpn=h2 port=8443 dohpath=/dns-query{?dns}',
      '2 doh.example.net. mandatory=alpn,key7 alpn=h2 port=8443 key7="/dns-query{?dns}"',
    ],
    ['0 foo.example.com.', '0 foo.example.com.'],
  ])('%s → %s', (value, content) => {
    expect(pdnsContent('SVCB', value)).toBe(content);
    expect(pdnsContent('HTTPS', value)).toBe(content);
  });

  it('leaves the same text alone in other types', () => {
    expect(pdnsContent('TXT', '"ech=AEP+DQA="')).toBe('"ech=AEP+DQA="');
  });
});

// PowerDNS 4.7 answers "Not in expected format (parsed as '…')" to a LOC value written otherwise than it prints it:
// sizes and precisions with two decimals, a latitude or longitude of 0 as S or W (checked against pdns_server; the
// conformance suite sends every LOC fixture value to a real pdns_server and reads it back by dig).
describe('LOC content as PowerDNS takes it', () => {
  it.each([
    [
      '52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m',
      '52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m',
    ],
    ['0 0 0.000 N 0 0 0.000 E 0.00m 0.50m 0.05m 0.00m', '0 0 0.000 S 0 0 0.000 W 0.00m 0.50m 0.05m 0.00m'],
    ['0 0 0.001 N 0 0 0.000 E 1m 1m 1m 1m', '0 0 0.001 N 0 0 0.000 W 1m 1.00m 1.00m 1.00m'],
    ['0 0 0.000 N 0 0 0.001 W 0.00m 1m 1m 1m', '0 0 0.000 S 0 0 0.001 W 0.00m 1.00m 1.00m 1.00m'],
    ['10 0 0.000 N 0 0 0.000 E 0.00m 1m 1m 1m', '10 0 0.000 N 0 0 0.000 W 0.00m 1.00m 1.00m 1.00m'],
    ['0 0 0.000 N 10 0 0.000 E 0.00m 1m 1m 1m', '0 0 0.000 S 10 0 0.000 E 0.00m 1.00m 1.00m 1.00m'],
  ])('%s → %s', (value, content) => {
    expect(pdnsContent('LOC', value)).toBe(content);
  });

  it('refuses what PowerDNS keeps as another value: 32-bit fields above 2^31 − 1', () => {
    const problem = (value: string) => pdnsCapabilities().valueProblem?.('LOC', value) ?? null;
    const viaUpdate = (value: string) =>
      pdnsCapabilities({ dnsUpdate: true }).valueProblem?.('LOC', value) ?? null;
    const high = '90 0 0.000 N 180 0 0.000 W 42849672.95m 1m 10000m 10m';
    const wide = '1 0 0.000 N 1 0 0.000 E 0.00m 1m 30000000m 10m';
    const altitude =
      'keeps a LOC altitude above 21374836.47m as a negative one (PowerDNS 4.7): write a lower altitude';
    const size =
      'keeps a LOC size or precision above 21474836.47m as another value (PowerDNS 4.7): write 20000000m or less';
    expect([problem(high), viaUpdate(high)]).toEqual([altitude, altitude]);
    expect([problem(wide), viaUpdate(wide)]).toEqual([size, size]);
    expect(problem('1 0 0.000 N 1 0 0.000 E 0.00m 1m 1m 90000000m')).toBe(size);
    expect(problem('1 0 0.000 N 1 0 0.000 E 0.00m 90000000m 1m 1m')).toBe(size);
    // The largest of each that PowerDNS keeps as written.
    expect(problem('1 0 0.000 N 1 0 0.000 E 21374836.47m 20000000m 20000000m 20000000m')).toBeNull();
    expect(problem('1 0 0.000 N 1 0 0.000 E 21374836.48m 1m 1m 1m')).toBe(altitude);
    expect(pdnsCapabilities().valueProblem?.('TXT', '"42849672.95m"')).toBeNull();
    // Not a LOC value at all: validation reports it by the type's own rule, not as PowerDNS's.
    expect(problem('52 N 4 E')).toBeNull();
  });

  it('leaves the same text alone in other types', () => {
    expect(pdnsContent('TXT', '"1 2 3m 4m"')).toBe('"1 2 3m 4m"');
  });
});
