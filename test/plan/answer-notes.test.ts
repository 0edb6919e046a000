import { describe, expect, it } from 'vitest';
import type { LiveZone } from '../../src/model/dns.js';
import { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';
import { fakeProviders } from './helpers/fake-providers.js';

const LIVE: LiveZone = liveZone('example.com', 7, {
  'example.com MX': [[1, '10 mail.example.com.', 300]],
  'mail.example.com': [[2, '192.0.2.25', 300]],
  'mail.example.com TXT': [[3, '"keep"', 300]],
  'app.example.com': [[4, '192.0.2.80', 300]],
  'www.example.com CNAME': [[5, 'app.example.com.', 300]],
  '_sip._tcp.example.com SRV': [[6, '10 5 5060 app.example.com.', 300]],
  'x.deep.example.com': [[7, '192.0.2.9', 300]],
  'alias.example.com CNAME': [[8, 'x.deep.example.com.', 300]],
  'ext.example.com CNAME': [[9, 'host.example.net.', 300]],
});

const KEEP = {
  'example.com MX': [['10 mail.example.com.'], 300],
  'mail.example.com': [['192.0.2.25'], 300],
  'mail.example.com TXT': [['"keep"'], 300],
  'app.example.com': [['192.0.2.80'], 300],
  'www.example.com CNAME': [['app.example.com.'], 300],
  '_sip._tcp.example.com SRV': [['10 5 5060 app.example.com.'], 300],
  'x.deep.example.com': [['192.0.2.9'], 300],
  'alias.example.com CNAME': [['x.deep.example.com.'], 300],
  'ext.example.com CNAME': [['host.example.net.'], 300],
} satisfies Record<string, [string[], number]>;

function plan(records: Record<string, [string[], number?]>) {
  const desired = { zones: [desiredZone('example.com', records)] };
  return computePlan(desired, { zones: { 'example.com': LIVE } }, fakeProviders());
}

function without(...keys: (keyof typeof KEEP)[]): Record<string, [string[], number?]> {
  return Object.fromEntries(Object.entries(KEEP).filter(([key]) => !keys.includes(key as keyof typeof KEEP)));
}

describe('answer-level notes of a plan', () => {
  it('none when no name that others point at goes away', () => {
    expect(plan(KEEP).answerNotes).toBeUndefined();
    expect(plan({ ...KEEP, 'app.example.com': [['192.0.2.81'], 300] }).answerNotes).toBeUndefined();
    // A name nothing points at may go: a CNAME's target outside the zones read is not judged.
    expect(plan(without('ext.example.com CNAME')).answerNotes).toBeUndefined();
  });

  it('a name that stops existing while CNAME and SRV sets still point at it', () => {
    expect(plan(without('app.example.com')).answerNotes).toEqual([
      {
        kind: 'nxdomain',
        zone: 'example.com',
        name: 'app.example.com',
        pointedAtBy: ['_sip._tcp.example.com SRV', 'www.example.com CNAME'],
      },
    ]);
  });

  it('a deleted name still exists while names below it do; the note comes when the last one goes', () => {
    expect(
      plan({ ...without('x.deep.example.com'), 'y.x.deep.example.com': [['192.0.2.10'], 300] }).answerNotes,
    ).toBeUndefined();
    expect(plan(without('x.deep.example.com')).answerNotes).toEqual([
      {
        kind: 'nxdomain',
        zone: 'example.com',
        name: 'x.deep.example.com',
        pointedAtBy: ['alias.example.com CNAME'],
      },
    ]);
  });

  it('an MX target that keeps existing but loses its address; and one that goes entirely', () => {
    expect(plan(without('mail.example.com')).answerNotes).toEqual([
      {
        kind: 'mx-without-address',
        zone: 'example.com',
        name: 'mail.example.com',
        pointedAtBy: ['example.com MX'],
      },
    ]);
    expect(plan(without('mail.example.com', 'mail.example.com TXT')).answerNotes).toEqual([
      { kind: 'nxdomain', zone: 'example.com', name: 'mail.example.com', pointedAtBy: ['example.com MX'] },
    ]);
  });

  it('none when the pointers go with the name', () => {
    expect(
      plan(without('app.example.com', 'www.example.com CNAME', '_sip._tcp.example.com SRV')).answerNotes,
    ).toBeUndefined();
  });

  it('are shown in text, markdown and JSON', () => {
    const p = plan(without('app.example.com', 'mail.example.com'));
    const text = renderPlanText(p, { color: false });
    expect(text).toContain(
      [
        'Answers that change:',
        '  ! app.example.com stops existing (NXDOMAIN) while _sip._tcp.example.com SRV, www.example.com CNAME point at it',
        '  ! mail.example.com keeps no address (A or AAAA) for the mail it receives while example.com MX points at it',
      ].join('\n'),
    );
    expect(renderPlanMarkdown(p)).toContain(
      '### ⚠️ Answers that change\n- `app.example.com` stops existing (NXDOMAIN) while \\_sip.\\_tcp.example.com SRV, www.example.com CNAME point at it\n',
    );
    expect(JSON.parse(renderPlanJson(p)).answerNotes).toEqual(p.answerNotes);
  });
});
