/**
 * The CLI bench's goals (cli.ts): per scenario the budget it is held to (CPU seconds, peak RSS, requests) and
 * octoDNS's figures on the same scenario (measured once side by side, on the same servers: the figures to beat;
 * the bench does not run octoDNS), and the figures per record and per request the scenarios imply, each with its
 * budget. `verdict` says whether a measured row meets its goal, and if not, which figure missed.
 */
import type { Row } from './cli-process.js';

export interface Budget {
  /** CPU seconds (user + sys) of the whole CLI process, at most. */
  cpu?: number;
  /** Peak RSS in MB, at most. */
  rssMb?: number;
  /** Requests the service answered, at most (every run's count). */
  requests?: number;
}

export interface Goal extends Budget {
  /** The scenario names it applies to start with this. */
  scenario: string;
  /**
   * octoDNS's CPU seconds and peak RSS MB on the same scenario; edgeplan must stay below both. `estimated`: not
   * measured, interpolated between octoDNS's 1,000- and 100,000-record figures (it grows about linearly).
   */
  octodns?: { cpu: number; rssMb?: number; estimated?: true };
}

/** The scenario of an empty Node process (`node -e 0`, cli.ts): the floor under every peak RSS. */
export const EMPTY_NODE = 'an empty Node process (`node -e 0`)';
/** How far above an empty Node process a no-op plan of 1,000 records may peak, MB. */
export const ABOVE_EMPTY_NODE_MB = 12;
/** The sizes whose peak RSS is printed beside octoDNS's. */
const RSS_SIZES = ['1,000', '10,000', '100,000'];

export const GOALS: readonly Goal[] = [
  { scenario: '`--version`', cpu: 0.25 },
  { scenario: '`validate` of a small file', cpu: 0.25 },
  { scenario: 'Dyn no-op plan, 1,000 records', cpu: 0.6, rssMb: 70, octodns: { cpu: 0.78, rssMb: 37 } },
  { scenario: 'Dyn no-op plan, 10,000 records', octodns: { cpu: 5, rssMb: 85, estimated: true } },
  { scenario: 'Dyn no-op plan, 100,000 records', octodns: { cpu: 45.5, rssMb: 562 } },
  { scenario: 'Dyn update 100 of 1,000 records', octodns: { cpu: 0.95 } },
  { scenario: 'Dyn new zone of 1,000 records', requests: 7 },
  // Per zone an upload, a publish and one read for the check after the apply (300), plus the run's login, the
  // plan's zone list (one request says which of the 100 zones exist: reading each would be 100) and the logout,
  // which ends the session token at once instead of leaving it valid until it expires (a security property, kept).
  { scenario: 'Dyn 100 new zones', requests: 303 },
  { scenario: 'PowerDNS no-op plan, 1,000 records', cpu: 0.6, rssMb: 70, octodns: { cpu: 0.83, rssMb: 38 } },
  { scenario: 'PowerDNS no-op plan, 10,000 records', octodns: { cpu: 5, rssMb: 85, estimated: true } },
  { scenario: 'PowerDNS no-op plan, 100,000 records', octodns: { cpu: 45.5, rssMb: 562 } },
  { scenario: 'PowerDNS new zone of 1,000 records', requests: 7 },
  // Floor 101 (a POST per zone, the zone list) plus one read per zone for the check.
  { scenario: 'PowerDNS 100 new zones', requests: 201 },
  // One parse to plan; an apply parses the file twice (the change read back; its plan's and its check's taken).
  { scenario: 'zone file no-op plan, ', requests: 1 },
  { scenario: 'zone file update 10 % of 20,000 ', requests: 2 },
  // octoDNS peaks at 624 MB on the same update of a 100,000-record zone file.
  { scenario: 'zone file update 10 % of 100,000 ', requests: 2, rssMb: 624 },
];

export function goalOf(name: string): Goal | undefined {
  return GOALS.find((goal) => name.startsWith(goal.scenario));
}

/** The goal in words: `≤ 0.6 s CPU, ≤ 70 MB; octoDNS 0.78 s / 37 MB`, or '' when the scenario has none. */
export function goalText(goal: Goal | undefined): string {
  if (!goal) return '';
  const parts = budgetParts(goal);
  if (goal.octodns) {
    const about = goal.octodns.estimated ? '≈ ' : '';
    const rss = goal.octodns.rssMb === undefined ? '' : ` / ${about}${goal.octodns.rssMb} MB`;
    parts.push(
      `below octoDNS ${about}${goal.octodns.cpu} s${rss}${goal.octodns.estimated ? ' (estimated)' : ''}`,
    );
  }
  return parts.join(', ');
}

function budgetParts(budget: Budget): string[] {
  const parts: string[] = [];
  if (budget.cpu !== undefined) parts.push(`≤ ${budget.cpu} s CPU`);
  if (budget.rssMb !== undefined) parts.push(`≤ ${budget.rssMb} MB`);
  if (budget.requests !== undefined) parts.push(`≤ ${budget.requests} requests`);
  return parts;
}

/** The highest of a row's request counts (`7` or `7 / 8` when the runs differ). */
function mostRequests(row: Row): number | undefined {
  if (!row.requests) return undefined;
  return Math.max(...row.requests.split(' / ').map((count) => Number.parseInt(count, 10)));
}

/** `yes`, `no (CPU 0.71 s, RSS 120 MB)` naming each figure that missed, or '' when the row has no goal. */
export function verdict(row: Row, goal: Goal | undefined): string {
  if (!goal) return '';
  const missed: string[] = [];
  const cpuLimit = Math.min(goal.cpu ?? Infinity, goal.octodns?.cpu ?? Infinity);
  const rssLimit = Math.min(goal.rssMb ?? Infinity, goal.octodns?.rssMb ?? Infinity);
  if (row.cpu > cpuLimit) missed.push(`CPU ${row.cpu.toFixed(2)} s`);
  if (row.rssMb > rssLimit) missed.push(`RSS ${Math.round(row.rssMb)} MB`);
  const requests = mostRequests(row);
  if (goal.requests !== undefined && (requests === undefined || requests > goal.requests))
    missed.push(`${requests ?? 'no'} requests`);
  return missed.length === 0 ? 'yes' : `no (${missed.join(', ')})`;
}

export interface Derived {
  what: string;
  value: number;
  unit: string;
  /** At most this, in `unit`; none for a figure shown beside another that holds the goal. */
  goal?: number;
}

/** The figures per record and per request that pairs of rows imply, each beside its goal. */
export function derivedFigures(rows: readonly Row[]): Derived[] {
  const row = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
  const figures: Derived[] = [];
  const small = row('`validate` of a small');
  const loaded = row('`validate` of 100,000');
  if (small && loaded)
    figures.push({
      what: 'CPU per record loaded (validate, small file → 100,000 records)',
      value: ((loaded.cpu - small.cpu) * 1000) / 100_000,
      unit: 'ms',
      goal: 0.05,
    });
  const empty = row(EMPTY_NODE);
  for (const provider of ['Dyn', 'PowerDNS']) {
    const from = row(`${provider} no-op plan, 1,000 `);
    if (from && empty)
      figures.push({
        what: `peak RSS above an empty Node process (${provider} no-op plan, 1,000 records)`,
        value: from.rssMb - empty.rssMb,
        unit: 'MB',
        goal: ABOVE_EMPTY_NODE_MB,
      });
    const to = row(`${provider} no-op plan, 100,000 `);
    if (!from || !to) continue;
    figures.push({
      what: `peak RSS per record (${provider} no-op plan, 1,000 → 100,000 records)`,
      value: ((to.rssMb - from.rssMb) * 1024) / 99_000,
      unit: 'KB',
      goal: 4,
    });
  }
  for (const size of ['20,000', '100,000']) {
    const plan = row(`zone file no-op plan, ${size} `);
    const apply = row(`zone file update 10 % of ${size} `);
    if (!plan || !apply) continue;
    figures.push(
      { what: `zone file apply ÷ its plan, CPU (${size} records)`, value: apply.cpu / plan.cpu, unit: '×' },
      {
        what: `zone file apply ÷ its plan, peak RSS (${size} records)`,
        value: apply.rssMb / plan.rssMb,
        unit: '×',
      },
    );
  }
  const client = row('Dyn client, ');
  const clientRequests = client && mostRequests(client);
  if (client && clientRequests)
    figures.push({
      what: "CPU per request (the client's own: GETs through the real Dyn client, in its process)",
      value: (client.cpu * 1000) / clientRequests,
      unit: 'ms',
      goal: 1,
    });
  const floor = row("Node's `http` alone");
  const floorRequests = floor && mostRequests(floor);
  if (floor && floorRequests)
    figures.push({
      what: "CPU per request of Node's `http` alone (the same GETs: the floor under the client)",
      value: (floor.cpu * 1000) / floorRequests,
      unit: 'ms',
    });
  const many = row('Dyn 100 new zones');
  const requests = many && mostRequests(many);
  if (many && small && requests)
    figures.push({
      what: 'CPU per request of a whole apply (Dyn 100 new zones less a small validate: its plan, diff and report too)',
      value: ((many.cpu - small.cpu) * 1000) / requests,
      unit: 'ms',
    });
  return figures;
}

/**
 * Peak RSS of the no-op plans at 1,000, 10,000 and 100,000 records beside octoDNS's (its measured figures, or its
 * estimate marked ≈) and an empty Node process's: a Markdown table, no lines when no such plan was measured.
 */
export function rssBesideOctodns(rows: readonly Row[]): string[] {
  const mb = (r: Row | undefined) => (r === undefined ? '' : String(Math.round(r.rssMb)));
  const empty = mb(rows.find((r) => r.name === EMPTY_NODE));
  const lines = RSS_SIZES.flatMap((size) => {
    const dyn = rows.find((r) => r.name.startsWith(`Dyn no-op plan, ${size} `));
    const pdns = rows.find((r) => r.name.startsWith(`PowerDNS no-op plan, ${size} `));
    if (!dyn && !pdns) return [];
    const octodns = goalOf(`Dyn no-op plan, ${size} records`)?.octodns;
    const theirs = octodns?.rssMb === undefined ? '' : `${octodns.estimated ? '≈ ' : ''}${octodns.rssMb}`;
    return [`| ${size} | ${mb(dyn)} | ${mb(pdns)} | ${theirs} | ${empty} |`];
  });
  if (lines.length === 0) return [];
  return [
    '| no-op plan of | Dyn: peak RSS MB | PowerDNS: peak RSS MB | octoDNS MB | empty Node MB |',
    '|---|---|---|---|---|',
    ...lines,
  ];
}
