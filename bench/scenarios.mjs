// Generated accounts for the benchmark, and desired states that differ from them by a set share of their objects.
//
// DNS: `zones` zones of `records` A records each, `perNode` addresses to a node, so a changed node would take
// several per-record calls but takes one node-wide call. Of each zone's nodes, `changeShare` change, in equal thirds:
// new addresses, deleted, and a new node created beside. Secondary zones, geo services and webapps: the account has
// `secondaries`, `geoServices` and `webapps`, all named in the desired state, and `changeShare` of each differ (new
// masters, a new address for the geo group, one more bot allowed).
//
// Each scenario states its theoretical minimum of requests (`minimum`), computed from these counts alone.

const AT = { file: 'bench', line: 1, col: 1 };

function address(i) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
}

const byKey = (key) => (a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);
const pad = (i) => String(i).padStart(4, '0');

export function generateScenario(options) {
  const { zones, records, perNode = 2, changeShare, secondaries = 0, geoServices = 0, webapps = 0 } = options;
  let n = 0;
  const seedZones = {};
  const desiredZones = [];
  let changedNodes = 0;
  let touchedZones = 0;
  const nodes = Math.max(1, Math.floor(records / perNode));
  const changed = Math.round(nodes * changeShare);
  for (let z = 0; z < zones; z++) {
    const zone = `zone${pad(z)}.bench.test`;
    const live = [];
    const desired = [];
    const take = (count) => Array.from({ length: count }, () => address(++n));
    for (let node = 0; node < nodes; node++) {
      const fqdn = `host${node}.${zone}`;
      const addresses = take(perNode);
      for (const a of addresses) live.push({ fqdn, type: 'A', ttl: 300, rdata: { address: a } });
      const change = node < changed ? node % 3 : -1;
      if (change === 0) desired.push({ fqdn, ttl: 300, addresses: take(perNode) });
      else if (change !== 1) desired.push({ fqdn, ttl: 300, addresses });
      if (change === 2) desired.push({ fqdn: `new${node}.${zone}`, ttl: 300, addresses: take(perNode) });
    }
    seedZones[zone] = { serial: 1, records: live };
    desiredZones.push({ zone, defaultTtl: 300, unmanaged: [], records: desired.sort(byKey('fqdn')) });
    changedNodes += changed;
    if (changed > 0) touchedZones += 1;
  }

  const seedSecondaries = {};
  const desiredSecondaries = [];
  const changedSecondaries = Math.round(secondaries * changeShare);
  for (let i = 0; i < secondaries; i++) {
    const zone = `sec${pad(i)}.partner.test`;
    const master = address(++n);
    seedSecondaries[zone] = { masters: [master] };
    const masters = i < changedSecondaries ? [address(++n)] : [master];
    desiredSecondaries.push({ zone, masters, contactNickname: null, tsigKeyName: null });
  }

  const seedGeo = {};
  const desiredGeo = [];
  const changedGeo = Math.round(geoServices * changeShare);
  for (let i = 0; i < geoServices; i++) {
    const name = `Geo ${pad(i)}`;
    const a = address(++n);
    seedGeo[name] = { groups: [{ name: 'Everyone', countries: ['@@'], a: [a] }] };
    const addresses = i < changedGeo ? [address(++n)] : [a];
    desiredGeo.push({ name, groups: [{ name: 'Everyone', countries: ['@@'], addresses }], nodes: [] });
  }

  const seedWebapps = [];
  const desiredWebapps = [];
  const changedWebapps = Math.round(webapps * changeShare);
  for (let i = 0; i < webapps; i++) {
    const name = `app${pad(i)}`;
    seedWebapps.push({ name, enabled_bots: ['Googlebot'] });
    const allow = i < changedWebapps ? ['Googlebot', 'Bingbot'] : ['Googlebot'];
    desiredWebapps.push({ ref: name, at: AT, mode: 'exact', allow: allow.map((ref) => ({ ref, at: AT })) });
  }

  const seed = {
    dns: { zones: seedZones, secondary_zones: seedSecondaries, geo_services: seedGeo },
    ...(webapps > 0 ? { waf: { webapps: seedWebapps } } : {}),
  };
  const desired = {
    zones: desiredZones,
    secondaryZones: desiredSecondaries,
    geoServices: desiredGeo,
    manage: { secondaryZones: 'listed', geoServices: 'listed' },
    ...(webapps > 0 ? { waf: { webapps: desiredWebapps } } : {}),
  };
  const counts = {
    zones,
    secondaries,
    geoServices,
    webapps,
    writes: changedNodes + touchedZones + changedSecondaries + changedGeo,
    changedWebapps,
  };
  return { seed, desired, minimum: minimum(counts) };
}

/**
 * The fewest requests that can read and then change such an account (issue 7). Reading: one DNS session (login and
 * logout), one zone list, one `AllRecord` per zone, one list each for secondary zones and geo services; one WAF
 * token, one webapp page per 100 webapps and one good-bots list per webapp. Applying: one call per changed node,
 * secondary zone or geo service, one publish per touched zone, and per changed webapp one bulk PUT, one change poll
 * and one read-back.
 */
function minimum({ zones, secondaries, geoServices, webapps, writes, changedWebapps }) {
  const dnsReads = zones + (zones > 0 ? 1 : 0) + (secondaries > 0 ? 1 : 0) + (geoServices > 0 ? 1 : 0);
  const dns = dnsReads > 0 ? dnsReads + 2 : 0;
  const waf = webapps > 0 ? 1 + Math.ceil(webapps / 100) + webapps : 0;
  const plan = dns + waf;
  return { plan, apply: plan + writes + 3 * changedWebapps };
}
