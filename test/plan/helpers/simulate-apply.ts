import type { LiveDnsState, LiveNode, LiveZone, ZoneOp } from '../../../src/model/dns.js';
import { MAX_A_RECORDS_PER_NODE } from '../../../src/model/dns.js';
import { isZoneOp } from '../../../src/model/dns-ops.js';
import type { Plan } from '../../../src/plan/types.js';

/**
 * A strict, pure model of the DNS service for tests: applies a plan's ops to a copy of the live state and throws on
 * anything the real service (or the apply contract) would refuse — an op for another zone, a write after publish,
 * not exactly one publish, a missing record id, a write that puts an address a second time at a node, more than 13 records at a node,
 * a node-wide delete of a node without records, a node-wide replace with no or repeated addresses.
 */
export function simulateApply(live: LiveDnsState, plan: Plan): LiveDnsState {
  const zones: Record<string, LiveZone | null> = structuredClone(live.zones);
  let nextId = 1_000_000;
  for (const step of plan.steps) {
    const zoneName = step.target.slice('zone:'.length);
    if (step.kind !== 'zone' || step.id !== step.target) throw new Error(`unexpected step ${step.id}`);
    let published = false;
    for (const op of step.ops) {
      if (!isZoneOp(op)) throw new Error(`${op.kind} inside zone step ${step.id}`);
      if (op.zone !== zoneName) throw new Error(`op for ${op.zone} inside ${zoneName}`);
      if (published) throw new Error(`${op.kind} after publish in ${op.zone}`);
      if (op.kind === 'publish') {
        published = true;
        const zone = existing(zones, op.zone);
        zone.serial += 1;
        continue;
      }
      if (op.kind === 'create-zone') {
        if (zones[op.zone]) throw new Error(`create-zone of existing ${op.zone}`);
        zones[op.zone] = { zone: op.zone, serial: 0, serialStyle: op.serialStyle, nodes: [] };
        continue;
      }
      if (op.kind === 'replace-records' || op.kind === 'delete-records') {
        applyNodeOp(existing(zones, op.zone), op, () => nextId++);
        continue;
      }
      applyRecordOp(existing(zones, op.zone), op, () => nextId++);
    }
    if (!published) throw new Error(`no publish for ${zoneName}`);
  }
  return { zones };
}

function existing(zones: Record<string, LiveZone | null>, zone: string): LiveZone {
  const found = zones[zone];
  if (!found) throw new Error(`zone ${zone} does not exist`);
  return found;
}

function applyRecordOp(
  zone: LiveZone,
  op: Exclude<ZoneOp, { kind: 'publish' | 'create-zone' | 'replace-records' | 'delete-records' }>,
  newId: () => number,
) {
  let node = zone.nodes.find((n) => n.fqdn === op.fqdn);
  if (node === undefined) {
    node = { fqdn: op.fqdn, records: [] } satisfies LiveNode;
    zone.nodes.push(node);
  }
  const index = op.kind === 'add-record' ? -1 : node.records.findIndex((r) => r.recordId === op.recordId);
  if (op.kind !== 'add-record' && index < 0)
    throw new Error(`${op.kind}: no record ${op.recordId} at ${op.fqdn}`);
  if (op.kind === 'delete-record') {
    node.records.splice(index, 1);
  } else {
    const moves = index < 0 || node.records[index]?.address !== op.address;
    const clash = moves && node.records.some((r) => r.address === op.address);
    if (clash) throw new Error(`${op.kind}: ${op.address} already at ${op.fqdn}`);
    const record = {
      recordId: op.kind === 'add-record' ? newId() : op.recordId,
      address: op.address,
      ttl: op.ttl,
    };
    if (index < 0) node.records.push(record);
    else node.records[index] = record;
  }
  if (node.records.length > MAX_A_RECORDS_PER_NODE) throw new Error(`more than 13 records at ${op.fqdn}`);
  zone.nodes = zone.nodes.filter((n) => n.records.length > 0);
}

/** `PUT` or `DELETE /ARecord/<zone>/<fqdn>/`: the whole A set at once; kept addresses keep their record ids. */
function applyNodeOp(
  zone: LiveZone,
  op: Extract<ZoneOp, { kind: 'replace-records' | 'delete-records' }>,
  newId: () => number,
) {
  const node = zone.nodes.find((n) => n.fqdn === op.fqdn);
  if (op.kind === 'delete-records') {
    if (!node || node.records.length === 0) throw new Error(`delete-records: no records at ${op.fqdn}`);
    zone.nodes = zone.nodes.filter((n) => n !== node);
    return;
  }
  if (op.addresses.length === 0) throw new Error(`replace-records: no addresses for ${op.fqdn}`);
  if (new Set(op.addresses).size !== op.addresses.length)
    throw new Error(`replace-records: an address twice at ${op.fqdn}`);
  if (op.addresses.length > MAX_A_RECORDS_PER_NODE) throw new Error(`more than 13 records at ${op.fqdn}`);
  const unused = [...(node?.records ?? [])];
  const records = op.addresses.map((address) => {
    const i = unused.findIndex((r) => r.address === address);
    const recordId = i >= 0 ? (unused.splice(i, 1)[0] as LiveNode['records'][number]).recordId : newId();
    return { recordId, address, ttl: op.ttl };
  });
  if (node) node.records = records;
  else zone.nodes.push({ fqdn: op.fqdn, records });
}
