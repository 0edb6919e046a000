import { countryCodeProblem, isGeoCountryCode } from '../../model/country-codes.js';
import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { lengthProblem, recordLabelsProblem, zoneNameProblem } from '../../model/dns-names.js';
import { GEO_RECORD_TYPES } from '../../model/geo.js';
import { aLabelName, toALabels, visibleName } from '../../model/idn.js';
import { isInZone, normaliseName } from '../../model/names.js';
import { hasUnprintable } from '../../model/text.js';
import type { ReadRecords } from '../desired/read-records.js';
import type { MergedDocument } from '../read/merge.js';
import {
  diagnosticAt,
  entryOf,
  isMap,
  isSeq,
  type PEntry,
  type PNode,
  type Position,
  toPlain,
  where,
} from '../read/positioned.js';
import { apexNodeDiagnostics } from './type-rules.js';

/**
 * Rules of `geo_services`: a usable service name; group names unique in their service; valid country codes, each
 * in at most one group of a service; nodes with a valid zone and a name inside it; a node linked once per service,
 * to one service only, and carrying no plain records under `zones` of a type the service answers for it
 * (`GEO_RECORD_TYPES`), nor at a zone apex serving a type that may not stand there. Group values are checked by
 * `readRecords`. Duplicates are reported at both places, each
 * naming the other.
 */
export function geoDiagnostics(merged: MergedDocument, read: ReadRecords): Diagnostic[] {
  // Indexed once a node is linked: a desired state without geo services never pays for it.
  let recordsByNode: Map<string, { pos: Position; types: string }> | undefined;
  const linkedBy = new Map<string, { service: string; pos: Position }>();
  const diagnostics: Diagnostic[] = [];
  for (const service of merged.services.geoServices) {
    pushAll(diagnostics, [...serviceNameDiagnostics(service), ...groupDiagnostics(service)]);
    const groups = read.geoGroups.filter((group) => group.service === service);
    for (const node of nodesOf(service)) {
      const problem = nodeProblem(node);
      if (problem) {
        diagnostics.push(diagnosticAt('EP1210', node.pos, problem));
        continue;
      }
      const key = `${node.zone} ${node.fqdn}`;
      const first = linkedBy.get(key);
      if (first) {
        const again = first.service === service.key;
        const other = again ? 'is listed twice in geo service' : 'is also linked to geo service';
        diagnostics.push(
          diagnosticAt(
            'EP1211',
            node.pos,
            `node ${node.fqdn} ${other} "${first.service}" at ${where(first.pos)}`,
          ),
        );
        if (!again) {
          const message = `node ${node.fqdn} is also linked to geo service "${service.key}" at ${where(node.pos)}; a node may belong to one geo service`;
          diagnostics.push(diagnosticAt('EP1211', first.pos, message));
        }
        continue;
      }
      linkedBy.set(key, { service: service.key, pos: node.pos });
      if (node.fqdn === node.zone) pushAll(diagnostics, apexNodeDiagnostics(node.pos, node.fqdn, groups));
      recordsByNode ??= geoTypedRecords(read);
      const record = recordsByNode.get(key);
      if (record) {
        const tail = `a node linked to a geo service carries no plain ${record.types} records`;
        diagnostics.push(
          diagnosticAt(
            'EP1212',
            node.pos,
            `node ${node.fqdn} also has plain ${record.types} records under zones at ${where(record.pos)}; ${tail}`,
          ),
          diagnosticAt(
            'EP1212',
            record.pos,
            `record ${node.fqdn} is a node of geo service "${service.key}" at ${where(node.pos)}; ${tail}`,
          ),
        );
      }
    }
  }
  return diagnostics;
}

/** Records under `zones` of a type a geo service answers for, by `<zone> <fqdn>`: where, and the types. */
function geoTypedRecords(read: ReadRecords): Map<string, { pos: Position; types: string }> {
  const byNode = new Map<string, { pos: Position; types: string }>();
  for (const { zone, record, sets } of read.records) {
    const types = sets.map((set) => set.type.type).filter((type) => GEO_RECORD_TYPES.includes(type));
    if (types.length > 0)
      byNode.set(`${zone.zone} ${record.fqdn}`, { pos: record.keyPos, types: types.join(', ') });
  }
  return byNode;
}

function serviceNameDiagnostics(service: PEntry): Diagnostic[] {
  const name = service.key;
  if (name.trim() === '')
    return [diagnosticAt('EP1106', service.keyPos, 'a geo service name must not be empty')];
  if (name.trim() !== name) {
    return [diagnosticAt('EP1106', service.keyPos, `geo service name "${name}" starts or ends with a space`)];
  }
  if (hasUnprintable(name)) {
    const message = `geo service name "${name}" must be plain text, without line breaks, tabs, NUL or other control characters`;
    return [diagnosticAt('EP1106', service.keyPos, message)];
  }
  return [];
}

function groupDiagnostics(service: PEntry): Diagnostic[] {
  const groups = isMap(service.value) ? entryOf(service.value, 'groups')?.value : undefined;
  if (!isSeq(groups)) return [];
  const diagnostics: Diagnostic[] = [];
  const names = new Map<string, Position>();
  const countries = new Map<string, { group: string; pos: Position }>();
  for (const group of groups.items) {
    if (!isMap(group)) continue;
    const nameNode = entryOf(group, 'name')?.value;
    const name =
      nameNode?.kind === 'scalar' && typeof nameNode.value === 'string' ? nameNode.value : undefined;
    if (name !== undefined && nameNode) {
      const first = names.get(name);
      if (first) {
        const message = (pos: Position) =>
          `group "${name}" of geo service "${service.key}" is also defined at ${where(pos)}`;
        diagnostics.push(
          diagnosticAt('EP1213', nameNode.pos, message(first)),
          diagnosticAt('EP1213', first, message(nameNode.pos)),
        );
      } else names.set(name, nameNode.pos);
    }
    const list = entryOf(group, 'countries')?.value;
    // Stryker disable next-line ArrayDeclaration: equivalent, an item that is not a node is no string, skipped below
    for (const item of isSeq(list) ? list.items : []) {
      const code = toPlain(item);
      if (typeof code !== 'string') continue;
      if (!isGeoCountryCode(code)) {
        diagnostics.push(diagnosticAt('EP1109', item.pos, countryCodeProblem(code)));
        continue;
      }
      const first = countries.get(code);
      if (!first) countries.set(code, { group: name ?? '', pos: item.pos });
      else if (first.group === name) {
        diagnostics.push(
          diagnosticAt(
            'EP1108',
            item.pos,
            `country ${code} is listed twice in group "${name}": also at ${where(first.pos)}`,
          ),
        );
      } else {
        const message = `country ${code} is already in group "${first.group}" at ${where(first.pos)}; a country may be in one group of a service`;
        diagnostics.push(diagnosticAt('EP1214', item.pos, message));
      }
    }
  }
  return diagnostics;
}

export interface NodeRef {
  zone: string;
  fqdn: string;
  zoneText: string;
  fqdnText: string;
  pos: Position;
}

export function nodesOf(service: PEntry): NodeRef[] {
  const nodes = isMap(service.value) ? entryOf(service.value, 'nodes')?.value : undefined;
  // Stryker disable next-line ArrayDeclaration: equivalent, an item that is not a node is no map and gives no node
  return (isSeq(nodes) ? nodes.items : []).flatMap((item): NodeRef[] => {
    const zone = isMap(item) ? text(entryOf(item, 'zone')?.value) : undefined;
    const fqdnNode = isMap(item) ? entryOf(item, 'fqdn')?.value : undefined;
    const fqdn = text(fqdnNode);
    if (zone === undefined || fqdn === undefined || !fqdnNode) return [];
    return [
      {
        // A Unicode label is its A-label (model/idn.ts); nodeProblem says why one that has none is refused.
        zone: normaliseName(aLabelName(zone)),
        fqdn: normaliseName(aLabelName(fqdn)),
        zoneText: zone,
        fqdnText: fqdn,
        pos: fqdnNode.pos,
      },
    ];
  });
}

function nodeProblem(node: NodeRef): string | null {
  const zoneIdn = toALabels(node.zoneText);
  if (!zoneIdn.ok) return `node zone "${visibleName(node.zoneText)}" is not valid: ${zoneIdn.problem}`;
  const fqdnIdn = toALabels(node.fqdnText);
  if (!fqdnIdn.ok) return `node name "${visibleName(node.fqdnText)}" is not valid: ${fqdnIdn.problem}`;
  const zoneProblem = zoneNameProblem(node.zone);
  if (zoneProblem) return `node zone "${node.zoneText}" is not valid: ${zoneProblem}`;
  const fqdnProblem = recordLabelsProblem(node.fqdn) ?? lengthProblem(node.fqdn);
  if (fqdnProblem) return `node name "${node.fqdnText}" is not valid: ${fqdnProblem}`;
  if (!isInZone(node.fqdn, node.zone))
    return `node name "${node.fqdnText}" is not inside zone "${node.zoneText}"`;
  return null;
}

function text(node: PNode | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' && node.value !== ''
    ? node.value
    : undefined;
}
