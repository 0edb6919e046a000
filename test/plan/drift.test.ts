import { describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../src/model/acknowledgement.js';
import {
  driftHeadline,
  driftReport,
  renderDriftJson,
  renderDriftText,
  renderPlanMarkdown,
  statusText,
} from '../../src/plan/index.js';
import { reviewFixture } from './helpers/review-fixture.js';

const NOW = Date.UTC(2026, 5, 15, 12);
const ack = (target: string, expires: string): Acknowledgement => ({
  target,
  expires,
  owner: 'ops',
  reason: 'migration',
});

describe('drift', () => {
  it('groups the changes by typed target and applies acknowledgements by pattern and date', () => {
    const { plan } = reviewFixture();
    const acks = [
      ack('zone:*.com', '2026-06-15'),
      ack('webapp:shop', '2026-06-14'),
      ack('geo:nope', '2027-01-01'),
    ];
    const report = driftReport(plan, acks, NOW);
    expect(report.targets.map((t) => [t.target, t.status, t.changes.length])).toEqual([
      [{ kind: 'zone', name: 'example.com' }, 'acknowledged', 4],
      [{ kind: 'zone', name: 'example.org' }, 'drift', 2],
      [{ kind: 'secondary', name: 'legacy.example.net' }, 'drift', 1],
      [{ kind: 'secondary', name: 'partner.example.net' }, 'drift', 1],
      [{ kind: 'geo', name: 'Global | Web' }, 'drift', 1],
      [{ kind: 'webapp', name: 'shop' }, 'expired', 1],
    ]);
    expect(report.targets.flatMap((t) => t.changes)).toEqual(plan.changes);
    expect(report.failing).toBe(true);
    expect(report.unusedAcks).toEqual([acks[2]]);
    expect(driftHeadline(report)).toBe(
      'Drift: 6 targets differ from the desired state (1 acknowledged, 1 with an expired acknowledgement).',
    );
    const [first] = report.targets;
    if (!first) throw new Error('no targets');
    expect(statusText(first)).toBe('acknowledged until 2026-06-15 by ops: migration');
  });

  it('renders text, value by value, live → desired', () => {
    const { plan } = reviewFixture();
    const text = renderDriftText(driftReport(plan, [ack('geo:nope', '2027-01-01')], NOW));
    expect(text.split('\n').slice(0, 7)).toEqual([
      'Drift: 6 targets differ from the desired state.',
      '  zone:example.com: drift',
      '      example.com MX: live (absent) → desired ttl 3600 10 mail.example.com.',
      '      old.example.com A: live ttl 3600 192.0.2.99 → desired (absent)',
      '      old.example.com TXT: live ttl 3600 "legacy" → desired (absent)',
      '      www.example.com A: live ttl 600 192.0.2.10, 192.0.2.12 → desired ttl 300 192.0.2.10, 192.0.2.11',
      '  zone:example.org: drift',
    ]);
    expect(text).toContain('      bot Googlebot: live enabled → desired disabled\n');
    expect(text).toContain('Unused acknowledgement: geo:nope (no drift there; remove it)\n');
  });

  it('renders JSON: format 2, typed targets, the changes, then the plan', () => {
    const { plan } = reviewFixture();
    const doc = JSON.parse(renderDriftJson(driftReport(plan, [], NOW), plan));
    expect(Object.keys(doc)).toEqual(['formatVersion', 'inSync', 'failing', 'targets', 'unusedAcks', 'plan']);
    expect(doc.formatVersion).toBe(2);
    expect(doc.targets[0].target).toEqual({ kind: 'zone', name: 'example.com' });
    expect(doc.targets[0].changes[0].address).toEqual({
      kind: 'record-set',
      zone: 'example.com',
      fqdn: 'example.com',
      type: 'MX',
    });
    expect(doc.plan.formatVersion).toBe(2);
  });

  it('shows each target’s status in the markdown plan', () => {
    const { plan } = reviewFixture();
    const report = driftReport(plan, [ack('zone:example.com', '2027-01-01')], NOW);
    const markdown = renderPlanMarkdown(plan, {
      title: 'edgeplan drift',
      status: (target) => {
        const found = report.targets.find(
          (t) => t.target.kind === target.kind && t.target.name === target.name,
        );
        return found ? statusText(found) : '';
      },
    });
    expect(markdown).toContain(
      '| `zone:example.com` (serial 41) | 1 | 1 | 2 | 5 | acknowledged until 2027-01-01 by ops: migration |',
    );
    expect(markdown).toContain('| `zone:example.org` (new zone) | 2 | 0 | 0 | 3 | drift |');
  });

  it('is in sync when nothing differs', () => {
    const { plan } = reviewFixture();
    const report = driftReport({ ...plan, changes: [], steps: [] }, [], NOW);
    expect(report).toEqual({ inSync: true, failing: false, targets: [], unusedAcks: [] });
    expect(renderDriftText(report)).toBe('No drift. Live state matches the desired state.\n');
  });
});
