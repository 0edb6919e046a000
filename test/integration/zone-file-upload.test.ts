import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import type { RecordSet } from '../../src/model/record-set.js';
import { quoteChunks } from '../../src/model/record-types/character-strings.js';
import { RECORD_TYPES } from '../../src/model/record-types/index.js';
import { DYN_CAPABILITIES } from '../../src/providers/dyn/capabilities.js';
import { NOT_AT_DYN, requireDynFixture } from '../fixtures/record-types/fixtures.js';
import { DYN, oneProviderDesired } from '../support/one-provider.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (1.5 s at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

let sandbox: Sandbox;
afterEach(async () => sandbox?.close());

const ZONE = 'new.test';

/** One set of every type the provider writes, with every canonical value of its fixture, where the type may stand. */
function everyType(): RecordSet[] {
  return RECORD_TYPES.filter((type) => !NOT_AT_DYN.has(type.type))
    .map((type): RecordSet => {
      const values = [...new Set(requireDynFixture(type).both.map((both) => both.value))].filter(
        (value) => DYN_CAPABILITIES.valueProblem?.(type.type, value) == null,
      );
      const fqdn = type.rules?.apex === 'only' ? ZONE : `${type.key}.${ZONE}`;
      return { fqdn, type: type.type, ttl: 120, values: type.single ? values.slice(0, 1) : values };
    })
    .sort((a, b) => (a.fqdn < b.fqdn ? -1 : a.fqdn > b.fqdn ? 1 : 0));
}

function desired(records: RecordSet[]): DesiredState {
  return oneProviderDesired({ zones: [{ zone: ZONE, defaultTtl: 300, records, unmanaged: [] }] });
}

describe('a new zone is one zone-file upload', () => {
  it('every type goes through the file (ALIAS beside it), published, and a new plan is empty', async () => {
    sandbox = await startSandbox();
    const providers = { dns: { [DYN]: sandbox.provider() } };
    const state = desired(everyType());
    const plan = await planLive(state, providers);
    const [step] = plan.steps;
    expect(step?.ops.map((op) => op.kind)).toEqual(['create-zone-from-file', 'add-record', 'publish']);

    sandbox.emulator.requestLog.clear();
    const result = await applyPlan(plan, writersOf(providers));
    expect(result.ok).toBe(true);
    // The upload is not read back and no serial is read before the publish of a zone this run created: the plan
    // after the apply reads the zone and finds every record as desired.
    expect(sandbox.emulator.requestLog.entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      `POST /REST/ZoneFile/${ZONE}/ 200`,
      `POST /REST/ALIASRecord/${ZONE}/${ZONE}/ 200`,
      `PUT /REST/Zone/${ZONE}/ 200`,
    ]);
    const again = await planLive(state, { dns: { [DYN]: sandbox.provider() } });
    expect(again.steps).toEqual([]);
  });

  it('a plan that only creates zones reads no geo-service list: a service links nodes of existing zones only', async () => {
    sandbox = await startSandbox({ dns: { zones: { 'old.test': { records: [] } } } });
    const reads = async (state: DesiredState) => {
      sandbox.emulator.requestLog.clear();
      await planLive(state, { dns: { [DYN]: sandbox.provider() } });
      return sandbox.emulator.requestLog.entries.map((e) => `${e.method} ${e.path}`);
    };
    const www = (zone: string): RecordSet => ({
      fqdn: `www.${zone}`,
      type: 'A',
      ttl: 60,
      values: ['192.0.2.1'],
    });
    expect(await reads(desired([www(ZONE)]))).toEqual(['POST /REST/Session/', 'GET /REST/Zone/']);
    const existing: DesiredState = oneProviderDesired({
      zones: [{ zone: 'old.test', defaultTtl: 300, records: [www('old.test')], unmanaged: [] }],
    });
    expect(await reads(existing)).toEqual([
      'POST /REST/Session/',
      'GET /REST/Zone/',
      'GET /REST/AllRecord/old.test/',
      'GET /REST/Geo/',
    ]);
  });

  it('a zone over the size limit is uploaded in as few files as fit, the plan after them verifying all', async () => {
    sandbox = await startSandbox();
    // 300 sets of 4,000 characters each: over 1 MB of master file in few records (the cost grows with records).
    const dkim = (i: number) => quoteChunks(`v=DKIM1; k=rsa; p=${String(i).padStart(8, '0').repeat(498)}`);
    const records: RecordSet[] = Array.from({ length: 300 }, (_, i) => ({
      fqdn: `sel${String(i).padStart(5, '0')}._domainkey.${ZONE}`,
      type: 'TXT',
      ttl: 300,
      values: [dkim(i)],
    }));
    const providers = { dns: { [DYN]: sandbox.provider() } };
    const plan = await planLive(desired(records), providers);
    const kinds = plan.steps[0]?.ops.map((op) => op.kind);
    expect(kinds).toEqual(['create-zone-from-file', 'add-zone-file', 'publish']);
    sandbox.emulator.requestLog.clear();
    const result = await applyPlan(plan, writersOf(providers));
    expect(result.steps.map((s) => (s.status === 'failed' ? s.error : s.status))).toEqual(['applied']);
    expect(sandbox.emulator.requestLog.entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      `POST /REST/ZoneFile/${ZONE}/`,
      `PUT /REST/ZoneFile/${ZONE}/`,
      `PUT /REST/Zone/${ZONE}/`,
    ]);
    expect((await planLive(desired(records), { dns: { [DYN]: sandbox.provider() } })).steps).toEqual([]);
  });
});
