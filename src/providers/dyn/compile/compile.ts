import { isDeepStrictEqual } from 'node:util';
import type { GeoChange, GeoServiceValue, SecondaryChange } from '../../../model/change.js';
import { type GeoNode, geoNodeKey } from '../../../model/geo.js';
import type { DnsCompiler, GeoPart, RecordSetWork, ZoneCompileInput } from '../../../model/provider.js';
import { compareRecordSets, recordSetKey } from '../../../model/record-set.js';
import { sortValues } from '../../../model/record-types/registry.js';
import type { ZoneSettings } from '../../../model/zone.js';
import type { DynGeoOp, DynOp, DynSecondaryOp, DynZoneOp, ZoneFileSet } from './ops.js';
import { recordSetOps } from './record-set-ops.js';
import { inZoneFile, splitZoneFiles } from './zone-file.js';

/**
 * The Dyn compiler: a target's provider-neutral changes → the service's calls (ops.ts), in the order they must be
 * sent. Pure and stateless, so a plan can be made without a session (`dynCompiler` on its own) and holds exactly
 * what apply sends.
 */
export const dynCompiler = { compileZone, compileSecondary, compileGeo } satisfies DnsCompiler;

/**
 * A zone is one transaction of the session, made visible by one publish:
 *   1. `create-zone`, when the plan creates the zone;
 *   2. every delete of the zone, by fqdn, then type, then live record (value, then ref) — deletes run before any
 *      write so that no name exceeds the service's per-name limit midway and a type that must stand alone (a
 *      CNAME) finds its name free;
 *   3. by fqdn, then type, the writes of each created or updated set (record-set-ops.ts: per record, or one
 *      node-wide request, whichever takes fewer);
 *   4. exactly one `publish`, last.
 * A zone the plan creates is uploaded as master files instead (newZoneOps), when the file can say what the zone
 * needs.
 */
function compileZone(input: ZoneCompileInput): DynOp[] {
  const { zone } = input;
  const publish: DynZoneOp = { kind: 'publish', zone };
  const { create: value } = input;
  const sets = [...input.sets].sort((a, b) => compareRecordSets(a.change.address, b.change.address));
  if (value?.serialStyle === 'increment') {
    const uploaded = newZoneOps(zone, value, sets);
    if (uploaded) return [...uploaded, publish];
  }
  const deletes: DynZoneOp[] = [];
  const writes: DynZoneOp[] = [];
  for (const { change, live } of sets) {
    const { fqdn, type } = change.address;
    const ops = recordSetOps({ zone, fqdn, type }, change.after, live);
    deletes.push(...ops.deletes);
    writes.push(...ops.writes);
  }
  const create: DynZoneOp[] = value
    ? [{ kind: 'create-zone', zone, rname: value.rname, ttl: value.ttl, serialStyle: value.serialStyle }]
    : [];
  return [...create, ...deletes, ...writes, publish];
}

/**
 * A new zone and all its records in as few requests as the service allows: its zone-file upload
 * (`POST /ZoneFile/<zone>/ {file}`), one file per megabyte (zone-file.ts), then `publish`. What the sources say,
 * and what follows:
 * - help.dyn.com, "Upload zone file API": POST "creates a new zone from the master file sent", PUT "adds records
 *   from the zone file to an existing zone"; `file` is "the contents of a RFC1035 style Master file"; "There is a
 *   1MB file size limit on zone file uploads. If your file is larger than 1MB, you will need to break up the zone
 *   file into batches"; both answer with `task_id`, "the number assigned to the task to upload the zone file"
 *   (the SOAP twin, UploadZoneFile, calls it "the task to publish the zone update").
 * - The vendor's Python SDK (dyn/tm/zones.py, `_post_with_file`) refuses files over 1,048,576 bytes, POSTs
 *   `{file}` and then retries `GET /Zone/<zone>/` (10 × 2 s) until the zone answers; it neither polls the task nor
 *   publishes. The vendor's PHP SDK sends POST and PUT the same way. The vendor's own bulk-import example
 *   (dyninc-cs, BulkImportZoneFiles.py) POSTs each file and then publishes each zone. Clients report the file's NS
 *   records as overridden by the service's.
 * - Nothing says whether an upload's records are published by its task or pending until publish, or whether they
 *   belong to the session's changeset (listed and dropped by /ZoneChanges/). The contract says of every zone
 *   change that it takes effect only after publish, and the emulator follows it.
 * So: a new zone is uploaded, each upload verified by reading the session's pending changes back, and the zone's
 * records only for what is not pending (waiting for the upload's task only when the records are in neither), and
 * then published like every zone: a publish with nothing pending is a success, so this holds under either reading. The zone did not exist, so nothing live is left half-changed if a
 * later upload fails: the zone stays, with what the earlier ones put in it, and the next plan shows the rest.
 * Changes to an EXISTING zone never take this route, not even add-only ones: if the task publishes the records,
 * or they are not in the session's changeset, the zone's one-transaction guarantee (all changes visible at one
 * publish, all discarded on a failure) is lost, and the sources cannot rule that out.
 * The route is used when the zone's serial style is the service's default, `increment` (a file cannot set it); a
 * set a file cannot carry (ALIAS, a type of the service's own; a set too large for any file) is written after the
 * uploads as for an existing zone. Null: nothing for a file to carry (`create-zone` then says it all).
 */
function newZoneOps(zone: string, value: ZoneSettings, sets: readonly RecordSetWork[]): DynOp[] | null {
  // Stryker disable next-line ArrayDeclaration: equivalent, the `[]` of a delete; a zone the plan creates has nothing to delete
  const created = sets.flatMap(({ change }) => (change.after ? [{ change, after: change.after }] : []));
  const fileSets: ZoneFileSet[] = created
    .filter(({ change }) => inZoneFile(change.address.type))
    .map(({ change, after }) => ({
      fqdn: change.address.fqdn,
      type: change.address.type,
      ttl: after.ttl,
      values: sortValues(change.address.type, after.values),
    }));
  const files = splitZoneFiles(zone, value, fileSets);
  const [first, ...more] = files;
  if (!first) return null;
  const { rname, ttl } = value;
  const uploads: DynOp[] = [
    { kind: 'create-zone-from-file', zone, rname, ttl, sets: first },
    ...more.map((part): DynOp => ({ kind: 'add-zone-file', zone, ttl, sets: part })),
  ];
  const inFiles = new Set(files.flat().map(recordSetKey));
  const writes = created
    .filter(({ change }) => !inFiles.has(recordSetKey(change.address)))
    .flatMap(({ change }) => {
      const { fqdn, type } = change.address;
      return recordSetOps({ zone, fqdn, type }, change.after, []).writes;
    });
  return [...uploads, ...writes];
}

/** One request, which takes effect at once: the full masters list and the optional values the desired state sets. */
function compileSecondary(change: SecondaryChange): DynSecondaryOp[] {
  const { zone } = change.address;
  if (change.after === null) return [{ kind: 'delete-secondary', zone }];
  const { masters, contactNickname, tsigKeyName } = change.after;
  const fields = {
    zone,
    masters: [...masters],
    ...(contactNickname !== undefined ? { contactNickname } : {}),
    ...(tsigKeyName !== undefined ? { tsigKeyName } : {}),
  };
  return [{ kind: change.before === null ? 'create-secondary' : 'update-secondary', ...fields }];
}

/**
 * A geo service's calls; each takes effect at once. `unlink` is the first of two steps (the plan's geo steps): it
 * only drops the nodes the service no longer answers for (a PUT of the live nodes it keeps), or deletes a service
 * that goes away; `rest` then makes the remaining change against that state; `all` makes the whole change in one
 * call. An update sends only the fields that change: the service's PUT updates only the fields sent, and replaces
 * the groups (or nodes) it is sent as a whole. A rename (`before.name`) goes first, under the live name, and
 * every later call uses the new one; the active state is a call of its own, last.
 */
function compileGeo(change: GeoChange, part: GeoPart): DynGeoOp[] {
  const { name } = change.address;
  const { before, after } = change;
  // A delete, never a rename: the live service has the change's name.
  if (after === null) return part === 'rest' ? [] : [{ kind: 'delete-geo', name }];
  if (before === null) {
    if (part === 'unlink') return [];
    const ttl = after.ttl === undefined ? {} : { ttl: after.ttl };
    const create: DynGeoOp = { kind: 'create-geo', name, groups: after.groups, nodes: after.nodes, ...ttl };
    // A new service's active state is not documented (it may start inactive): one that manages it says it.
    return after.active === undefined
      ? [create]
      : [create, { kind: 'activate-geo', name, active: after.active }];
  }
  const rename: DynGeoOp[] =
    before.name !== undefined && part !== 'rest'
      ? [{ kind: 'rename-geo', name: before.name, newName: name }]
      : [];
  const kept = keptNodes(before, after);
  if (part === 'unlink')
    return kept.length < before.nodes.length
      ? [...rename, { kind: 'update-geo', name, nodes: kept }]
      : rename;
  const from = part === 'rest' ? { ...before, nodes: kept } : before;
  const groupsChanged = !isDeepStrictEqual(from.groups, after.groups);
  const nodesChanged = !sameNodes(from.nodes, after.nodes);
  const ttlChanged = after.ttl !== undefined && after.ttl !== from.ttl;
  const update: DynGeoOp[] =
    groupsChanged || nodesChanged || ttlChanged
      ? [
          {
            kind: 'update-geo',
            name,
            ...(groupsChanged ? { groups: after.groups } : {}),
            ...(nodesChanged ? { nodes: after.nodes } : {}),
            ...(ttlChanged ? { ttl: after.ttl } : {}),
          },
        ]
      : [];
  const activate: DynGeoOp[] =
    after.active !== undefined && after.active !== from.active
      ? [{ kind: 'activate-geo', name, active: after.active }]
      : [];
  return [...rename, ...update, ...activate];
}

/** The live nodes the desired service still links, in live order. */
function keptNodes(before: GeoServiceValue, after: GeoServiceValue): GeoNode[] {
  const wanted = new Set(after.nodes.map(geoNodeKey));
  return before.nodes.filter((node) => wanted.has(geoNodeKey(node)));
}

function sameNodes(a: readonly GeoNode[], b: readonly GeoNode[]): boolean {
  const keys = new Set(a.map(geoNodeKey));
  return a.length === b.length && b.every((node) => keys.has(geoNodeKey(node)));
}
