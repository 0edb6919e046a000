/**
 * A type by its number (RFC 3597) on a real PowerDNS: applied as `TYPE65280` with the generic form `\# 3 010203`,
 * served as written (asked with dig), planned empty after apply; a live one the desired state does not declare is a
 * managed set (deleted under the default `manage: all`); import writes it as `type65280` and its files plan empty.
 * 65280 is private use (RFC 6895 §3.1).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { describeFlow, type ProviderFlow } from '../support/provider-flow.js';

// Time budget: ten times its one test (about 3 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 40_000, hookTimeout: 30_000 });

const ZONE = 'generic.example';
const zone = (records: string) => `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${records}`;
const FIRST = '      old: { type65280: ["\\\\# 2 abcd"], ttl: 300 }\n';
const SECOND = '      x: { type65280: ["\\\\# 3 01 02 03", "\\\\# 0"], ttl: 300 }\n';

async function served(flow: ProviderFlow): Promise<string[]> {
  const answers = await flow.ask(ZONE, [
    { fqdn: `x.${ZONE}`, type: 'TYPE65280' },
    { fqdn: `old.${ZONE}`, type: 'TYPE65280' },
  ]);
  return answers.map((answer) => `${answer.fqdn} ${answer.value}`).sort();
}

describeFlow('pdns', 'a type by number on PowerDNS', {}, (flow) => {
  it('is applied, served, planned empty, deleted when undeclared, and imported', async () => {
    await flow.converge(await flow.write('first.yaml', flow.providers + zone(FIRST)));
    expect(await served(flow)).toEqual([`old.${ZONE} \\# 2 abcd`]);

    const second = await flow.write('second.yaml', flow.providers + zone(SECOND));
    const plan = await flow.run(['plan', second]);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(`  - old.${ZONE} TYPE65280 ttl 300 \\# 2 abcd\n`);
    await flow.converge(second);
    expect(await served(flow)).toEqual([`x.${ZONE} \\# 0`, `x.${ZONE} \\# 3 010203`]);

    const providers = await flow.write('providers.yaml', flow.providers);
    const imported = await flow.run(['import', '--providers', providers, '--out', 'imported']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    const yaml = await readFile(join(flow.dir, 'imported', `${ZONE}.yaml`), 'utf8');
    expect(yaml).toContain('      x: { type65280: [ \\# 0, \\# 3 010203 ] }\n');
  });
});
