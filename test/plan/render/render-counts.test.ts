import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { approvalsText } from '../../../src/cli/planning/review.js';
import { computePlan, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { oneProviderLive } from '../../support/one-provider.js';
import { statePair } from '../helpers/arbitraries.js';
import { fakeProviders } from '../helpers/fake-providers.js';
import { reviewFixture } from '../helpers/review-fixture.js';

// Time budget: ten times its slowest test (1.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/**
 * The text and the markdown rendering of one plan report the same counts: changes by action in all, targets by
 * kind, and per target its changes by action and its API calls (wherever the text gives them), and the changes
 * needing approval. Each count is parsed from the rendered output, as a reader would read it.
 */

type Counts = { create: number; update: number; delete: number };
interface Reported {
  totals: Counts;
  /** Targets by kind: `zone`, `secondary`, `geo`, `webapp`. */
  kinds: Record<string, number>;
  /** By `kind:name`: changes by action (absent where the text shows none) and API calls (likewise). */
  targets: Record<string, { counts?: Counts; calls?: number }>;
  approvals: number;
}

const SIGN: Record<string, keyof Counts> = { '+': 'create', '~': 'update', '-': 'delete' };
const KIND_WORDS: Record<string, string> = {
  zone: 'zone',
  'secondary zone': 'secondary',
  'geo service': 'geo',
  webapp: 'webapp',
};

function fromText(text: string): Reported {
  const targets: Reported['targets'] = {};
  let section: 'zone' | 'secondary' | 'geo' | 'webapp' | null = null;
  let current: { counts?: Counts; calls?: number } | null = null;
  const count = (target: { counts?: Counts; calls?: number }, sign: string) => {
    const action = SIGN[sign];
    if (!action) throw new Error(`unknown sign ${sign}`);
    target.counts ??= { create: 0, update: 0, delete: 0 };
    target.counts[action] += 1;
  };
  let summary: RegExpMatchArray | null = null;
  let approvals = 0;
  let inApprovals = false;
  for (const line of text.split('\n')) {
    const zone = /^(\S+) \((?:serial \d+|new zone), (\d+) API calls?\)$/.exec(line);
    const webapp = /^webapp (.+) \(\S+, \w+, (\d+) API calls?: at least \d+ WAF requests?\)$/.exec(line);
    if (line.startsWith('Plan: '))
      summary = line.match(/(\d+) to create, (\d+) to update, (\d+) to delete in (.*?)(?: \(|\.$)/);
    else if (line.startsWith('Needs approval')) inApprovals = true;
    else if (inApprovals && line.startsWith('  ')) approvals += 1;
    else if (zone?.[1] && zone[2]) {
      section = 'zone';
      current = { calls: Number(zone[2]) };
      targets[`zone:${zone[1]}`] = current;
    } else if (webapp?.[1] && webapp[2]) {
      section = 'webapp';
      current = { calls: Number(webapp[2]) };
      targets[`webapp:${webapp[1]}`] = current;
    } else if (line === 'Secondary zones') section = 'secondary';
    else if (line === 'Geo services') section = 'geo';
    else if (section === 'zone' && current && /^ {2}[+~-] /.test(line)) count(current, line.charAt(2));
    else if (section === 'secondary' && /^ {2}[+~-] /.test(line)) {
      const target: { counts?: Counts } = {};
      count(target, line.charAt(2));
      targets[`secondary:${line.slice(4).split(' ')[0]}`] = target;
    } else if (section === 'geo') {
      const service = /^ {2}([+~-]) "(.*)" \((\d+) API calls?\)/.exec(line);
      if (service?.[1] && service[3]) {
        const target = { calls: Number(service[3]) };
        count(target, service[1]);
        targets[`geo:${service[2]}`] = target;
      }
    }
  }
  if (!summary) throw new Error(`no summary line in:\n${text}`);
  const kinds: Record<string, number> = {};
  for (const part of (summary[4] ?? '').split(/, | and /)) {
    const [n, ...words] = part.split(' ');
    const kind = KIND_WORDS[words.join(' ').replace(/s$/, '')];
    if (!kind) throw new Error(`unknown kind in "${part}"`);
    kinds[kind] = Number(n);
  }
  return {
    totals: { create: Number(summary[1]), update: Number(summary[2]), delete: Number(summary[3]) },
    kinds,
    targets,
    approvals,
  };
}

function fromMarkdown(markdown: string, text: Reported['targets']): Reported {
  const summary =
    /\*\*(\d+) targets? changes?\*\*: (\d+) to create, (\d+) to update, (\d+) to delete\.(?: (\d+) changes? needs? approval)?/.exec(
      markdown,
    );
  if (!summary) throw new Error(`no summary in:\n${markdown}`);
  const targets: Reported['targets'] = {};
  const kinds: Record<string, number> = {};
  for (const line of markdown.split('\n')) {
    const row = /^\| `((?:[^`\\]|\\.)*)`.*? \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|/.exec(line);
    if (!row?.[1]) continue;
    const target = row[1].replace(/\\\|/g, '|');
    const kind = target.slice(0, target.indexOf(':'));
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const counts = { create: Number(row[2]), update: Number(row[3]), delete: Number(row[4]) };
    // Only what the text shows of the target is compared.
    const shown = text[target];
    targets[target] = {
      ...(shown?.counts ? { counts } : {}),
      ...(shown?.calls !== undefined ? { calls: Number(row[5]) } : {}),
    };
  }
  expect(Number(summary[1])).toBe(Object.values(kinds).reduce((a, b) => a + b, 0));
  return {
    totals: { create: Number(summary[2]), update: Number(summary[3]), delete: Number(summary[4]) },
    kinds,
    targets,
    approvals: Number(summary[5] ?? 0),
  };
}

function expectSameCounts(plan: Plan): void {
  const text = fromText(`${renderPlanText(plan, { color: false })}${approvalsText(plan)}`);
  const markdown = fromMarkdown(renderPlanMarkdown(plan), text.targets);
  expect(markdown).toEqual(text);
}

describe('text and markdown report the same counts', () => {
  it('for a plan of every kind of target, with approvals', () => {
    const { plan } = reviewFixture();
    expectSameCounts(plan);
    // The parse itself is checked on this plan: every target is read from both.
    expect(Object.keys(fromText(renderPlanText(plan, { color: false })).targets)).toHaveLength(6);
  });

  it('for generated plans of zones, secondary zones and geo services (property)', () => {
    fc.assert(
      fc.property(statePair, ({ desired, live }) => {
        const plan = computePlan(desired, oneProviderLive(live), fakeProviders());
        fc.pre(plan.steps.length > 0);
        expectSameCounts(plan);
      }),
      { numRuns: 150 },
    );
  });
});
