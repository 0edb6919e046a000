/**
 * Rules of the seed's `dns:` section that zod alone cannot say: zone names the service takes, names inside their
 * zone, rdata valid for the type,
 * no record listed twice, ids unique, and the node rules of node-rules.ts (a seed is a published state, so it
 * keeps them as a publish would; the zone's own apex NS are the only NS at the apex it does not judge). Runs even
 * when other parts of the seed failed (so every problem is reported at once), hence it reads the value
 * defensively.
 */

import { isInZone, normaliseName } from '../../model/names.js';
import type * as z from '../../model/zod.js';
import { breachText, zoneProblems } from './node-rules.js';
import { isRecordType, parseRdata, type Rdata, rdataKey } from './rdata.js';
import { isZoneName } from './zone-names.js';

interface SeedRecord {
  fqdn: string;
  type: string;
  rdata: Rdata;
  index: number;
}

export function checkSeedRecords(dns: unknown, ctx: z.core.$RefinementCtx): void {
  const zones = asObject(asObject(dns)?.zones);
  const geo = geoLinks(asObject(dns)?.geo_services);
  const ids = new Set<number>();
  for (const [zoneName, zone] of Object.entries(zones ?? {})) {
    const origin = normaliseName(zoneName);
    const seen = new Set<string>();
    const valid: SeedRecord[] = [];
    const records = asObject(zone)?.records;
    (Array.isArray(records) ? records : []).forEach((value, index) => {
      const record = asObject(value);
      const path = ['zones', zoneName, 'records', index];
      const fqdn = typeof record?.fqdn === 'string' ? normaliseName(record.fqdn) : undefined;
      if (fqdn !== undefined && !isInZone(fqdn, origin)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'fqdn'], message: `not inside zone ${zoneName}` });
      }
      const type = typeof record?.type === 'string' ? record.type.toUpperCase() : '';
      const parsed = isRecordType(type) ? parseRdata(type, record?.rdata) : undefined;
      if (parsed && 'problem' in parsed) {
        const { field, message } = parsed.problem;
        ctx.addIssue({ code: 'custom', path: [...path, 'rdata', field], message });
      } else if (parsed && fqdn !== undefined) {
        const key = `${fqdn} ${type} ${rdataKey(type, parsed.rdata)}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: 'same record data listed twice' });
        seen.add(key);
        valid.push({ fqdn, type, rdata: parsed.rdata, index });
      }
      if (typeof record?.id === 'number') {
        if (ids.has(record.id))
          ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: 'duplicate id' });
        ids.add(record.id);
      }
    });
    const isWritten = (r: SeedRecord) => !(r.type === 'NS' && r.fqdn === origin);
    for (const p of zoneProblems(origin, valid, isWritten, (fqdn) => geo.get(`${origin} ${fqdn}`))) {
      if (p.problem === 'duplicate') continue;
      const first = valid.find((r) => r.fqdn === p.fqdn && r.type === p.type);
      const path = ['zones', zoneName, 'records', first?.index ?? 0];
      ctx.addIssue({ code: 'custom', path, message: breachText({ zone: origin, ...p }) });
    }
  }
}

/**
 * The names of the seed's zones and secondary zones, as the service judges a new zone's (zone-names.ts): a name it
 * would refuse (`arpa`, one label) is refused here, and so is a name that is both, since the service holds one zone
 * of a name.
 */
export function checkSeedZoneNames(dns: unknown, ctx: z.core.$RefinementCtx): void {
  const zones = Object.keys(asObject(asObject(dns)?.zones) ?? {});
  const secondaries = Object.keys(asObject(asObject(dns)?.secondary_zones) ?? {});
  const sections = [
    ['zones', zones],
    ['secondary_zones', secondaries],
  ] as const;
  for (const [section, names] of sections) {
    for (const name of names.filter((one) => !isZoneName(normaliseName(one))))
      ctx.addIssue({ code: 'custom', path: [section, name], message: ZONE_NAME_MESSAGE });
    const first = new Map<string, string>();
    for (const name of names) {
      const earlier = first.get(normaliseName(name));
      if (earlier === undefined) first.set(normaliseName(name), name);
      else
        ctx.addIssue({
          code: 'custom',
          path: [section, name],
          message: `is zone ${JSON.stringify(earlier)} too (names differ only in case or a final dot): the service holds one zone of a name`,
        });
    }
  }
  const primary = new Set(zones.map(normaliseName));
  for (const name of secondaries.filter((one) => primary.has(normaliseName(one))))
    ctx.addIssue({
      code: 'custom',
      path: ['secondary_zones', name],
      message: 'is a zone of `zones` too: the service holds one zone of a name',
    });
}

/**
 * The nodes of the seed's geo services, as the service judges a node it links (geo-body.ts): its zone is a zone of
 * the seed's `zones`, and a node is linked once, by one service.
 */
export function checkSeedGeoNodes(dns: unknown, ctx: z.core.$RefinementCtx): void {
  const zones = new Set(Object.keys(asObject(asObject(dns)?.zones) ?? {}).map(normaliseName));
  const linked = new Map<string, string>();
  for (const [name, service] of Object.entries(asObject(asObject(dns)?.geo_services) ?? {})) {
    const nodes = asObject(service)?.nodes;
    (Array.isArray(nodes) ? nodes : []).forEach((node, index) => {
      const { zone, fqdn } = asObject(node) ?? {};
      if (typeof zone !== 'string' || typeof fqdn !== 'string') return;
      const path = ['geo_services', name, 'nodes', index];
      if (!zones.has(normaliseName(zone)))
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'zone'],
          message: `no zone ${zone} in \`zones\`: the service links nodes of its own zones only`,
        });
      const key = `${normaliseName(zone)} ${normaliseName(fqdn)}`;
      const other = linked.get(key);
      if (other === undefined) linked.set(key, name);
      else
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            other === name
              ? `${fqdn} listed twice: the service links a node once`
              : `${fqdn} is linked to geo service ${other} too: a node is served by one geo service`,
        });
    });
  }
}

const ZONE_NAME_MESSAGE =
  'not a valid zone name: the service takes two labels or more, each of letters, digits, "-" and "_"';

/** `zone fqdn` → the name of the geo service linked to that node, from the seed's `geo_services`. */
function geoLinks(services: unknown): Map<string, string> {
  const links = new Map<string, string>();
  for (const [name, service] of Object.entries(asObject(services) ?? {})) {
    const nodes = asObject(service)?.nodes;
    for (const node of Array.isArray(nodes) ? nodes : []) {
      const { zone, fqdn } = asObject(node) ?? {};
      if (typeof zone === 'string' && typeof fqdn === 'string')
        links.set(`${normaliseName(zone)} ${normaliseName(fqdn)}`, name);
    }
  }
  return links;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
