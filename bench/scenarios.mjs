// Generated accounts for the benchmark: `zones` zones of `records` A record sets each, and a desired state that
// differs from them by `changeShare` (a third of the changed names updated, a third deleted, a third created).

function address(i) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
}

export function generatedScenario({ zones, records, changeShare }) {
  const seedZones = {};
  const desiredZones = [];
  let n = 0;
  for (let z = 0; z < zones; z++) {
    const zone = `zone${z}.bench.test`;
    const live = [];
    const desired = [];
    const changed = Math.round(records * changeShare);
    for (let r = 0; r < records; r++) {
      const fqdn = `host${r}.${zone}`;
      const addr = address(++n);
      live.push({ fqdn, type: 'A', ttl: 300, rdata: { address: addr } });
      if (r < changed / 3)
        desired.push({ fqdn, ttl: 300, addresses: [address(n + 1_000_000)] }); // update
      else if (r < (2 * changed) / 3)
        continue; // delete
      else desired.push({ fqdn, ttl: 300, addresses: [addr] });
    }
    for (let c = 0; c < changed / 3; c++)
      desired.push({ fqdn: `new${c}.${zone}`, ttl: 300, addresses: [address(++n)] });
    seedZones[zone] = { serial: 1, records: live };
    desiredZones.push({
      zone,
      defaultTtl: 300,
      unmanaged: [],
      records: desired.sort((a, b) => (a.fqdn < b.fqdn ? -1 : 1)),
    });
  }
  return { seed: { dns: { zones: seedZones } }, desired: { zones: desiredZones } };
}
