/**
 * How plans and `verify` compare TXT strings (RFC 1035 §3.3.14). Text written as one string is met by any split of
 * the same text, as SPF and DKIM readers join the strings (RFC 7208 §3.3, RFC 6376 §3.6.2.2); a list of strings is
 * met only by those strings, since for DNS-SD each string is one key=value pair (RFC 6763 §6.3). A plan shows the
 * strings, in text, markdown and JSON.
 */
import { describe, expect, it } from 'vitest';
import { asLiveHolds } from '../../../src/model/record-types/met-by-live.js';
import {
  computePlan,
  judge,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
  type ServedExpectation,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';
const PAIRS = '"txtvers=1" "rp=printers/lobby" "note=Lobby"';
const JOINED = '"txtvers=1rp=printers/lobbynote=Lobby"';
const LONG = 'v=DKIM1; p='.padEnd(300, 'A');
/** LONG as written in YAML: split at 255 octets. */
const LONG_TEXT = `"${LONG.slice(0, 255)}" "${LONG.slice(255)}"`;
/** LONG as another tool split it. */
const LONG_SPLIT = `"${LONG.slice(0, 100)}" "${LONG.slice(100)}"`;

function plan(desired: string[], live: string[], ttl = 300) {
  return computePlan(
    oneProviderDesired({ zones: [desiredZone(ZONE, { 'lobby._ipp._tcp.example.com TXT': [desired, 300] })] }),
    oneProviderLive({
      zones: {
        [ZONE]: liveZone(ZONE, 1, {
          'lobby._ipp._tcp.example.com TXT': live.map(
            (value, i) => [i, value, ttl] as [number, string, number],
          ),
        }),
      },
    }),
    fakeProviders(),
  );
}

describe('the diff of TXT strings', () => {
  it('text written as one string plans nothing against the same text split elsewhere', () => {
    expect(plan([LONG_TEXT], [LONG_SPLIT]).changes).toEqual([]);
    expect(plan([JOINED], [PAIRS]).changes).toEqual([]);
  });

  it('a list of strings against the same text split otherwise is an update that shows both', () => {
    const changed = plan([PAIRS], [JOINED]);
    expect(changed.changes).toEqual([
      expect.objectContaining({
        action: 'update',
        before: { ttl: 300, values: [JOINED] },
        after: { ttl: 300, values: [PAIRS] },
      }),
    ]);
    expect(renderPlanText(changed, { color: false })).toContain(`+${PAIRS}, −${JOINED}`);
    expect(renderPlanMarkdown(changed)).toContain('"txtvers=1" "rp=printers/lobby" "note=Lobby"');
    expect(JSON.parse(renderPlanJson(changed)).changes[0].after.values).toEqual([PAIRS]);
  });

  it('an update for another reason writes the live split back as it is, not the text re-split', () => {
    const changed = plan([LONG_TEXT, '"new"'], [LONG_SPLIT]);
    expect(changed.changes).toEqual([
      expect.objectContaining({
        action: 'update',
        before: { ttl: 300, values: [LONG_SPLIT] },
        after: { ttl: 300, values: ['"new"', LONG_SPLIT] },
      }),
    ]);
    expect(renderPlanText(changed, { color: false })).not.toContain(`−${LONG_SPLIT}`);
  });

  it('a TTL change alone keeps the live split too', () => {
    const changed = plan([LONG_TEXT], [LONG_SPLIT], 60);
    expect(changed.changes).toEqual([
      expect.objectContaining({
        before: { ttl: 60, values: [LONG_SPLIT] },
        after: { ttl: 300, values: [LONG_SPLIT] },
      }),
    ]);
  });
});

describe('met by live values', () => {
  it('a live value meets one desired value at most, and a desired live value meets no other', () => {
    // Two desired texts the same once joined cannot be, as values of a set; a live value desired itself stays.
    expect(asLiveHolds('TXT', [JOINED, PAIRS], [PAIRS])).toEqual([JOINED, PAIRS].sort());
    expect(asLiveHolds('TXT', ['"ab"', '"a" "b"'], ['"a" "b"'])).toEqual(['"a" "b"', '"ab"']);
    expect(asLiveHolds('TXT', [JOINED], [PAIRS, '"txtvers=1rp=printers/lobby" "note=Lobby"'])).toEqual([
      PAIRS,
    ]);
  });

  it('a desired value live itself stays, though another live value would meet it', () => {
    expect(asLiveHolds('TXT', ['"ab"'], ['"ab"', '"a" "b"'])).toEqual(['"ab"']);
  });

  it('types without the rule compare as they are', () => {
    expect(asLiveHolds('HINFO', ['"b" "a"'], ['"a" "b"'])).toEqual(['"b" "a"']);
    expect(asLiveHolds('A', ['192.0.2.2', '192.0.2.1'], ['192.0.2.3'])).toEqual(['192.0.2.2', '192.0.2.1']);
    expect(asLiveHolds('NAPTR', ['"a"'], ['"a" "b"'])).toEqual(['"a"']);
  });
});

describe('verify judges TXT strings as the diff does', () => {
  const expectation = (values: string[]): ServedExpectation => ({
    zone: ZONE,
    provider: 'dyn',
    fqdn: 'lobby._ipp._tcp.example.com',
    type: 'TXT',
    expected: { ttl: 300, values },
  });

  it('text is served as desired in any split; a list only with its own strings', () => {
    expect(judge(expectation([LONG_TEXT]), { kind: 'records', ttl: 300, values: [LONG_SPLIT] })).toEqual({
      verdict: 'served',
    });
    expect(judge(expectation([PAIRS]), { kind: 'records', ttl: 300, values: [JOINED] })).toEqual({
      verdict: 'differs',
      why: `serves ${JOINED}`,
    });
    expect(judge(expectation([PAIRS]), { kind: 'records', ttl: 300, values: [PAIRS] })).toEqual({
      verdict: 'served',
    });
  });
});
