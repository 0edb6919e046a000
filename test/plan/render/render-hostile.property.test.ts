import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import {
  describeApprovals,
  driftReport,
  renderDriftJson,
  renderDriftMarkdown,
  renderDriftText,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
  renderServedJson,
  renderServedMarkdown,
  renderServedText,
  servedReport,
} from '../../../src/plan/index.js';
import { shownPlan } from '../../../src/plan/shown-plan.js';
import type { Plan } from '../../../src/plan/types.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone } from '../helpers/builders.js';
import { hasControl, hostileText, markdownProblems } from '../helpers/hostile.js';
import { reviewPlan } from '../helpers/review-fixture.js';

// Time budget: property runs over every renderer; its slowest test took 5–6 s on the shared 2-core machine at load 19.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Every name and value a renderer prints from live data is escaped (model/text.ts `printable`, and markdown's
 * `cell` and `code` on top of it): whatever a server or a zone file holds, the text, markdown and JSON of a plan, of
 * drift and of `verify` hold no C0 or C1 control (nor DEL, a bidirectional override or a line separator) but the
 * line breaks the renderer puts; a live string starts no line of its own (as many lines as with plain names), and
 * breaks no markdown table or code span.
 */

/** The live strings of one scenario (each after a prefix: an empty one is no special case); PLAIN: harmless ones. */
interface Live {
  deleted: string;
  value: string;
  leftAlone: string;
  secondary: string;
  master: string;
  geo: string;
  group: string;
  node: string;
  bot: string;
  server: string;
  reason: string;
}

const live: fc.Arbitrary<Live> = fc.record({
  deleted: hostileText,
  value: hostileText,
  leftAlone: hostileText,
  secondary: hostileText,
  master: hostileText,
  geo: hostileText,
  group: hostileText,
  node: hostileText,
  bot: hostileText,
  server: hostileText,
  reason: hostileText,
});

const PLAIN: Live = {
  deleted: 'x',
  value: 'x',
  leftAlone: 'x',
  secondary: 'x',
  master: 'x',
  geo: 'x',
  group: 'x',
  node: 'x',
  bot: 'x',
  server: 'x',
  reason: 'x',
};

const ZONE = 'example.com';
/** The colour codes picocolors writes (ESC [ n m): the text plan's own, taken out before looking for controls. */
const SGR = new RegExp(`${String.fromCharCode(0x1b)}\\[\\d+m`, 'g');
const NOW = Date.parse('2026-01-01T00:00:00Z');

/** A plan that deletes, updates and leaves alone what the live strings name, on every kind of target. */
function scenario(names: Live): Plan {
  const desired: DesiredState = oneProviderDesired({
    zones: [desiredZone(ZONE, { [`www.${ZONE}`]: [['192.0.2.1']] })],
    manage: { secondaryZones: 'all', geoServices: 'all' },
    waf: { webapps: [{ ref: 'shop', at: { file: 'waf.yaml', line: 1, col: 1 }, mode: 'exact', allow: [] }] },
  });
  const state: LiveState = oneProviderLive({
    zones: {
      [ZONE]: {
        zone: ZONE,
        serial: 1,
        serialStyle: 'increment',
        records: [
          {
            fqdn: `d-${names.deleted}.${ZONE}`,
            type: 'A',
            records: [{ value: '192.0.2.9', ttl: 60, ref: '1' }],
          },
          { fqdn: `www.${ZONE}`, type: 'A', records: [{ value: '192.0.2.2', ttl: 60, ref: '2' }] },
          { fqdn: `www.${ZONE}`, type: 'TXT', records: [{ value: `"${names.value}"`, ttl: 60, ref: '3' }] },
        ],
        unsupported: [`l-${names.leftAlone}.${ZONE} SSHFP`],
      },
    },
    secondaryZones: [
      {
        zone: `s-${names.secondary}.example.net`,
        masters: [`m-${names.master}`],
        contactNickname: `c-${names.master}`,
        tsigKeyName: '',
        active: 'Y',
      },
    ],
    geoServices: [
      {
        name: `g-${names.geo}`,
        groups: [
          { name: `gr-${names.group}`, countries: ['DE'], records: [{ type: 'A', values: ['192.0.2.5'] }] },
        ],
        nodes: [{ zone: ZONE, fqdn: `n-${names.node}.${ZONE}` }],
      },
    ],
    waf: {
      webapps: {
        shop: {
          id: 'a'.repeat(32),
          name: 'shop',
          bots: [{ id: 'b'.repeat(32), name: `b-${names.bot}`, enabled: true }],
        },
      },
      accountWebapps: ['shop'],
      readRequests: 1,
      rateLimit: null,
    },
  });
  return reviewPlan(desired, state);
}

function servedOf(names: Live) {
  const expectation = {
    zone: ZONE,
    provider: 'dyn',
    fqdn: `d-${names.deleted}.${ZONE}`,
    type: 'TXT',
    expected: { ttl: 60, values: [`"${names.value}"`] },
  };
  return servedReport(
    [
      {
        expectation,
        answers: [
          { server: `s-${names.server}`, answer: { kind: 'records', ttl: 60, values: [`v-${names.value}`] } },
          { server: 's2', answer: { kind: 'failed', reason: `r-${names.reason}` } },
          { server: 's3', answer: { kind: 'cname', target: `c-${names.node}` } },
          { server: 's4', answer: { kind: 'referral', at: `a-${names.node}` } },
        ],
      },
    ],
    [{ zone: ZONE, fqdn: `l-${names.leftAlone}.${ZONE}`, type: 'ALIAS', why: `w-${names.reason}` }],
    'dyn',
  );
}

/** Every rendering of the scenario, by name. */
function renderings(names: Live): Record<string, string> {
  const plan = scenario(names);
  const drift = driftReport(plan, [], NOW);
  const served = servedOf(names);
  return {
    'text plan': renderPlanText(plan, { color: false }),
    'coloured text plan, colours taken out': renderPlanText(plan, { color: true }).replace(SGR, ''),
    'markdown plan': renderPlanMarkdown(plan),
    approvals: describeApprovals(plan.needsApproval ?? [], plan.implicitProvider),
    'drift text': renderDriftText(drift),
    'drift markdown': renderDriftMarkdown(drift),
    'verify text': renderServedText(served),
    'verify markdown': renderServedMarkdown(served),
    'JSON plan': renderPlanJson(plan),
    'drift JSON': renderDriftJson(drift, plan),
    'verify JSON': renderServedJson(served),
  };
}

describe('live names and values in every rendering', () => {
  it('the scenario holds each live string where the renderers print it', () => {
    const plan = scenario(PLAIN);
    expect(plan.leftAlone).toEqual([{ zone: ZONE, provider: 'dyn', records: [`l-x.${ZONE} SSHFP`] }]);
    const kinds = plan.changes.map((change) => `${change.action} ${change.address.kind}`).sort();
    expect(kinds).toEqual([
      'delete geo',
      'delete record-set',
      'delete record-set',
      'delete secondary',
      'update record-set',
      'update webapp',
    ]);
    expect((plan.needsApproval ?? []).length).toBeGreaterThan(0);
  });

  it('hold no control character but the line breaks the renderer puts, and start no line', () => {
    fc.assert(
      fc.property(live, (names) => {
        const hostile = renderings(names);
        const benign = renderings(PLAIN);
        for (const [name, text] of Object.entries(hostile)) {
          expect(hasControl(text), `${name}:\n${text}`).toBe(false);
          expect(text.split('\n').length, `${name}:\n${text}`).toBe(benign[name]?.split('\n').length);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('break no markdown table or code span', () => {
    fc.assert(
      fc.property(live, (names) => {
        const all = renderings(names);
        for (const name of ['markdown plan', 'drift markdown', 'verify markdown'])
          expect(markdownProblems(all[name] ?? ''), name).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('the markdown check finds a split cell and an open code span, and takes escaped pipes and code as they are', () => {
    const table = '| a | b |\n|---|---|\n';
    expect(markdownProblems(`${table}| x | y \\| z |\n| \`a\\\` | \\\` |`)).toEqual([]);
    expect(markdownProblems(`${table}| x | y | z |`)).toHaveLength(1);
    expect(markdownProblems('- `open and \\` shut ` here')).toHaveLength(1);
  });

  it('JSON keeps every live string as it is, escaped only in its text', () => {
    fc.assert(
      fc.property(live, (names) => {
        const plan = scenario(names);
        expect(JSON.parse(renderPlanJson(plan)).leftAlone).toEqual(shownPlan(plan).leftAlone);
      }),
      { numRuns: 50 },
    );
  });
});
