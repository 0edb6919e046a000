// `node bench/diff-cpu.mjs ZONES RECORDS`: the pure diff alone, in its own process. Builds a live state of
// ZONES × RECORDS A records (one per node) and a desired state with 10 % of the nodes changed, then times one
// `computePlan` (cold, as a CLI run does it). Prints one JSON line.
import { computePlan } from '../dist/plan/index.js';

const zones = Number(process.argv[2]);
const records = Number(process.argv[3]);
const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;

const desired = { zones: [] };
const live = { zones: {} };
let n = 0;
for (let z = 0; z < zones; z++) {
  const zone = `zone${String(z).padStart(4, '0')}.bench.test`;
  const nodes = [];
  const sets = [];
  for (let r = 0; r < records; r++) {
    const fqdn = `host${String(r).padStart(6, '0')}.${zone}`;
    const a = address(++n);
    nodes.push({ fqdn, records: [{ recordId: n, address: a, ttl: 300 }] });
    sets.push({ fqdn, ttl: 300, addresses: [r % 10 === 0 ? address(n + 5_000_000) : a] });
  }
  desired.zones.push({ zone, defaultTtl: 300, unmanaged: ['_acme-challenge*'], records: sets });
  live.zones[zone] = { zone, serial: 1, serialStyle: 'increment', nodes };
}

const cpu = process.cpuUsage();
const start = performance.now();
const plan = computePlan(desired, live);
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
