// `npx tsx bench/lints.ts RECORDS`: the zone lints alone on one zone of RECORDS names, in its own process. A third
// of the names are CNAMEs in chains of three (one chain in 100 a loop), a third have MX records at in-zone hosts
// (some of them CNAMEs, some missing), a third TXT with an SPF policy. Times `lintDiagnostics` after the YAML is
// parsed, merged and read; prints one JSON line. Twice the records should take about twice the time (maps, no scan).

import { readRecords } from '../src/config/desired/read-records.js';
import { lintDiagnostics } from '../src/config/lints/lints.js';
import { mergeDocuments } from '../src/config/read/merge.js';
import { parseYamlFile } from '../src/config/read/parse-yaml.js';

const records = Number(process.argv[2] ?? 100_000);
const lines = ['zones:', '  bench.test:', '    records:'];
for (let i = 0; i < records; i++) {
  const name = `n${i}`;
  if (i % 3 === 0) {
    const loop = i % 300 === 0;
    lines.push(`      ${name}: { cname: ${loop ? name : `n${i + 3}`} }`);
  } else if (i % 3 === 1)
    lines.push(`      ${name}: { mx: [{ preference: 10, exchange: n${(i + 2) % records} }] }`);
  else lines.push(`      ${name}: { txt: ["v=spf1 a -all", "site=${i}"], a: [192.0.2.1] }`);
}
const parsed = parseYamlFile('bench.yaml', `${lines.join('\n')}\n`);
if (!parsed.root) throw new Error('the generated YAML does not parse');
const merged = mergeDocuments([parsed.root]).merged;
const read = readRecords(merged);

const cpu = process.cpuUsage();
const start = performance.now();
const found = lintDiagnostics(merged, read);
const wallMs = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    records,
    findings: found.diagnostics.length,
    cpuMs: Math.round((user + system) / 1000),
    wallMs: Math.round(wallMs),
  })}\n`,
);
