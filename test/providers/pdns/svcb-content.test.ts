import { describe, expect, it } from 'vitest';
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
