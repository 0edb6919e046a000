/**
 * CDS and CDNSKEY (RFC 7344) through RFC 2136, on real servers. Measured on BIND 9.18: an UPDATE that adds a CDS
 * or CDNSKEY whose algorithm no DNSKEY at the apex has is REFUSED, as is the delete form (RFC 8078 §4) beside
 * another value; Knot 3.2 takes both (an unsigned zone, no signing configured). The server keeps the DNSKEY set
 * (its signing keys; here written in the zone file it starts from), which the reader sees as foreign records: the
 * plan checks a CDS it writes against it (plan/diff/key-match-checks.ts), so a plan that BIND would refuse is
 * refused before anything is sent, and one it takes converges and is served as written.
 */
import { expect, it, vi } from 'vitest';
import { applyPlan, writersOf } from '../../../src/engine/index.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import { PlanProblemsError } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { DYN } from '../../support/one-provider.js';
import { ask } from '../pdns/dig.js';
import { describeOnServers, serverWithProvider, zonePlanner } from './real-servers.js';
import type { ServerKind } from './servers.js';

// Time budget: ten times its slowest test under load, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const KEY13 =
  '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';
const CDS13 =
  '{ key_tag: 37157, algorithm: 13, digest_type: 2, digest: a331027f0d2e507e1960032a580753456a2c9bbaecb8856ca5aecc57174388f1 }';
const CDS8 =
  '{ key_tag: 60485, algorithm: 8, digest_type: 1, digest: 2bb183af5f22588179a53b0a98631fad1a292118 }';

/** The zone file a server starts from: its SOA, an apex NS out of the zone and, in `keyed`, one DNSKEY (algorithm 13). */
function zoneText(zone: string, keyed: boolean): string {
  return [
    '$TTL 300',
    `${zone}. 300 IN SOA ns1.example.net. hostmaster.${zone}. 1 3600 600 86400 300`,
    `${zone}. 300 IN NS ns1.example.net.`,
    ...(keyed ? [`${zone}. 300 IN DNSKEY ${KEY13}`] : []),
    '',
  ].join('\n');
}

const planZone = zonePlanner('cds');
/** A plan of `zone` whose records are `records` (YAML lines under `records:`). */
const planOf = (dns: DnsProvider, zone: string, records: string) =>
  planZone(dns, zone, `    records:\n${records}`);

async function refusal(plan: Promise<Plan>): Promise<string> {
  const error = await plan.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PlanProblemsError)) throw new Error('the plan was not refused');
  return error.message;
}

function describeCds(kind: ServerKind): void {
  const real = serverWithProvider(kind, [
    { zone: 'keyed.test', text: zoneText('keyed.test', true) },
    { zone: 'bare.test', text: zoneText('bare.test', false) },
  ]);

  it('writes a CDS and a CDNSKEY of the live key’s algorithm, served as written; the next plan is empty', async () => {
    const { server, dns } = real;
    const records = `      "@": { cds: [${CDS13}], cdnskey: [{ flags: 257, protocol: 3, algorithm: 13, public_key: ${KEY13.split(' ')[3]} }] }\n`;
    const plan = await planOf(dns, 'keyed.test', records);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    const served = await ask(server.port, [
      { fqdn: 'keyed.test', type: 'CDS' },
      { fqdn: 'keyed.test', type: 'CDNSKEY' },
    ]);
    expect(served.map((record) => `${record.type} ${record.value}`).sort()).toEqual([
      `CDNSKEY ${KEY13}`,
      'CDS 37157 13 2 a331027f0d2e507e1960032a580753456a2c9bbaecb8856ca5aecc57174388f1',
    ]);
    expect((await planOf(dns, 'keyed.test', records)).changes).toEqual([]);
  });

  it('refuses at plan a CDS whose algorithm no live DNSKEY has, which BIND would refuse at apply', async () => {
    const { dns } = real;
    expect(await refusal(planOf(dns, 'keyed.test', `      "@": { cds: [${CDS13}, ${CDS8}] }\n`))).toContain(
      'EP1699 keyed.test CDS: "60485 8 1 2bb183af5f22588179a53b0a98631fad1a292118" needs a DNSKEY of its algorithm',
    );
    expect(await refusal(planOf(dns, 'bare.test', `      "@": { cds: [${CDS13}] }\n`))).toContain(
      'and DNSKEY records at the name: none will be live',
    );
  });

  it('writes the delete forms (RFC 8078 §4) to a zone without keys, served as written', async () => {
    const { server, dns } = real;
    const records =
      '      "@": { cds: [{ key_tag: 0, algorithm: 0, digest_type: 0, digest: "00" }], ' +
      'cdnskey: [{ flags: 0, protocol: 3, algorithm: 0, public_key: AA== }] }\n';
    const result = await applyPlan(
      await planOf(dns, 'bare.test', records),
      writersOf({ dns: { [DYN]: dns } }),
    );
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    const served = await ask(server.port, [
      { fqdn: 'bare.test', type: 'CDS' },
      { fqdn: 'bare.test', type: 'CDNSKEY' },
    ]);
    expect(served.map((record) => `${record.type} ${record.value}`).sort()).toEqual([
      'CDNSKEY 0 3 0 AA==',
      'CDS 0 0 0 00',
    ]);
  });
}

describeOnServers('CDS and CDNSKEY by RFC 2136', describeCds);
