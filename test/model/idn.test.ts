import { describe, expect, it } from 'vitest';
import { globToALabels, shownName, toALabels, unicodeForm, visibleName } from '../../src/model/idn.js';

/**
 * Names in Unicode (model/idn.ts): UTS #46 processing (nontransitional, as IDNA2008 and browsers) maps each
 * non-ASCII label to its A-label (RFC 5890 §2.3.2.1: the `xn--` form of RFC 3492 Punycode); ASCII labels are kept.
 */
describe('toALabels', () => {
  it('maps each Unicode label to its A-label and keeps ASCII labels and the trailing dot', () => {
    expect(toALabels('bücher.example.com')).toEqual({ ok: true, name: 'xn--bcher-kva.example.com' });
    expect(toALabels('mail.Bücher.example.')).toEqual({ ok: true, name: 'mail.xn--bcher-kva.example.' });
    // UTS #46 §4 mapping: upper case folds; nontransitional: ß stays (xn--fa-hia), it does not become "ss".
    expect(toALabels('FAß.de')).toEqual({ ok: true, name: 'xn--fa-hia.de' });
    expect(toALabels('_sip._tcp.WWW')).toEqual({ ok: true, name: '_sip._tcp.WWW' });
    expect(toALabels('*.café')).toEqual({ ok: true, name: '*.xn--caf-dma' });
  });

  it('refuses a label UTS #46 refuses, naming the label and the character', () => {
    // RFC 5892 Appendix A.2: ZERO WIDTH JOINER only after a virama.
    expect(toALabels('a\u200db.example')).toEqual({
      ok: false,
      // The joiner shows nothing: the message prints it as its code point, where it is.
      problem: '"aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    });
    // RFC 5891 §5.4: a label must not begin with a combining mark.
    const combining = toALabels('\u0301x.example');
    expect(combining.ok).toBe(false);
    expect(combining.ok ? '' : combining.problem).toContain(
      'its characters are allowed, but not in this order',
    );
  });
});

describe('unicodeForm and shownName', () => {
  it('shows a name with A-labels in Unicode beside its A-labels', () => {
    expect(unicodeForm('www.xn--bcher-kva.example.com')).toBe('www.bücher.example.com');
    expect(unicodeForm('xn--strae-oqa.example.')).toBe('straße.example.');
    expect(shownName('xn--bcher-kva.example.com')).toBe('bücher.example.com (xn--bcher-kva.example.com)');
  });

  it('shows any other name as it is: no A-label, or an xn-- label that maps to nothing', () => {
    expect(unicodeForm('www.example.com')).toBeUndefined();
    // An ASCII name in upper case has no Unicode form (domainToUnicode would only lower-case it).
    expect(unicodeForm('WWW.Example.com.')).toBeUndefined();
    expect(unicodeForm('WWW.XN--BCHER-KVA.example.')).toBe('www.bücher.example.');
    expect(shownName('www.example.com')).toBe('www.example.com');
    expect(shownName('xn--zz.example')).toBe('xn--zz.example');
    expect(shownName('.')).toBe('.');
  });
});

describe('visibleName', () => {
  it('prints each character that shows nothing as its code point, and every other one as it is', () => {
    expect(visibleName('a\u200bb\u200c\u200d\u2060\u00ad\ufeff')).toBe(
      'aU+200BbU+200CU+200DU+2060U+00ADU+FEFF',
    );
    expect(visibleName('a\u00a0b\u3000c\u0007')).toBe('aU+00A0bU+3000cU+0007');
    expect(visibleName('bücher straße.example')).toBe('bücher straße.example');
  });

  it('shows a zero-width character of a refused record name where it is, in the name and the label', () => {
    // RFC 5892 Appendix A.1: ZERO WIDTH NON-JOINER only after a virama or in a joining context.
    const refused = toALabels('x\u200cy.bücher');
    expect(refused).toEqual({
      ok: false,
      problem: '"xU+200Cy" is not a valid internationalized label (UTS #46): U+200C is not allowed in names',
    });
  });
});

describe('globToALabels', () => {
  it('maps each Unicode label of a glob to its A-label and keeps glob labels and ASCII as written', () => {
    expect(globToALabels('*.bücher')).toEqual({ ok: true, name: '*.xn--bcher-kva' });
    expect(globToALabels('_acme-*.Bücher.example.')).toEqual({
      ok: true,
      name: '_acme-*.xn--bcher-kva.example.',
    });
    expect(globToALabels('{www,api}.example')).toEqual({ ok: true, name: '{www,api}.example' });
  });

  it('refuses a label that mixes glob characters with non-ASCII ones: its A-label would not be a glob of it', () => {
    expect(globToALabels('x.bü*')).toEqual({
      ok: false,
      problem:
        '"bü*" mixes glob characters with non-ASCII ones: globs match A-labels (xn--…), and an A-label stands for ' +
        'its whole label; write the Unicode label whole (*.bücher) or glob on its A-label',
    });
    for (const glob of ['bü*', 'b?ü', '{bücher,büro}.example', 'x.[bü]']) {
      const read = globToALabels(glob);
      expect(read.ok, glob).toBe(false);
      expect(read.ok ? '' : read.problem).toContain('mixes glob characters with non-ASCII ones');
    }
  });

  it('refuses a Unicode label UTS #46 refuses, with its code point', () => {
    expect(globToALabels('*.a\u200db')).toEqual({
      ok: false,
      problem: '"aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    });
  });
});
