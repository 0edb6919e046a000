import { Document, isPair, isScalar, isSeq, visit } from 'yaml';
import { MAX_NAME_LENGTH } from '../model/dns-names.js';
import type { GeoGroup } from '../model/geo.js';
import type { DnsInventory, WafInventory } from '../model/inventory.js';
import { requireRecordType } from '../model/record-types/registry.js';
import { printable } from '../model/text.js';
import type { LiveWebapp } from '../model/waf.js';
import { findTemplates, type ImportedZone } from './find-templates.js';
import { zoneDocument } from './zone-document.js';

/** One file `edgeplan import` writes: its name inside the output directory and its YAML. */
export interface ImportFile {
  name: string;
  text: string;
}

export interface ImportDocuments {
  files: ImportFile[];
  /** What live holds that the written files do not manage, one sentence each: listed, never dropped silently. */
  notImported: string[];
  /** What the written files hold that is likely not what the live zone's authors meant (a doubled name), to check. */
  warnings: string[];
  /** With `findTemplates`: a line per template found and per zone written as a mirror. */
  shared?: string[];
}

/** `edgeplan import --find-templates`: how many zones must share record sets before they become a template. */
export interface FindTemplatesOption {
  minZones: number;
}

const HEADER =
  'Written by `edgeplan import` from live state. `edgeplan plan` on these files shows no changes.';

/**
 * The desired-state YAML of an account (pure, deterministic): one file per zone (`<zone>.yaml`) plus
 * `secondary-zones.yaml`, `geo-services.yaml` and `waf.yaml`, or everything in `edgeplan.yaml` (`singleFile`).
 * A zone name comes from the server and becomes a file name: one that is not labels of letters, digits, `-` and `_`
 * joined by single dots (`../../x`, a slash, a control character) is not imported and is listed.
 * A geo service the model cannot express (non-A rdata, …) is left out whole and listed: writing part of it would
 * make apply replace its groups. A webapp is keyed by name, or by id when another webapp has the same name; a bot by
 * name, or by id when the catalogue has two bots of that name. Webapps get `mode: exact` with their enabled bots.
 * With `reuse`, the zones' shared record sets go into `templates.yaml` (first in the single file) and zones equal to
 * another become `same_as` it (find-templates.ts); without it the files are what they always were.
 */
export function importDocuments(
  dns: DnsInventory | undefined,
  waf: WafInventory | undefined,
  singleFile: boolean,
  allow: ReadonlyMap<string, readonly string[]> = new Map(),
  reuse?: FindTemplatesOption,
): ImportDocuments {
  const notImported: string[] = [];
  const warnings: string[] = [];
  const sections: { name: string; value: Record<string, unknown>; comments: string[] }[] = [];
  const imported: ImportedZone[] = [];
  for (const zone of dns?.zones ?? []) {
    if (!isFileSafeZoneName(zone.zone)) {
      notImported.push(`zone ${printable(zone.zone)}: not imported (its name cannot be a file name)`);
      continue;
    }
    const zoneFile = zoneDocument(zone, allow);
    notImported.push(...zoneFile.notes);
    warnings.push(...zoneFile.warnings);
    imported.push({ zone: zone.zone, document: zoneFile.document });
    sections.push({
      name: `${zone.zone}.yaml`,
      value: { zones: { [zone.zone]: zoneFile.document } },
      comments: [...zoneFile.warnings, ...zoneFile.notes],
    });
  }
  const shared = reuse ? shareZones(sections, imported, reuse) : undefined;
  if (dns && dns.secondaryZones.length > 0) {
    const secondary = Object.fromEntries(
      dns.secondaryZones.map((z) => [
        z.zone,
        {
          masters: z.masters,
          ...(z.contactNickname ? { contact_nickname: z.contactNickname } : {}),
          ...(z.tsigKeyName ? { tsig_key_name: z.tsigKeyName } : {}),
        },
      ]),
    );
    sections.push({ name: 'secondary-zones.yaml', value: { secondary_zones: secondary }, comments: [] });
  }
  const geo = (dns?.geoServices ?? []).filter((g) => {
    if (g.problems.length === 0) return true;
    notImported.push(`geo:${g.service.name}: not imported (${g.problems.join('; ')}); left as it is`);
    return false;
  });
  if (geo.length > 0) {
    const services = Object.fromEntries(
      geo.map(({ service }) => [
        service.name,
        {
          ttl: service.ttl,
          active: service.active,
          groups: service.groups.map((g) => ({ name: g.name, countries: g.countries, ...groupRecords(g) })),
          ...(service.nodes.length > 0 ? { nodes: service.nodes } : {}),
        },
      ]),
    );
    sections.push({ name: 'geo-services.yaml', value: { geo_services: services }, comments: [] });
  }
  for (const webapp of waf?.unreadable ?? [])
    notImported.push(
      `webapp:${webapp}: not imported (the WAF API client may not access it: 403); left as it is`,
    );
  if (waf && waf.webapps.length > 0) {
    const webapps = Object.fromEntries(waf.webapps.map((w) => [webappKey(w, waf.webapps), goodBots(w)]));
    sections.push({ name: 'waf.yaml', value: { waf: { webapps } }, comments: [] });
  }
  const found = shared ? { shared } : {};
  if (!singleFile)
    return { files: sections.map((s) => file(s.name, s.value, s.comments)), notImported, warnings, ...found };
  const merged = Object.assign({}, ...sections.map((s) => s.value)) as Record<string, unknown>;
  const zones = Object.fromEntries(sections.flatMap((s) => Object.entries(s.value.zones ?? {})));
  if (Object.keys(zones).length > 0) merged.zones = zones;
  const files =
    sections.length === 0
      ? []
      : [
          file(
            'edgeplan.yaml',
            merged,
            sections.flatMap((s) => s.comments),
          ),
        ];
  return { files, notImported, warnings, ...found };
}

/**
 * The zone sections (in `sections`, in the order of `imported`) rewritten with the templates and mirrors found, and
 * `templates.yaml` put first when there is a template; the summary lines of what was found.
 */
function shareZones(
  sections: { name: string; value: Record<string, unknown>; comments: string[] }[],
  imported: readonly ImportedZone[],
  { minZones }: FindTemplatesOption,
): string[] {
  const found = findTemplates(imported, minZones);
  for (const [i, { zone, document }] of found.zones.entries()) {
    const section = sections[i];
    if (section) section.value = { zones: { [zone]: document } };
  }
  if (Object.keys(found.templates).length > 0)
    sections.unshift({ name: 'templates.yaml', value: { templates: found.templates }, comments: [] });
  return found.summary;
}

/** Labels of DNS name characters joined by single dots: no `..`, no leading dot, no slash, nothing else. */
function isFileSafeZoneName(zone: string): boolean {
  return zone.length <= MAX_NAME_LENGTH && /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/.test(zone);
}

/**
 * A geo group's record data as YAML writes it: `a: [...]`, `cname: web.example.net.` (absolute names); a value with
 * a weight or label as `{ value, weight, label }` (an empty label is none), then `serve_count` and `ttl` by type.
 */
function groupRecords(group: GeoGroup): Record<string, unknown> {
  const typed = group.records.map(({ type, values, weights, labels }) => {
    const recordType = requireRecordType(type);
    const yaml = values.map((value, i) => {
      // Stryker disable next-line StringLiteral: geo types (A, AAAA, CNAME) read this origin only as the root; so is ''
      const written = recordType.toYaml(value, '.');
      const weight = weights?.[i];
      const label = labels?.[i];
      if (weight === undefined && !label) return written;
      return { value: written, weight, ...(label ? { label } : {}) };
    });
    return [recordType.key, recordType.single ? yaml[0] : yaml] as const;
  });
  const perType = (field: 'serveCount' | 'ttl') =>
    Object.fromEntries(
      group.records.flatMap((r) =>
        r[field] === undefined ? [] : [[requireRecordType(r.type).key, r[field]]],
      ),
    );
  const serveCount = perType('serveCount');
  const ttl = perType('ttl');
  return {
    ...Object.fromEntries(typed),
    ...(Object.keys(serveCount).length > 0 ? { serve_count: serveCount } : {}),
    ...(Object.keys(ttl).length > 0 ? { ttl } : {}),
  };
}

function webappKey(webapp: LiveWebapp, all: readonly LiveWebapp[]): string {
  const same = all.filter((w) => w.name.toLowerCase() === webapp.name.toLowerCase());
  return same.length > 1 ? webapp.id : webapp.name;
}

function goodBots(webapp: LiveWebapp): { good_bots: { mode: 'exact'; allow: string[] } } {
  const allow = webapp.bots
    .filter((bot) => bot.enabled)
    .map((bot) => {
      const clash = webapp.bots.filter((b) => b.name.toLowerCase() === bot.name.toLowerCase()).length > 1;
      return clash ? bot.id : bot.name;
    });
  return { good_bots: { mode: 'exact', allow } };
}

/**
 * YAML with a header comment; record sets (`zones.<zone>.records.<name>`), geo groups and nodes in flow style
 * (`{ a: [192.0.2.1], ttl: 300 }`).
 * A key whose value is undefined is left out (the `yaml` library's `keepUndefined: false`).
 */
function file(name: string, value: Record<string, unknown>, comments: readonly string[]): ImportFile {
  const doc = new Document(value);
  visit(doc, {
    Map(_key, map, path) {
      // By place, not by key: a name `ns` or a webapp `a` is no record set, and their maps stay in block style.
      // The only maps four keys deep under `zones` are record sets (`zones.<zone>.records.<name>`).
      const keys = path.filter(isPair).map((pair) => String(pair.key));
      // A template's sets (`templates.<template>.<name>`) likewise.
      const recordSet =
        (keys.length === 4 && keys[0] === 'zones') || (keys.length === 3 && keys[0] === 'templates');
      if (recordSet || isSeq(path.at(-1))) map.flow = true;
    },
    Seq(_key, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  // The notes quote live names and data: escaped, so that the file shows them on their own lines and a terminal
  // that prints it is driven by none of them.
  doc.commentBefore = [` ${HEADER}`, ...comments.map((c) => ` ${printable(c)}`)].join('\n');
  return { name, text: doc.toString({ lineWidth: 0 }) };
}
