import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { applyPlan, type Providers, planReviewed, writersOf } from '../../src/engine/index.js';
import { compareStrings } from '../../src/model/compare.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredZone, DnsProvider } from '../../src/model/dns.js';
import type { ProviderOptions } from '../../src/model/dns-provider-spec.js';
import { relativeName } from '../../src/model/names.js';
import type { DnsCapabilities } from '../../src/model/provider.js';
import { isUnmanaged } from '../../src/model/unmanaged.js';
import type { Plan } from '../../src/plan/types.js';
import type { DnsProviderPlugin } from '../../src/providers/plugin.js';
import { providerLike } from '../support/load-options.js';
import { DYN } from '../support/one-provider.js';
import { type ConformanceGroup, type ConformanceStep, conformanceTable } from './steps.js';

/** One record as the server serves it: `fqdn` normalised (lower case, no trailing dot), `value` canonical. */
export interface ServedRecord {
  fqdn: string;
  type: string;
  ttl: number;
  value: string;
}

/** One DNS query: a name (normalised) and a type. */
export interface Question {
  fqdn: string;
  type: string;
}

/** What the suite needs of one provider for one group; everything provider-specific lives here. */
export interface ConformanceSubject {
  /** A fresh provider under test: the one provider of the desired state, as the loader names it (DYN). */
  provider: DnsProvider;
  /**
   * Every record the SERVER serves in `zone`, read without the provider under test (the server's own state, its
   * API or DNS answers), the service's own SOA and apex NS left out; null when the zone does not exist.
   */
  liveRecords(zone: string): Promise<ServedRecord[] | null>;
  /**
   * Optional: what the server answers over DNS to a query for each name and type (no recursion; only records of
   * the asked name and type). Given, every step also checks that the answers to every name and type desired or
   * served around the step are exactly the desired records: what is published is what the world is served.
   */
  answers?(zone: string, questions: readonly Question[]): Promise<ServedRecord[]>;
  /** API requests the server has answered so far (the suite compares it before and after each apply). */
  requests(): number;
  /** The fewest API requests the provider promises for applying `plan`, as a function of its changes. */
  minimumApplyRequests(plan: Plan): number;
  close(): Promise<void>;
}

export interface ConformanceFactory {
  /**
   * The registered plug-in under test: its capabilities (with `options`, as a `providers:` entry would give them)
   * say which groups run and the per-name limit the table fills up to, and the opened provider must have exactly
   * those. test/conformance/registered.test.ts checks that every registered plug-in is run here.
   */
  plugin: DnsProviderPlugin;
  /** The options of the provider's `providers:` entry the subject's provider is opened like; default none. */
  options?: ProviderOptions;
  /** Where the suite runs it (`emulator`, `pdns_server`): the rest of the suite's name. */
  server: string;
  /** A subject for one group, on a server where the group's zone does not exist yet; closed after the group. */
  open(): Promise<ConformanceSubject>;
  /**
   * Steps the provider is known to fail, `<group>: <step>` → why (DNSControl's `not("PROVIDER")` with its comment).
   * Such a step must fail (`it.fails`): once the gap is closed the suite says so, and the entry must go. The rest of
   * its group is skipped.
   */
  knownGaps?: Readonly<Record<string, string>>;
  /**
   * The provider cannot create zones (RFC 2136): the server already has each group's zone (`conformanceZones`),
   * empty but for its own SOA and apex NS, and the first step plans no zone creation.
   */
  zonesExist?: true;
}

/** The zone of each group the suite runs for `capabilities`, for a server that must have them beforehand. */
export function conformanceZones(capabilities: DnsCapabilities): string[] {
  return conformanceTable(capabilities).groups.map((group, index) => zoneName(index, group.name));
}

/**
 * The conformance suite against one provider: for each group of the table (steps.ts) the provider supports, on a
 * zone of its own, each step is loaded, planned and applied; then the server must serve exactly the desired
 * records (plus what was served at unmanaged names before the step), the apply must have made exactly the
 * provider's minimum of requests, and a new plan must be empty. A failed step skips the rest of its group.
 */
export function describeConformance(factory: ConformanceFactory): void {
  const capabilities = factory.plugin.capabilities(factory.options ?? {});
  const table = conformanceTable(capabilities);
  describe(`${conformanceTitle(factory.plugin)} (${factory.server})`, () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'edgeplan-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('every registered record type has a group', () => {
      expect(table.uncovered).toEqual([]);
    });

    it('every known gap names a step of the table', () => {
      const steps = new Set(table.groups.flatMap((g) => g.steps.map((step) => `${g.name}: ${step.name}`)));
      expect(Object.keys(factory.knownGaps ?? {}).filter((key) => !steps.has(key))).toEqual([]);
    });

    table.groups.forEach((group, index) => {
      const missing = group.requires.filter((type) => !capabilities.recordTypes.includes(type));
      if (missing.length > 0) {
        describe.skip(`${group.name} (the provider lacks ${missing.join(', ')})`, () => {
          it.skip('not run', () => {});
        });
        return;
      }
      describeGroup(group, zoneName(index, group.name), factory, capabilities, () => dir);
    });
  });
}

/** How the suite of a plug-in is titled: what registered.test.ts looks for. */
export function conformanceTitle(plugin: DnsProviderPlugin): string {
  return `provider conformance: ${plugin.type}`;
}

/** A zone per group: `g<index>-<name>.conformance.test` (RFC 2606 reserves `.test`). */
function zoneName(index: number, group: string): string {
  const label = `g${index}-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.replace(/-+$/, '');
  return `${label.slice(0, 63)}.conformance.test`;
}

function describeGroup(
  group: ConformanceGroup,
  zone: string,
  factory: ConformanceFactory,
  capabilities: DnsCapabilities,
  dir: () => string,
): void {
  describe(`${group.name} (${zone})`, () => {
    let subject: ConformanceSubject | undefined;
    let failed = false;
    /**
     * What the server served after the last step (the zone read by the first test, then by each step after its
     * apply): the next step's state before it, since nothing else writes the group's zone.
     */
    let served: ServedRecord[] | null = null;
    beforeAll(async () => {
      subject = await factory.open();
    });
    afterAll(() => subject?.close());

    it('starts on a zone the server does not have, with the capabilities the table was built for', async () => {
      failed = true;
      const opened = requireSubject(subject);
      expect(opened.provider.capabilities).toEqual(capabilities);
      served = await opened.liveRecords(zone);
      expect(served).toEqual(factory.zonesExist ? [] : null);
      failed = false;
    });

    const pendingAt = group.steps.findIndex((step) => step.pending !== undefined);
    group.steps.forEach((step, index) => {
      const title = `${index + 1}. ${step.name}`;
      if (pendingAt >= 0 && index >= pendingAt) {
        it.todo(`${title} (pending: ${group.steps[pendingAt]?.pending})`);
        return;
      }
      const gap = factory.knownGaps?.[`${group.name}: ${step.name}`];
      const test = gap === undefined ? it : it.fails;
      test(gap === undefined ? title : `${title} (known gap: ${gap})`, async (context) => {
        if (failed) context.skip();
        failed = true;
        const file = join(dir(), `${zone}-${index}.yaml`);
        served = await runStep(requireSubject(subject), group, step, zone, file, capabilities, served);
        failed = false;
      });
    });
  });
}

function requireSubject(subject: ConformanceSubject | undefined): ConformanceSubject {
  if (!subject) throw new Error('the conformance factory did not open a subject');
  return subject;
}

async function runStep(
  subject: ConformanceSubject,
  group: ConformanceGroup,
  step: ConformanceStep,
  zone: string,
  file: string,
  capabilities: DnsCapabilities,
  before: ServedRecord[] | null,
): Promise<ServedRecord[] | null> {
  const providers: Providers = { dns: { [DYN]: subject.provider } };
  const body = step.zone.replaceAll('{zone}', zone).replace(/^/gm, '    ');
  await writeFile(file, `zones:\n  ${zone}:\n${body}\n`);
  const loaded = await loadDesiredState([file], providerLike(subject.provider.name, capabilities));
  if (step.refused !== undefined) {
    expect(loaded.ok, 'the step must be refused at load').toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics.map(formatDiagnostic).join('\n')).toContain(step.refused);
    return before;
  }
  if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
  const desired = requireZone(loaded.desired.zones, zone);
  const unrequired = desired.records.filter((set) => !group.requires.includes(set.type));
  expect(
    unrequired.map((set) => set.type),
    "types missing from the group's `requires`",
  ).toEqual([]);

  const plan = await planReviewed(loaded.desired, providers);
  if (step.unchanged) expect(plan.changes).toEqual([]);
  else expect(plan.changes.length, 'the step must change something').toBeGreaterThan(0);
  if (before === null) expect(plan.changes).toContainEqual(expect.objectContaining(createZone(zone)));
  else expect(plan.changes).not.toContainEqual(expect.objectContaining(createZone(zone)));

  const sent = subject.requests();
  const result = await applyPlan(plan, writersOf(providers));
  expect(result.steps.filter((outcome) => outcome.status !== 'applied')).toEqual([]);
  expect(subject.requests() - sent, 'API requests of the apply').toBe(subject.minimumApplyRequests(plan));

  const now = (await subject.liveRecords(zone)) ?? [];
  const served = lines(now);
  expect(served, 'what the server serves').toEqual(expectedLines(desired, before ?? []));
  if (subject.answers) {
    const questions = uniqueQuestions([...desired.records, ...(before ?? []), ...now]);
    const answered = lines(await subject.answers(zone, questions));
    expect(answered, 'what the server answers over DNS').toEqual(expectedLines(desired, before ?? []));
  }
  for (const name of step.keeps ?? []) {
    const kept = lines((before ?? []).filter((record) => relativeName(record.fqdn, zone) === name));
    expect(kept, `${name} was served before the step`).not.toEqual([]);
    expect(served, `${name} is still served`).toEqual(expect.arrayContaining(kept));
  }

  const again = await planReviewed(loaded.desired, providers);
  expect(again.changes, 'a plan right after the apply').toEqual([]);
  expect(again.steps).toEqual([]);
  return now;
}

function createZone(zone: string) {
  return { action: 'create', address: { kind: 'zone', zone, provider: DYN } };
}

function requireZone(zones: readonly DesiredZone[], zone: string): DesiredZone {
  const found = zones.find((z) => z.zone === zone);
  if (!found) throw new Error(`the desired state has no zone ${zone}`);
  return found;
}

/** Each name and type once, sorted. */
function uniqueQuestions(sets: readonly Question[]): Question[] {
  const byKey = new Map(sets.map(({ fqdn, type }) => [`${fqdn} ${type}`, { fqdn, type }]));
  return [...byKey.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([, question]) => question);
}

/** `fqdn TYPE ttl value`, sorted: what a person would compare. */
function lines(records: readonly ServedRecord[]): string[] {
  return records.map((r) => `${r.fqdn} ${r.type} ${r.ttl} ${r.value}`).sort(compareStrings);
}

/** Every desired record, plus what was served before at the zone's unmanaged names (which nothing may touch). */
function expectedLines(desired: DesiredZone, before: readonly ServedRecord[]): string[] {
  const wanted = desired.records.flatMap((set) =>
    set.values.map((value) => ({ fqdn: set.fqdn, type: set.type, ttl: set.ttl, value })),
  );
  const untouched = before.filter((r) =>
    isUnmanaged(
      relativeName(r.fqdn, desired.zone),
      desired.unmanaged.map((entry) => entry.name),
    ),
  );
  return lines([...wanted, ...untouched]);
}
