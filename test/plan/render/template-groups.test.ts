import { describe, expect, it } from 'vitest';
import type { DesiredZone } from '../../../src/model/dns.js';
import { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const MAIL = { file: 'templates/mail.yaml', line: 7, col: 15 };

/** A zone whose DMARC set a template gave (through a mirror when `mirrorOf`), and whose own A set changes too. */
function zone(name: string, mirrorOf?: string): DesiredZone {
  const desired = desiredZone(name, {
    [`_dmarc.${name} TXT`]: [[`"v=DMARC1; p=quarantine; rua=mailto:dmarc@${name}"`], 3600],
    [`www.${name}`]: [['192.0.2.2'], 3600],
  });
  const via = [
    ...(mirrorOf ? [{ kind: 'same_as' as const, zone: mirrorOf }] : []),
    { kind: 'template' as const, name: 'mail-google' },
  ];
  return {
    ...desired,
    records: desired.records.map((set) => (set.type === 'TXT' ? { ...set, source: { at: MAIL, via } } : set)),
  };
}

function live(name: string) {
  return liveZone(name, 4, {
    [`_dmarc.${name} TXT`]: [[1, `"v=DMARC1; p=reject; rua=mailto:dmarc@${name}"`, 3600]],
    [`www.${name}`]: [[2, '192.0.2.1', 3600]],
  });
}

function templatePlan() {
  const names = ['a.example', 'b.example', 'c.example'];
  return computePlan(
    oneProviderDesired({ zones: [zone('a.example'), zone('b.example'), zone('c.example', 'a.example')] }),
    oneProviderLive({ zones: Object.fromEntries(names.map((name) => [name, live(name)])) }),
    fakeProviders(),
  );
}

describe('changes that came through a template, rendered', () => {
  it('markdown: one block for the template, its change once with {zone}; the zones keep their own changes', () => {
    const markdown = renderPlanMarkdown(templatePlan());
    expect(markdown).toContain('#### template mail-google: 3 zones, 3 changes');
    expect(markdown).toContain(
      'From templates/mail.yaml:7:15 via template mail-google (1 change through same\\_as).',
    );
    expect(markdown).toContain(
      '| update | \\_dmarc.{zone} TXT | ttl 3600 "v=DMARC1; p=reject; rua=mailto:dmarc@{zone}" | ttl 3600 "v=DMARC1; p=quarantine; rua=mailto:dmarc@{zone}" | 3 |',
    );
    // Each TXT change is in the block only; each zone's section holds its A change.
    expect(markdown.match(/_dmarc\.a\.example/g)).toBeNull();
    expect(markdown.match(/www\.a\.example A/g)).toHaveLength(1);
  });

  it('text: the template counted before the zones, each change saying where it came from', () => {
    const text = renderPlanText(templatePlan(), { color: false });
    expect(text.split('\n').slice(0, 2)).toEqual([
      'template mail-google: 3 zones, 3 changes',
      '  from templates/mail.yaml:7:15 via template mail-google (1 change through same_as)',
    ]);
    expect(text).toContain('(from templates/mail.yaml:7:15 via same_as a.example, template mail-google)');
    expect(text).toMatch(/~ www\.a\.example A \+192\.0\.2\.2, −192\.0\.2\.1\n/);
  });

  it('JSON: a change carries its provenance; a change of the zone own set carries none', () => {
    const json = JSON.parse(renderPlanJson(templatePlan()));
    const txt = json.changes.find(
      (change: { address: { fqdn: string } }) => change.address.fqdn === '_dmarc.c.example',
    );
    expect(txt.provenance).toEqual({
      at: 'templates/mail.yaml:7:15',
      via: [
        { kind: 'same_as', zone: 'a.example' },
        { kind: 'template', name: 'mail-google' },
      ],
    });
    const a = json.changes.find(
      (change: { address: { fqdn: string } }) => change.address.fqdn === 'www.a.example',
    );
    expect(a.provenance).toBeUndefined();
  });
});
