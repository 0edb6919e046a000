import { describe, expect, it } from 'vitest';
import { shownName, toALabels, unicodeForm } from '../../src/model/idn.js';

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
      problem: '"a\u200db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
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
    expect(shownName('www.example.com')).toBe('www.example.com');
    expect(shownName('xn--zz.example')).toBe('xn--zz.example');
    expect(shownName('.')).toBe('.');
  });
});
