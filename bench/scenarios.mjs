// Generated accounts for the benchmark, and desired states that differ from them by a set share of their objects.
//
// DNS, two shapes of zone:
// - `a-only`: `records` A records per zone, `perNode` addresses to a node, so a changed node would take several
//   per-record calls but takes one node-wide call. Of each zone's nodes, `changeShare` change, in equal thirds: new
//   addresses, deleted, and a new node created beside.
// - `mixed`: what a real zone holds: at the apex A, AAAA, MX, TXT (SPF and a site verification) and CAA sets; then,
//   until the zone has about `records` records, blocks of a host (A ×2, AAAA), its `www` CNAME, a mail host (A),
//   a DKIM key (one TXT of two strings, being over 255 bytes) and a SIP service (SRV ×2). Of the blocks,
//   `changeShare` change, one way each, the ways taken in turn across blocks and zones: new addresses, an AAAA
//   deleted, a CNAME retargeted, SRV weights, a DKIM key rotated, a mail host replaced by a new API host (A ×2 and
//   AAAA), a TTL lowered, a TXT added beside a host; and every fourth zone with changes swaps an apex MX host.
// Secondary zones, geo services and webapps: the account has `secondaries`, `geoServices` and `webapps`, all named
// in the desired state, and `changeShare` of each differ (new masters, a new address for the geo group, one more bot
// allowed).
//
// Values are written as the YAML writes them and made canonical by the record type itself (`recordType(t).parse`),
// and seeded with the type's own Dyn mapping, so the benchmark follows the registry.
//
// Each scenario states its theoretical minimum of requests (`minimum`), computed from what the generator changed.

import { IMPLICIT_PROVIDER, recordType } from '../dist/index.js';
import { requireDynRdata } from '../dist/providers/dyn/wire/rdata.js';

const AT = { file: 'bench', line: 1, col: 1 };
const TTL = 300;

/** The `i`-th address of 10.0.0.0/8 (i ≥ 1), skipping .0 and .255: distinct for the first 16 million. */
function address(i) {
  const host = ((i - 1) % 254) + 1;
  const net = Math.floor((i - 1) / 254);
  return `10.${(net >> 8) & 255}.${net & 255}.${host}`;
}

function ipv6(i) {
  return `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
}

const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const pad = (i) => String(i).padStart(4, '0');

/** The record sets of one zone as a map `<fqdn> <TYPE>` → `{ fqdn, type, ttl, values }`, values canonical. */
class ZoneSets {
  constructor(zone) {
    this.zone = zone;
    this.sets = new Map();
  }

  fqdn(name) {
    return name === '@' ? this.zone : `${name}.${this.zone}`;
  }

  /** `name` relative to the zone (`@` the apex); `values` as the YAML writes them. */
  set(name, type, values, ttl = TTL) {
    const canonical = values.map((value) => {
      const parsed = recordType(type).parse(value, this.zone);
      if (!parsed.ok)
        throw new Error(`bench: ${type} ${JSON.stringify(value)}: ${JSON.stringify(parsed.problems)}`);
      return parsed.value;
    });
    const fqdn = this.fqdn(name);
    this.sets.set(`${fqdn} ${type}`, { fqdn, type, ttl, values: canonical });
  }

  get(name, type) {
    return this.sets.get(`${this.fqdn(name)} ${type}`);
  }

  delete(name, type) {
    this.sets.delete(`${this.fqdn(name)} ${type}`);
  }

  clone() {
    const copy = new ZoneSets(this.zone);
    for (const [key, set] of this.sets) copy.sets.set(key, { ...set, values: [...set.values] });
    return copy;
  }

  /** The desired zone: sets sorted by fqdn then type, values in the type's order. */
  desired() {
    const records = [...this.sets.values()]
      .sort((a, b) => compare(a.fqdn, b.fqdn) || compare(a.type, b.type))
      .map((set) => ({ ...set, values: [...set.values].sort(recordType(set.type).compare ?? compare) }));
    return { zone: this.zone, defaultTtl: TTL, unmanaged: [], records, providers: [IMPLICIT_PROVIDER.name] };
  }

  /** The seed's records: one per value, with the type's Dyn rdata. */
  seed() {
    return [...this.sets.values()].flatMap((set) =>
      set.values.map((value) => ({
        fqdn: set.fqdn,
        type: set.type,
        ttl: set.ttl,
        rdata: requireDynRdata(set.type).toRdata(value),
      })),
    );
  }
}

/** Record sets that differ between live and desired (created, deleted, other values or TTL): one call each. */
function changedSets(live, desired) {
  let changed = 0;
  for (const key of new Set([...live.sets.keys(), ...desired.sets.keys()])) {
    const [a, b] = [live.sets.get(key), desired.sets.get(key)];
    const same =
      a &&
      b &&
      a.ttl === b.ttl &&
      a.values.length === b.values.length &&
      a.values.every((v) => b.values.includes(v));
    if (!same) changed += 1;
  }
  return changed;
}

function aOnlyZone(zone, { records, perNode = 2, changeShare }, next) {
  const live = new ZoneSets(zone);
  const nodes = Math.max(1, Math.floor(records / perNode));
  const take = () => Array.from({ length: perNode }, () => address(next()));
  for (let node = 0; node < nodes; node++) live.set(`host${node}`, 'A', take());
  const desired = live.clone();
  const changed = Math.round(nodes * changeShare);
  for (let node = 0; node < changed; node++) {
    if (node % 3 === 0) desired.set(`host${node}`, 'A', take());
    else if (node % 3 === 1) desired.delete(`host${node}`, 'A');
    else desired.set(`new${node}`, 'A', take());
  }
  return { live, desired };
}

/** The ways a block of a mixed zone changes, taken in turn. */
const MIXED_CHANGES = 8;

function mixedZone(zone, { records, changeShare }, z, next) {
  const live = new ZoneSets(zone);
  const host = (name) => `${name}.${zone}.`;
  const dkim = (n) => `v=DKIM1; k=rsa; p=${String(n).padStart(6, '0').repeat(70)}`;
  live.set('@', 'A', [address(next()), address(next())]);
  live.set('@', 'AAAA', [ipv6(next()), ipv6(next())]);
  live.set('@', 'MX', [
    { preference: 10, exchange: host('mx1') },
    { preference: 20, exchange: host('mx2') },
  ]);
  live.set('@', 'TXT', ['v=spf1 mx -all', `site-verification=${pad(z)}`]);
  live.set('@', 'CAA', [
    { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
    { flags: 0, tag: 'iodef', value: `mailto:security@${zone}` },
  ]);
  const blocks = Math.max(1, Math.ceil((records - 10) / 8));
  for (let b = 0; b < blocks; b++) {
    live.set(`host${b}`, 'A', [address(next()), address(next())]);
    live.set(`host${b}`, 'AAAA', [ipv6(next())]);
    live.set(`www${b}`, 'CNAME', [host(`host${b}`)]);
    live.set(`mail${b}`, 'A', [address(next())]);
    live.set(`sel${b}._domainkey`, 'TXT', [dkim(b)]);
    live.set(`_sip${b}._tcp`, 'SRV', [
      { priority: 10, weight: 60, port: 5060, target: host(`sip${b}a`) },
      { priority: 10, weight: 40, port: 5060, target: host(`sip${b}b`) },
    ]);
  }
  const desired = live.clone();
  const changed = Math.round(blocks * changeShare);
  for (let b = 0; b < changed; b++) {
    switch ((b + z) % MIXED_CHANGES) {
      case 0:
        desired.set(`host${b}`, 'A', [address(next()), address(next())]);
        break;
      case 1:
        desired.delete(`host${b}`, 'AAAA');
        break;
      case 2:
        desired.set(`www${b}`, 'CNAME', [`cdn${b}.example.net.`]);
        break;
      case 3:
        desired.set(`_sip${b}._tcp`, 'SRV', [
          { priority: 10, weight: 50, port: 5060, target: host(`sip${b}a`) },
          { priority: 10, weight: 50, port: 5060, target: host(`sip${b}b`) },
        ]);
        break;
      case 4:
        desired.set(`sel${b}._domainkey`, 'TXT', [dkim(b + 1_000_000)]);
        break;
      case 5:
        desired.delete(`mail${b}`, 'A');
        desired.set(`api${b}`, 'A', [address(next()), address(next())]);
        desired.set(`api${b}`, 'AAAA', [ipv6(next())]);
        break;
      case 6:
        desired.set(`host${b}`, 'A', live.get(`host${b}`, 'A').values, 60);
        break;
      case 7:
        desired.set(`host${b}`, 'TXT', [`owner=team-${b}`]);
        break;
    }
  }
  if (changed > 0 && z % 4 === 0)
    desired.set('@', 'MX', [
      { preference: 10, exchange: host('mx1') },
      { preference: 20, exchange: host('mx3') },
    ]);
  return { live, desired };
}

export function generateScenario(options) {
  const { zones, changeShare, secondaries = 0, geoServices = 0, webapps = 0, shape = 'a-only' } = options;
  let n = 0;
  const next = () => ++n;
  const seedZones = {};
  const desiredZones = [];
  let changedRecordSets = 0;
  let touchedZones = 0;
  for (let z = 0; z < zones; z++) {
    const zone = `zone${pad(z)}.bench.test`;
    const { live, desired } =
      shape === 'mixed' ? mixedZone(zone, options, z, next) : aOnlyZone(zone, options, next);
    seedZones[zone] = { serial: 1, records: live.seed() };
    desiredZones.push(desired.desired());
    const changed = changedSets(live, desired);
    changedRecordSets += changed;
    if (changed > 0) touchedZones += 1;
  }

  const seedSecondaries = {};
  const desiredSecondaries = [];
  const changedSecondaries = Math.round(secondaries * changeShare);
  for (let i = 0; i < secondaries; i++) {
    const zone = `sec${pad(i)}.partner.test`;
    const master = address(next());
    seedSecondaries[zone] = { masters: [master] };
    const masters = i < changedSecondaries ? [address(next())] : [master];
    desiredSecondaries.push({
      zone,
      masters,
      contactNickname: null,
      tsigKeyName: null,
      providers: [IMPLICIT_PROVIDER.name],
    });
  }

  const seedGeo = {};
  const desiredGeo = [];
  const changedGeo = Math.round(geoServices * changeShare);
  for (let i = 0; i < geoServices; i++) {
    const name = `Geo ${pad(i)}`;
    const a = address(next());
    seedGeo[name] = { groups: [{ name: 'Everyone', countries: ['@@'], a: [a] }] };
    const values = i < changedGeo ? [address(next())] : [a];
    const groups = [{ name: 'Everyone', countries: ['@@'], records: [{ type: 'A', values }] }];
    desiredGeo.push({ name, groups, nodes: [] });
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
    dnsProviders: [IMPLICIT_PROVIDER],
    geoProvider: IMPLICIT_PROVIDER.name,
    ...(webapps > 0 ? { waf: { webapps: desiredWebapps } } : {}),
  };
  const counts = {
    zones,
    secondaries,
    geoServices,
    webapps,
    changedRecordSets,
    touchedZones,
    serviceWrites: changedSecondaries + changedGeo,
    changedWebapps,
  };
  return { seed, desired, minimum: minimum(counts), counts };
}

/**
 * The fewest requests that can read and then change such an account.
 * Reading: one DNS session (login and logout), one zone list, one `AllRecord` per zone, one list each for
 * secondary zones and geo services when the desired state names some, and the geo-service list also when the plan
 * writes records (a record at a node a geo service answers for would be refused at apply, so the plan checks the
 * links); one WAF token, one webapp page per 100 webapps and one good-bots list per webapp.
 * Applying: one call per changed record set (node and type); per touched zone a read of its serial and one publish
 * (compare-and-publish: a zone that moved since the plan read it is held back, not published over); one
 * call per changed secondary zone or geo service; per changed webapp one bulk PUT, one change poll and one read-back.
 * The re-plan after apply writes nothing, so it needs no geo-service list the desired state does not name.
 */
function minimum(counts) {
  const { zones, secondaries, geoServices, webapps, changedRecordSets, touchedZones } = counts;
  const reads = (writesRecords) => {
    const geoList = geoServices > 0 || writesRecords;
    const dnsReads = zones + (zones > 0 ? 1 : 0) + (secondaries > 0 ? 1 : 0) + (geoList ? 1 : 0);
    const dns = dnsReads > 0 ? dnsReads + 2 : 0;
    const waf = webapps > 0 ? 1 + Math.ceil(webapps / 100) + webapps : 0;
    return dns + waf;
  };
  const plan = reads(changedRecordSets > 0);
  const writes = changedRecordSets + 2 * touchedZones + counts.serviceWrites + 3 * counts.changedWebapps;
  return { plan, apply: plan + writes, replan: reads(false) };
}
