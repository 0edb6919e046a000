import { describe, expect, it, vi } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import {
  MARKDOWN_LIMIT,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { reviewFixture, reviewPlan } from '../helpers/review-fixture.js';

// Time budget: ten times its slowest test (1.0 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

describe('renderPlanMarkdown', () => {
  it('renders the golden plan: table per target, value-level changes, destructive deletes, approvals', async () => {
    const { plan } = reviewFixture();
    const markdown = renderPlanMarkdown(plan);
    await expect(markdown).toMatchFileSnapshot('golden/plan.md');
    expect(markdown).toContain('| `zone:example.com` (serial 41) | 1 | 1 | 2 | ');
    expect(markdown).toContain('| ⚠️ **delete** | old.example.com A | ttl 3600 192.0.2.99 |  |');
    expect(markdown).toContain('| create | example.com MX |  | ttl 3600 10 mail.example.com. |');
    expect(markdown).toContain('| create | group Europe |  | countries DE, FR; A 192.0.2.50 |');
    // A pipe in a name cannot break the table.
    expect(markdown).toContain('`geo:Global \\| Web`');
    expect(markdown).toContain(
      '- `secondary:legacy.example.net`: deletes the secondary zone legacy.example.net',
    );
    expect(markdown).toContain('- `webapp:shop`: disables every good bot of webapp shop');
    expect(renderPlanMarkdown(plan)).toBe(markdown);
  });

  it('renders the golden JSON plan with fingerprints and approvals in a fixed key order', async () => {
    await expect(renderPlanJson(reviewFixture().plan)).toMatchFileSnapshot('golden/plan.json');
  });

  it('counts what the text plan counts', () => {
    const { plan } = reviewFixture();
    const text = renderPlanText(plan, { color: false });
    const counts = (line: string | undefined) =>
      line?.match(/(\d+) to create, (\d+) to update, (\d+) to delete/)?.slice(1);
    const textCounts = counts(text.split('\n').find((line) => line.startsWith('Plan: ')));
    expect(textCounts).toEqual(counts(renderPlanMarkdown(plan)));
    expect(textCounts).toEqual([plan.summary.create, plan.summary.update, plan.summary.delete].map(String));
  });

  it('says there are no changes', () => {
    const desired: DesiredState = oneProviderDesired({ zones: [desiredZone('example.com', {})] });
    const live = { zones: { 'example.com': liveZone('example.com', 1, {}) } };
    const plan = reviewPlan(desired, oneProviderLive(live));
    expect(renderPlanMarkdown(plan)).toBe(
      '## edgeplan plan\n\nNo changes. Live state matches the desired state.\n',
    );
  });

  it('never exceeds 60,000 characters on a plan of thousands of changes, and says what it left out', () => {
    const zones = 40;
    const perZone = 150;
    const desired: DesiredState = oneProviderDesired({ zones: [] });
    const live: { zones: Record<string, ReturnType<typeof liveZone>> } = { zones: {} };
    for (let z = 0; z < zones; z++) {
      const zone = `zone${z}.example`;
      const records: Record<string, [string[], number?]> = {};
      const nodes: Record<string, [number, string, number][]> = {};
      for (let r = 0; r < perZone; r++) {
        records[`host${r}.${zone}`] = [[`192.0.2.${(r % 250) + 1}`]];
        nodes[`old${r}.${zone}`] = [[z * 1000 + r + 1, '198.51.100.1', 3600]];
      }
      desired.zones.push(desiredZone(zone, records));
      live.zones[zone] = liveZone(zone, 1, nodes);
    }
    const plan = reviewPlan(desired, oneProviderLive(live));
    const markdown = renderPlanMarkdown(plan);
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(markdown.length).toBeGreaterThan(MARKDOWN_LIMIT * 0.8);
    expect(markdown).toContain(
      `**${zones} targets change**: ${zones * perZone} to create, 0 to update, ${zones * perZone} to delete.`,
    );
    expect(markdown).toMatch(/> \*\*Not everything is shown:\*\* .* \d+ changes \(\d+ whole targets\)/);
    expect(markdown).toContain('`edgeplan plan --format json`');
    expect(markdown).toContain('<details><summary><code>zone:zone0.example</code>');
    // Every zone is marked: deleting 100 % of 150 managed sets (while creating others) needs approval.
    expect(plan.needsApproval?.map((a) => a.rule)).toEqual(Array(zones).fill('zone-delete-share'));
    expect(renderPlanMarkdown(plan)).toBe(markdown);
  });
});
