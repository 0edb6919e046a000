import { describe, expect, it } from 'vitest';
import {
  driftReport,
  type Plan,
  parsePlanFile,
  renderDriftJson,
  renderPlanJson,
  savedPlanDifferences,
} from '../../../src/plan/index.js';
import { readUnicodeNames, withUnicodeNames } from '../../../src/plan/review/unicode-names.js';
import { shownPlan } from '../../../src/plan/shown-plan.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { FAKE_OP_SCHEMAS } from '../helpers/fake-providers.js';
import { refusalProblems } from '../helpers/refusal-problems.js';
import { reviewPlan } from '../helpers/review-fixture.js';

/**
 * The JSON plan shows a name with A-labels (RFC 5890 §2.3.2.1) in Unicode beside it (`zoneUnicode`, `fqdnUnicode`),
 * added within format version 2: files of the previous build, which have none, still apply; a file whose Unicode
 * form is not its name's is refused, so a reviewer never reads one name while another is changed.
 */
const ZONE = 'xn--bcher-kva.example';

function idnPlan(): Plan {
  return reviewPlan(
    oneProviderDesired({
      zones: [
        desiredZone(ZONE, { [`www.${ZONE}`]: [['192.0.2.1']], [`shop.example.${ZONE}`]: [['192.0.2.2']] }),
      ],
    }),
    oneProviderLive({ zones: { [ZONE]: liveZone(ZONE, 7, {}) } }),
  );
}

type Json = { zones: Record<string, unknown>[]; changes: { address: Record<string, unknown> }[] };

const json = (plan: Plan): Json => JSON.parse(renderPlanJson(plan));
const read = (doc: unknown) => parsePlanFile(JSON.stringify(doc), 'plan.json', FAKE_OP_SCHEMAS);

describe('Unicode forms in the JSON plan', () => {
  it('shows the Unicode form beside each zone and name with A-labels, after the name it is of', () => {
    const doc = json(idnPlan());
    expect(doc.zones[0]).toEqual({ zone: ZONE, zoneUnicode: 'bücher.example', serial: 7 });
    expect(doc.changes.map((c) => c.address)).toEqual([
      {
        kind: 'record-set',
        zone: ZONE,
        zoneUnicode: 'bücher.example',
        fqdn: `shop.example.${ZONE}`,
        fqdnUnicode: 'shop.example.bücher.example',
        type: 'A',
      },
      {
        kind: 'record-set',
        zone: ZONE,
        zoneUnicode: 'bücher.example',
        fqdn: `www.${ZONE}`,
        fqdnUnicode: 'www.bücher.example',
        type: 'A',
      },
    ]);
    expect(Object.keys(doc.changes[0]?.address ?? {})).toEqual([
      'kind',
      'zone',
      'zoneUnicode',
      'fqdn',
      'fqdnUnicode',
      'type',
    ]);
  });

  it('shows none for a name without A-labels', () => {
    const plan = reviewPlan(
      oneProviderDesired({ zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.1']] })] }),
      oneProviderLive({ zones: { 'example.com': liveZone('example.com', 1, {}) } }),
    );
    expect(renderPlanJson(plan)).not.toContain('Unicode');
  });

  it('reads back as the plan it was written from, and so does a file of the previous build without them', () => {
    const plan = idnPlan();
    expect(savedPlanDifferences(read(json(plan)), plan)).toEqual([]);
    const previous = json(plan);
    for (const zone of previous.zones) delete zone.zoneUnicode;
    for (const { address } of previous.changes) {
      delete address.zoneUnicode;
      delete address.fqdnUnicode;
    }
    expect(savedPlanDifferences(read(previous), plan)).toEqual([]);
  });

  it('refuses a file whose Unicode form is not its name’s, or that gives one to a name without A-labels', () => {
    const doc = json(idnPlan());
    const [first, second] = doc.changes;
    if (!first || !second) throw new Error('fixture');
    first.address.fqdnUnicode = 'shop.example.bank.example';
    second.address.fqdn = 'www.example.com';
    expect(refusalProblems(() => read(doc))).toEqual([
      'changes.0.address.fqdnUnicode: "shop.example.bank.example" is not the Unicode form of "shop.example.xn--bcher-kva.example" ("shop.example.bücher.example")',
      'changes.1.address.fqdnUnicode: "www.bücher.example" is not the Unicode form of "www.example.com" (it has none)',
    ]);
  });

  it('adds no key for a name without A-labels, and leaves every other key as it is', () => {
    const plan = withUnicodeNames(shownPlan(idnPlan()) as Plan) as Json;
    expect(plan.zones[0]).toEqual({ zone: ZONE, zoneUnicode: 'bücher.example', serial: 7 });
    const ascii = reviewPlan(
      oneProviderDesired({ zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.1']] })] }),
      oneProviderLive({ zones: { 'example.com': liveZone('example.com', 1, {}) } }),
    );
    const shown = withUnicodeNames(shownPlan(ascii) as Plan) as Json;
    expect(Object.keys(shown.zones[0] ?? {})).toEqual(['zone', 'serial']);
    expect(Object.keys(shown.changes[0]?.address ?? {})).toEqual(['kind', 'zone', 'fqdn', 'type']);
  });

  it('reads a zones entry’s form as a change’s, and leaves shapes it does not know to the comparison', () => {
    const problems: string[] = [];
    const doc = {
      zones: [{ zone: ZONE, zoneUnicode: 'bank.example', serial: 1 }, null, [1]],
      changes: [1, null, [2], { address: 2 }, { address: [3] }, { address: { fqdn: 5, fqdnUnicode: 'x' } }],
      other: { fqdnUnicode: 'kept' },
    };
    expect(readUnicodeNames(doc, problems)).toEqual({
      zones: [{ zone: ZONE, serial: 1 }, null, [1]],
      changes: [1, null, [2], { address: 2 }, { address: [3] }, { address: { fqdn: 5 } }],
      other: { fqdnUnicode: 'kept' },
    });
    expect(problems).toEqual([
      'zones.0.zoneUnicode: "bank.example" is not the Unicode form of "xn--bcher-kva.example" ("bücher.example")',
      'changes.5.address.fqdnUnicode: "x" is not the Unicode form of 5 (it has none)',
    ]);
  });

  it('shows the forms in the drift JSON’s changes as in its plan', () => {
    const plan = idnPlan();
    const doc = JSON.parse(renderDriftJson(driftReport(plan, [], Date.UTC(2026, 0, 1)), plan));
    const address = doc.targets[0].changes[0].address;
    expect(address).toEqual({
      kind: 'record-set',
      zone: ZONE,
      zoneUnicode: 'bücher.example',
      fqdn: `shop.example.${ZONE}`,
      fqdnUnicode: 'shop.example.bücher.example',
      type: 'A',
    });
    expect(doc.plan.changes[0].address).toEqual(address);
  });
});
