import { describe, expect, it } from 'vitest';
import { naptrRegexpProblem } from '../../src/model/record-types/naptr-regexp.js';
import { checkEre } from '../../src/model/record-types/posix-ere.js';

/**
 * NAPTR regexps (RFC 3403 §3.2) and their EREs as name servers read them. The property test
 * test/providers/dyn/compile/zone-file-checkzone.property.test.ts checks what is accepted against BIND itself; these pin each
 * rule and its message.
 */

describe('checkEre', () => {
  it.each([
    ['a', 0],
    ['^(.*)$', 1],
    ['(a)(b(c))\\3', 3],
    ['()', 1],
    ['a{2}b{1,3}c{0,}', 0],
    ['{a', 0],
    ['[]a]', 0],
    ['[^]a-]', 0],
    ['[-a]', 0],
    ['[[:alpha:][:digit:]_.-]', 0],
    ['[[.a.]-z]', 0],
    ['[[=e=]]', 0],
    ['\\(\\)\\*', 0],
    ['a|b|(c|d)', 1],
    ['é+😀?', 0],
  ])('accepts %j with %i groups', (ere, groups) => {
    expect(checkEre(ere)).toEqual({ ok: true, groups });
  });

  it.each([
    ['', 'it is empty'],
    ['a\\', 'it ends with a lone "\\"'],
    ['\\1(a)', 'the back-reference "\\1" names a group that is not opened before it'],
    ['*a', '"*" at byte 1 follows nothing to repeat'],
    ['a+*', '"*" at byte 3 repeats a repetition or an anchor'],
    ['^*', '"*" at byte 2 repeats a repetition or an anchor'],
    ['a{2}{3}', 'the bound at byte 5 repeats a repetition or an anchor'],
    ['(a', 'a group is not closed'],
    ['((a', '2 groups are not closed'],
    ['a)', 'the ")" at byte 2 closes no group'],
    ['(a|)', 'the alternative before the ")" at byte 4 is empty'],
    ['|a', 'the alternative before the "|" at byte 1 is empty'],
    ['a|', 'it ends in an empty alternative'],
    ['a{2,1}', 'the bound {2,1} has its minimum above its maximum'],
    ['a{256}', 'the bound {256} exceeds 255'],
    ['a{1,x}', 'the bound at byte 2 is not {m}, {m,} or {m,n}'],
    ['a{1', 'the bound at byte 2 is not {m}, {m,} or {m,n}'],
    ['[a', 'a bracket expression is not closed by "]"'],
    ['[z-a]', 'the range "z-a" in a bracket expression is out of order'],
    ['[a-c-e]', 'a range in a bracket expression has no start'],
    ['[[:word:]]', '"[:word:]" is not a character class'],
    ['[[:alpha:]', 'a bracket expression is not closed by "]"'],
    ['[[.a]', '"[." in a bracket expression is not closed by ".]"'],
    ['[[==]]', '"[==]" in a bracket expression is empty'],
    ['[a-[=e=]]', '"[=e=]" cannot end a range'],
    ['[[.z.]-a]', 'the range "z-a" in a bracket expression is out of order'],
  ])('refuses %j: %s', (ere, problem) => {
    expect(checkEre(ere)).toEqual({ ok: false, problem });
  });
});

describe('naptrRegexpProblem', () => {
  it.each([
    '',
    '!^.*$!sip:info@example.com!',
    '!^(.*)$!sip:\\1@example.com!i',
    '/^\\+1(\\d*)$/tel:+1\\1/',
    '#a\\#b#c\\#d#',
    'x(a)x\\1x',
    '!a!b!ii',
    '!a!"quoted" \\\\ text!',
  ])('accepts %j', (regexp) => {
    expect(naptrRegexpProblem(regexp)).toBeNull();
  });

  it.each([
    ['!a\u0000!b!', 'it contains a NUL character'],
    [
      '1a1b1',
      'its delimiter "1" must be a visible ASCII character other than a digit, "\\" and the flag "i" (such as "!" or "/")',
    ],
    [
      'ia!b!',
      'its delimiter "i" must be a visible ASCII character other than a digit, "\\" and the flag "i" (such as "!" or "/")',
    ],
    [
      ' a b ',
      'its delimiter " " must be a visible ASCII character other than a digit, "\\" and the flag "i" (such as "!" or "/")',
    ],
    ['!a!b', 'it needs three "!" delimiters (delimiter, ERE, delimiter, replacement, delimiter, flags)'],
    ['!a!b!c!', 'it has more than three "!" delimiters'],
    ['!a!b\\', 'it ends with a lone "\\"'],
    ['!a!b!g', 'its flags "g" are not empty or "i" (RFC 3403 §3.2 has one flag, i)'],
    ['!a!b!\\i', 'its flags "\\\\i" are not empty or "i" (RFC 3403 §3.2 has one flag, i)'],
    ['!(a!b!', 'its regular expression "(a" is malformed: a group is not closed'],
    ['!(a)!\\2!', 'its replacement refers to group 2, but the regular expression has 1 group'],
    ['!a!\\1!', 'its replacement refers to group 1, but the regular expression has 0 groups'],
    ['!(a)!\\0!', 'its replacement has "\\0", which is no back-reference (they are \\1 to \\9)'],
  ])('refuses %j: %s', (regexp, problem) => {
    expect(naptrRegexpProblem(regexp)).toBe(problem);
  });

  it('reads an escaped backslash before a digit as text, not a back-reference', () => {
    expect(naptrRegexpProblem('!a!\\\\1!')).toBeNull();
    expect(naptrRegexpProblem('!a!\\\\0!')).toBeNull();
  });
});
