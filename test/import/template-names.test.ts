/** Template names from what a template holds: readable, and the same for the same sets. */
import { describe, expect, it } from 'vitest';
import { templateName } from '../../src/import/template-names.js';
import type { ZoneSet } from '../../src/import/zone-sets.js';

const set = (name: string, key: string, relative: unknown): ZoneSet => ({
  name,
  key,
  ttl: 3600,
  values: relative,
  relative,
  shape: JSON.stringify([name, key, 3600, relative]),
  shareable: true,
  namesZone: false,
});

const none = new Set<string>();

describe('templateName', () => {
  it('names a template that holds an MX after mail and the MX host’s organisation, whatever else it holds', () => {
    const sets = [
      set('@', 'txt', ['v=spf1 include:_spf.example.net ~all']),
      set('@', 'mx', [{ preference: 1, exchange: 'smtp.google.com.' }]),
    ];
    expect(templateName(sets, none)).toBe('mail-google');
  });

  it('names CAA, NS, TXT, CNAME and SRV templates by their kind', () => {
    expect(
      templateName([set('@', 'caa', [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }])], none),
    ).toBe('caa-letsencrypt');
    expect(templateName([set('@', 'ns', ['ns1.Provider-DNS.net.'])], none)).toBe('ns-provider-dns');
    expect(templateName([set('_v', 'txt', ['verify=abc site.example.org'])], none)).toBe('txt-example');
    expect(templateName([set('www', 'cname', 'front.cdn.example.')], none)).toBe('cname-cdn');
    expect(templateName([set('_sip._tcp', 'srv', [{ target: 'sip.voip.example.' }])], none)).toBe('srv-voip');
  });

  it('names a TXT policy by its tag (RFC 7208 §4.5, RFC 7489 §6.3, RFC 6376 §3.6.1), with its host if it names one', () => {
    expect(templateName([set('@', 'txt', ['v=spf1 include:_spf.google.com ~all'])], none)).toBe('spf-google');
    expect(templateName([set('_dmarc', 'txt', ['v=DMARC1; p=reject; rua=mailto:d@{zone}'])], none)).toBe(
      'dmarc',
    );
    expect(templateName([set('_dmarc', 'txt', ['v=DMARC1'])], new Set(['dmarc']))).toBe('dmarc-2');
    expect(templateName([set('k._domainkey', 'txt', [['v=DKIM1; k=rsa; ', 'p=MIGf']])], none)).toBe('dkim');
    expect(templateName([set('@', 'txt', ['v=spf1'])], none)).toBe('spf');
    expect(templateName([set('@', 'txt', ['v=spf10 x'])], none)).toBe('shared-1');
    expect(templateName([set('@', 'txt', ['x v=spf1 -all'])], none)).toBe('shared-1');
    expect(templateName([set('_dmarc', 'txt', ['see v=DMARC1; p=none'])], none)).toBe('shared-1');
    expect(templateName([set('k._domainkey', 'txt', ['a v=DKIM1; p=x'])], none)).toBe('shared-1');
    expect(templateName([set('k._domainkey', 'txt', ['v=DKIM1'])], none)).toBe('dkim');
    // A TXT value's strings are one text: a tag split across two strings is the tag.
    expect(templateName([set('k._domainkey', 'txt', [['v=DK', 'IM1; p=x']])], none)).toBe('dkim');
    expect(templateName([set('@', 'txt', ['google-site-verification=abc'])], none)).toBe('shared-1');
  });

  it('calls a template whose values name no host, or of no listed type, shared-1, shared-2 …', () => {
    expect(templateName([set('@', 'a', ['192.0.2.1'])], none)).toBe('shared-1');
    expect(templateName([set('_v', 'txt', ['token=abc'])], new Set(['shared-1']))).toBe('shared-2');
    expect(templateName([set('@', 'sshfp', [{ algorithm: 1 }])], new Set(['shared-1', 'shared-2']))).toBe(
      'shared-3',
    );
  });

  it('takes the dashes off the ends of the organisation, and a label of dashes is none', () => {
    expect(templateName([set('@', 'ns', ['ns1.--provider--.net.'])], none)).toBe('ns-provider');
    expect(templateName([set('@', 'ns', ['ns1.---.net.'])], none)).toBe('shared-1');
  });

  it('gives a name taken the first free -2, -3 …', () => {
    const mx = [set('@', 'mx', [{ preference: 1, exchange: 'smtp.google.com.' }])];
    expect(templateName(mx, new Set(['mail-google']))).toBe('mail-google-2');
    expect(templateName(mx, new Set(['mail-google', 'mail-google-2']))).toBe('mail-google-3');
  });
});
