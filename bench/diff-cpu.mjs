// `node bench/diff-cpu.mjs ZONES RECORDS`: the pure diff alone, in its own process. Builds a live state of
// ZONES × RECORDS A records (one per node) and a desired state with 10 % of the nodes changed, then times one
// `computePlan` (cold, as a CLI run does it), compiling with the Dyn compiler (pure: no session). Prints one JSON line.

import { IMPLICIT_PROVIDER } from '../dist/model/dns-provider-spec.js';
import { computePlan } from '../dist/plan/index.js';
import { DYN_PROVIDER, dynCompiler } from '../dist/providers/dyn/index.js';

const zones = Number(process.argv[2]);
const records = Number(process.argv[3]);
const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;

const { name } = IMPLICIT_PROVIDER;
const desired = { zones: [], dnsProviders: [IMPLICIT_PROVIDER], geoProvider: name };
const dyn = { zones: {} };
const live = { dns: { [name]: dyn } };
let n = 0;
for (let z = 0; z < zones; z++) {
  const zone = `zone${String(z).padStart(4, '0')}.bench.test`;
  const liveSets = [];
  const sets = [];
  for (let r = 0; r < records; r++) {
    const fqdn = `host${String(r).padStart(6, '0')}.${zone}`;
    const a = address(++n);
    liveSets.push({ fqdn, type: 'A', records: [{ value: a, ttl: 300, ref: String(n) }] });
    sets.push({ fqdn, type: 'A', ttl: 300, values: [r % 10 === 0 ? address(n + 5_000_000) : a] });
  }
  desired.zones.push({
    zone,
    defaultTtl: 300,
    unmanaged: [{ name: '_acme-challenge*' }],
    records: sets,
    providers: [name],
  });
  dyn.zones[zone] = { zone, serial: 1, serialStyle: 'increment', records: liveSets, unsupported: [] };
}

const cpu = process.cpuUsage();
const start = performance.now();
const plan = computePlan(desired, live, { dns: { [name]: { name: DYN_PROVIDER, ...dynCompiler } } });
const wallMs = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    shape: `${zones} × ${records}`,
    records: zones * records,
    cpuMs: Math.round((user + system) / 1000),
    wallMs: Math.round(wallMs),
    updates: plan.summary.update,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
