import { describe, expect, it } from 'vitest';
import type { RecordSetChange } from '../../../src/model/change.js';
import type { LiveZone } from '../../../src/model/dns.js';
import { answerNotes } from '../../../src/plan/diff/answer-notes.js';
import { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import { shownPlan } from '../../../src/plan/shown-plan.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

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
  return computePlan(
    oneProviderDesired(desired),
    oneProviderLive({ zones: { 'example.com': LIVE } }),
    fakeProviders(),
  );
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
        provider: DYN,
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
        provider: DYN,
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
        provider: DYN,
        name: 'mail.example.com',
        pointedAtBy: ['example.com MX'],
      },
    ]);
    expect(plan(without('mail.example.com', 'mail.example.com TXT')).answerNotes).toEqual([
      {
        kind: 'nxdomain',
        zone: 'example.com',
        provider: DYN,
        name: 'mail.example.com',
        pointedAtBy: ['example.com MX'],
      },
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
    expect(JSON.parse(renderPlanJson(p)).answerNotes).toEqual(shownPlan(p).answerNotes);
  });
});

describe('answer-level notes across zones and record types', () => {
  const zone = (name: string, sets: Record<string, [number | string, string, number][]>) =>
    liveZone(name, 1, sets);
  const live = {
    zones: {
      'example.com': zone('example.com', {
        'example.com ALIAS': [[1, 'lb.example.com.', 300]],
        'lb.example.com': [[2, '192.0.2.1', 300]],
        'sub.example.com NS': [[3, 'ns.example.com.', 300]],
        'ns.example.com': [[4, '192.0.2.53', 300]],
        'a.example.com CNAME': [[5, 'z.example.com.', 300]],
        'b.example.com CNAME': [[6, 'y.example.com.', 300]],
        'y.example.com': [[7, '192.0.2.7', 300]],
        'z.example.com': [[8, '192.0.2.8', 300]],
        'example.com MX': [
          [9, '10 mx6.example.com.', 300],
          [10, '20 mx6.example.com.', 300],
        ],
        'mx6.example.com AAAA': [[11, '2001:db8::25', 300]],
        'mx6.example.com TXT': [[12, '"mail"', 300]],
      }),
      'example.org': zone('example.org', {
        'x.example.org CNAME': [[13, 'lb.example.com.', 300]],
        'apex.example.org CNAME': [[14, 'example.com.', 300]],
      }),
      'new.example': null,
    },
  };
  const deleted = (zone: string, key: string): RecordSetChange => {
    const [fqdn = '', type = 'A'] = key.split(' ');
    return {
      address: { kind: 'record-set', zone, fqdn, type, provider: DYN },
      action: 'delete',
      before: { ttl: 300, values: [] },
      after: null,
    };
  };

  it('follow ALIAS and NS targets, name a set with several values once, and count pointers from other zones', () => {
    const notes = answerNotes(
      live,
      [deleted('example.com', 'lb.example.com'), deleted('example.com', 'ns.example.com')],
      DYN,
    );
    expect(notes).toEqual([
      {
        kind: 'nxdomain',
        zone: 'example.com',
        provider: DYN,
        name: 'lb.example.com',
        pointedAtBy: ['example.com ALIAS', 'x.example.org CNAME'],
      },
      {
        kind: 'nxdomain',
        zone: 'example.com',
        provider: DYN,
        name: 'ns.example.com',
        pointedAtBy: ['sub.example.com NS'],
      },
    ]);
  });

  it('are sorted by name whatever order the pointers come in, and carry the provider', () => {
    const notes = answerNotes(
      live,
      [deleted('example.com', 'z.example.com'), deleted('example.com', 'y.example.com')],
      'pdns',
    );
    expect(notes.map((n) => `${n.provider} ${n.name}`)).toEqual(['pdns y.example.com', 'pdns z.example.com']);
  });

  it('an MX target with only an AAAA set loses its address; the apex never stops existing', () => {
    const all = live.zones['example.com'].records.map((s) => deleted('example.com', `${s.fqdn} ${s.type}`));
    const notes = answerNotes(live, [deleted('example.com', 'mx6.example.com AAAA')], DYN);
    expect(notes).toEqual([
      {
        kind: 'mx-without-address',
        zone: 'example.com',
        provider: DYN,
        name: 'mx6.example.com',
        pointedAtBy: ['example.com MX'],
      },
    ]);
    // With every record set of example.com gone, apex.example.org still points at a name that exists: the apex.
    expect(answerNotes(live, all, DYN).filter((n) => n.name === 'example.com')).toEqual([]);
  });

  it('a change in one zone leaves the names of another as they are', () => {
    const elsewhere: RecordSetChange = deleted('example.org', 'lb.example.com');
    expect(answerNotes(live, [elsewhere, deleted('example.org', 'x.example.org CNAME')], DYN)).toEqual([]);
  });
});
