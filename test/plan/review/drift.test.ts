import { describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../../src/model/acknowledgement.js';
import type { Change } from '../../../src/model/change.js';
import {
  changeDigest,
  changesOf,
  driftHeadline,
  driftReport,
  renderDriftJson,
  renderDriftMarkdown,
  renderDriftText,
} from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { reviewFixture } from '../helpers/review-fixture.js';

const NOW = Date.UTC(2026, 5, 15, 12);
const ack = (target: string, expires: string, digest?: string): Acknowledgement => ({
  target,
  ...(digest ? { digest } : {}),
  expires,
  owner: 'ops',
  reason: 'migration',
});

/** The fixture's plan with only the changes `keep` selects, as a later drift run would see them. */
function withChanges(plan: Plan, keep: (change: Change) => boolean): Plan {
  return { ...plan, changes: plan.changes.filter(keep) };
}

const isSet = (fqdn: string, type: string) => (change: Change) =>
  change.address.kind === 'record-set' && change.address.fqdn === fqdn && change.address.type === type;

describe('drift', () => {
  it('acknowledges the record sets an entry names, and nothing else of the zone', () => {
    const { plan } = reviewFixture();
    const acks = [
      ack('zone:*.com/www A', '2026-06-15'),
      ack('webapp:shop', '2026-06-14'),
      ack('geo:nope', '2027-01-01'),
    ];
    const report = driftReport(plan, acks, NOW);
    const statuses = report.targets.map((t) => [
      t.target.name,
      t.status,
      t.changes.map(
        (c) => `${c.change.address.kind === 'record-set' ? c.change.address.fqdn : '-'} ${c.status}`,
      ),
    ]);
    expect(statuses).toEqual([
      [
        'example.com',
        'drift',
        [
          'example.com drift',
          'old.example.com drift',
          'old.example.com drift',
          'www.example.com acknowledged',
        ],
      ],
      ['example.org', 'drift', ['- drift', 'example.org drift']],
      ['legacy.example.net', 'drift', ['- drift']],
      ['partner.example.net', 'drift', ['- drift']],
      ['Global | Web', 'drift', ['- drift']],
      ['shop', 'expired', ['- expired']],
    ]);
    expect(report.targets.flatMap((t) => t.changes.map((c) => c.change))).toEqual(plan.changes);
    expect(report.failing).toBe(true);
    expect(report.counts).toEqual({ drift: 8, acknowledged: 1, expired: 1 });
    expect(report.unusedAcks).toEqual([acks[2]]);
    expect(driftHeadline(report)).toBe(
      'Drift: 10 changes in 6 targets differ from the desired state: 8 not acknowledged, 1 with an expired ' +
        'acknowledgement, 1 acknowledged.',
    );
  });

  it('fails again when the acknowledged zone drifts somewhere else (an acknowledgement is not zone-wide)', () => {
    const { plan } = reviewFixture();
    const acks = [ack('zone:example.com/www A', '2027-01-01')];
    const known = driftReport(withChanges(plan, isSet('www.example.com', 'A')), acks, NOW);
    expect(known.failing).toBe(false);
    expect(driftHeadline(known)).toBe(
      'Drift: 1 change in 1 target differs from the desired state: 1 acknowledged. All of it is acknowledged.',
    );
    // A week later the apex loses its MX records: same zone, not what was acknowledged.
    const later = withChanges(plan, (c) => isSet('www.example.com', 'A')(c) || isSet('example.com', 'MX')(c));
    const report = driftReport(later, acks, NOW);
    expect(report.failing).toBe(true);
    expect(report.counts).toEqual({ drift: 1, acknowledged: 1, expired: 0 });
    // A whole zone without a digest (the ack file refuses it) covers nothing, not everything.
    const zoneWide = driftReport(later, [ack('zone:example.com', '2027-01-01')], NOW);
    expect(zoneWide.counts).toEqual({ drift: 2, acknowledged: 0, expired: 0 });
  });

  it('takes a zone missing live as its SOA at the apex: `@ SOA` covers it, `* *` covers it all', () => {
    const { plan } = reviewFixture();
    const org = withChanges(plan, (c) => 'zone' in c.address && c.address.zone === 'example.org');
    const soa = driftReport(org, [ack('zone:example.org/@ SOA', '2027-01-01')], NOW);
    expect(soa.targets[0]?.changes.map((c) => [c.change.address.kind, c.status])).toEqual([
      ['zone', 'acknowledged'],
      ['record-set', 'drift'],
    ]);
    expect(renderDriftText(soa)).toContain('{ target: "zone:example.org/@ A", digest: "sha256:');
    expect(driftReport(org, [ack('zone:example.*/* *', '2027-01-01')], NOW).failing).toBe(false);
    const missing = driftReport(org, [], NOW);
    expect(renderDriftText(missing)).toContain('{ target: "zone:example.org/@ SOA", digest: "sha256:');
  });

  it('pins one difference by digest: the same set drifting to another live value fails again', () => {
    const { plan } = reviewFixture();
    const www = changesOf(plan.changes, 'record-set').find(isSet('www.example.com', 'A'));
    if (!www?.before) throw new Error('fixture changed');
    const digest = changeDigest(www, 'dyn');
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const acks = [ack('zone:example.com', '2027-01-01', digest.slice(0, 'sha256:'.length + 12))];
    const only = withChanges(plan, isSet('www.example.com', 'A'));
    expect(driftReport(only, acks, NOW).failing).toBe(false);
    const moved: Change = { ...www, before: { ...www.before, values: ['192.0.2.10', '192.0.2.13'] } };
    expect(changeDigest(moved, 'dyn')).not.toBe(digest);
    const report = driftReport({ ...only, changes: [moved] }, acks, NOW);
    expect(report.failing).toBe(true);
    expect(report.unusedAcks).toEqual(acks);
    // The desired value is not part of the digest: editing the YAML keeps the acknowledgement.
    const edited: Change = { ...www, after: { ttl: 60, values: ['192.0.2.1'] } };
    expect(changeDigest(edited, 'dyn')).toBe(digest);
  });

  it('renders text: what fails apart from what is acknowledged, digests to copy, a ready entry', () => {
    const { plan } = reviewFixture();
    const only = withChanges(plan, (c) => isSet('www.example.com', 'A')(c) || isSet('example.com', 'MX')(c));
    const text = renderDriftText(driftReport(only, [ack('zone:example.com/www A', '2027-01-01')], NOW));
    const mx = only.changes.find(isSet('example.com', 'MX'));
    if (!mx) throw new Error('fixture changed');
    const short = changeDigest(mx, 'dyn').slice(0, 19);
    expect(text).toBe(
      [
        'Drift: 2 changes in 1 target differ from the desired state: 1 not acknowledged, 1 acknowledged.',
        'Not acknowledged:',
        '  zone:example.com',
        `      example.com MX: live (absent) → desired ttl 3600 10 mail.example.com. [${short}]`,
        'Acknowledged:',
        '  zone:example.com: until 2027-01-01 by ops: migration',
        '      www.example.com A: live ttl 600 192.0.2.10, 192.0.2.12 → desired ttl 300 192.0.2.10, 192.0.2.11',
        'To acknowledge a change, add an entry to the ack file, e.g.',
        `  - { target: "zone:example.com/@ MX", digest: "${short}", reason: "…", owner: "…", expires: YYYY-MM-DD }`,
        '',
      ].join('\n'),
    );
  });

  it('renders expired acknowledgements and unused ones with their place in the file', () => {
    const { plan } = reviewFixture();
    const shop = ack('webapp:shop', '2026-06-14');
    const unused = { ...ack('geo:nope', '2027-01-01'), at: { file: 'ack.yaml', line: 4, col: 5 } };
    const text = renderDriftText(driftReport(plan, [shop, unused], NOW));
    expect(text).toContain(
      'Acknowledgement expired:\n  webapp:shop: expired on 2026-06-14 (by ops: migration)\n      bot Googlebot: live enabled → desired disabled [sha256:',
    );
    expect(text).toContain('Unused acknowledgement: geo:nope (ack.yaml:4:5): no drift there; remove it\n');
  });

  it('renders JSON: format 3, each change with its status, digest and acknowledgement, then the plan', () => {
    const { plan } = reviewFixture();
    const acks = [
      { ...ack('zone:example.com/www A', '2027-01-01'), at: { file: 'a.yaml', line: 2, col: 5 } },
    ];
    const doc = JSON.parse(renderDriftJson(driftReport(plan, acks, NOW), plan));
    expect(Object.keys(doc)).toEqual([
      'formatVersion',
      'inSync',
      'failing',
      'counts',
      'targets',
      'unusedAcks',
      'plan',
    ]);
    expect(doc.formatVersion).toBe(3);
    expect(doc.targets[0].target).toEqual({ kind: 'zone', name: 'example.com' });
    expect(doc.targets[0].status).toBe('drift');
    const [first, , , www] = doc.targets[0].changes;
    expect(first).toMatchObject({
      address: { kind: 'record-set', zone: 'example.com', fqdn: 'example.com', type: 'MX' },
      action: 'create',
      status: 'drift',
    });
    expect(first.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(www.status).toBe('acknowledged');
    expect(www.ack).toEqual({
      target: 'zone:example.com/www A',
      reason: 'migration',
      owner: 'ops',
      expires: '2027-01-01',
    });
    expect(doc.plan.formatVersion).toBe(2);
  });

  it('says in JSON when the WAF was not read: then nothing is in sync, even with no DNS drift', () => {
    const { plan } = reviewFixture();
    const quiet = { ...plan, changes: [], steps: [] };
    const report = driftReport(quiet, [], NOW);
    const notRead = 'WAF not read: its hourly request budget is spent; it resets in 5 min, at 12:05 UTC.';
    const doc = JSON.parse(renderDriftJson(report, quiet, notRead));
    expect(Object.keys(doc).slice(0, 4)).toEqual(['formatVersion', 'inSync', 'failing', 'wafNotRead']);
    expect(doc).toMatchObject({ inSync: false, failing: false, wafNotRead: notRead });
    expect(JSON.parse(renderDriftJson(report, quiet))).toMatchObject({ inSync: true, failing: false });
  });

  it('renders markdown: a table per status, digests for what fails, the acknowledgement for the rest', () => {
    const { plan } = reviewFixture();
    const report = driftReport(plan, [ack('zone:example.com/www A', '2027-01-01')], NOW);
    const markdown = renderDriftMarkdown(report);
    expect(markdown).toMatch(/^## edgeplan drift\n\nDrift: 10 changes in 6 targets differ/);
    expect(markdown).toContain(
      '### Not acknowledged\n\n| target | change | live | desired | digest |\n|---|---|---|---|---|\n' +
        '| `zone:example.com` | example.com MX |  | ttl 3600 10 mail.example.com. | `sha256:',
    );
    expect(markdown).toContain(
      '### Acknowledged\n\n| target | change | live | desired | acknowledgement |\n|---|---|---|---|---|\n' +
        '| `zone:example.com` | www.example.com A | ttl 600 192.0.2.10, 192.0.2.12 | ttl 300 192.0.2.10, 192.0.2.11 | until 2027-01-01 by ops: migration |',
    );
    expect(markdown.indexOf('### Not acknowledged')).toBeLessThan(markdown.indexOf('### Acknowledged'));
  });

  it('is in sync when nothing differs', () => {
    const { plan } = reviewFixture();
    const report = driftReport({ ...plan, changes: [], steps: [] }, [], NOW);
    expect(report).toEqual({
      implicitProvider: 'dyn',
      inSync: true,
      failing: false,
      counts: { drift: 0, acknowledged: 0, expired: 0 },
      targets: [],
      unusedAcks: [],
      notes: [],
    });
    expect(renderDriftText(report)).toBe('No drift. Live state matches the desired state.\n');
    expect(renderDriftMarkdown(report)).toBe(
      '## edgeplan drift\n\nNo drift. Live state matches the desired state.\n',
    );
  });
});
