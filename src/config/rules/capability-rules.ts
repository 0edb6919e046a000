import type { Diagnostic } from '../../model/diagnostic.js';
import { ONE_LABEL_PROBLEM, zoneLabelsProblem } from '../../model/dns-names.js';
import type { DnsCapabilities } from '../../model/provider.js';
import { isGenericType } from '../../model/record-types/index.js';
import type { ReadRecords } from '../desired/read-records.js';
import type { TypedValues } from '../desired/record-values.js';
import type { MergedDocument } from '../read/merge.js';
import { diagnosticAt, isMap, type PEntry } from '../read/positioned.js';

/** The DNS provider the desired state is checked against: its capabilities, and its name for messages. */
export interface DnsProviderSupport {
  /** `DnsProvider.name`: `dyn`. */
  name: string;
  capabilities: DnsCapabilities;
}

/**
 * What the desired state asks of the DNS provider that it cannot do, at the place that asks it: a record type it
 * does not support (in a zone or a geo group), a value it refuses although the type allows it, more records of a
 * type at one name than it allows, a zone's apex NS set where it writes none, geo services or secondary zones when it has none, a secondary zone's contact or
 * TSIG key name where it has neither. Checked before any call, so that such a plan is never applied halfway.
 */
export function capabilityDiagnostics(
  merged: MergedDocument,
  read: ReadRecords,
  provider: DnsProviderSupport,
): Diagnostic[] {
  const { capabilities } = provider;
  const who = `the DNS provider ${provider.name}`;
  const diagnostics: Diagnostic[] = [];
  const typeSupport = (owner: string, set: TypedValues) => {
    if (capabilities.recordTypes.includes(set.type.type)) return;
    if (capabilities.genericTypes && isGenericType(set.type.type)) return;
    const type = set.type.type;
    const advice =
      capabilities.typeAdvice?.[type] ??
      `leave it out of the zones this provider serves, or serve them from a provider that holds ${type} ` +
        '(docs/record-types.md lists which)';
    const message = `${owner}: ${who} does not support record type ${type}: ${advice}`;
    diagnostics.push(diagnosticAt('EP1301', set.keyPos, message));
  };
  const valueSupport = (owner: string, set: TypedValues) => {
    for (const placed of set.values) {
      const problem = capabilities.valueProblem?.(set.type.type, placed.value) ?? null;
      if (problem)
        diagnostics.push(diagnosticAt('EP1301', placed.pos, `${owner} ${set.type.type}: ${who} ${problem}`));
    }
  };
  for (const { zone, record, sets } of read.records) {
    const owner = `record "${record.name}"`;
    for (const set of sets) {
      typeSupport(owner, set);
      valueSupport(owner, set);
      const type = set.type.type;
      if (type === 'NS' && record.fqdn === zone.zone && !capabilities.apexNs) {
        const advice = capabilities.apexNsAdvice ? `: ${capabilities.apexNsAdvice}` : '';
        diagnostics.push(
          diagnosticAt('EP1301', set.keyPos, `${owner}: ${who} does not manage the apex NS set${advice}`),
        );
      }
      const limits = capabilities.maxRecordsPerName;
      const max = Object.hasOwn(limits, type) ? limits[type] : undefined;
      if (max === undefined || set.values.length <= max) continue;
      const message =
        `${owner} has ${set.values.length} ${type} values, but ${who} allows at most ${max} ` +
        `${type} records per name`;
      diagnostics.push(diagnosticAt('EP1301', set.keyPos, message));
    }
  }
  // A one-label name that is otherwise valid (rules.ts reports the rest): the provider may not hold it.
  const oneLabel = (zone: string) => !zone.includes('.') && zoneLabelsProblem(zone) === null;
  if (!capabilities.oneLabelZones)
    for (const zone of merged.zones.filter((one) => oneLabel(one.zone)))
      for (const key of zone.keys) {
        const message = `zone name "${key.key}" is not valid: ${ONE_LABEL_PROBLEM} (${who} holds no one-label zones)`;
        diagnostics.push(diagnosticAt('EP1301', key.keyPos, message));
      }
  for (const group of read.geoGroups) {
    for (const set of group.sets) {
      typeSupport(group.label, set);
      valueSupport(group.label, set);
    }
  }
  const section = (entries: readonly PEntry[], what: string, supported: boolean) => {
    if (supported) return;
    for (const entry of entries) {
      const message = `${what} "${entry.key}": ${who} does not support ${what}s`;
      diagnostics.push(diagnosticAt('EP1301', entry.keyPos, message));
    }
  };
  section(merged.services.geoServices, 'geo service', capabilities.geoServices);
  section(merged.services.secondaryZones, 'secondary zone', capabilities.secondaryZones);
  if (capabilities.secondaryZones && capabilities.secondaryZoneContacts === false) {
    for (const entry of merged.services.secondaryZones) {
      // Stryker disable next-line ArrayDeclaration: equivalent, an item that is not an entry has no `key` to match
      for (const field of isMap(entry.value) ? entry.value.entries : [])
        if (field.key === 'contact_nickname' || field.key === 'tsig_key_name')
          diagnostics.push(
            diagnosticAt(
              'EP1301',
              field.keyPos,
              `secondary zone "${entry.key}": ${who} has no ${field.key} on a secondary zone; leave it out`,
            ),
          );
    }
  }
  return diagnostics;
}
