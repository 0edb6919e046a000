import type { DnsCompiler, ZoneCompileInput } from '../../model/provider.js';
import { compareRecordSets } from '../../model/record-set.js';
import { ZonefileSetupError } from './errors.js';
import type { ZonefileDelete, ZonefileOp, ZonefileReplace } from './ops.js';

/** What the provider read of a zone's file: the file as plans show it, and its digest (null: there was none). */
export interface ReadFile {
  file: string;
  digest: string | null;
}

export interface ZonefileCompileSettings {
  /** The provider's name, for messages. */
  provider: string;
  /** The apex NS records of a zone the plan creates (absolute names). */
  nameservers: readonly string[];
}

/**
 * The zonefile compiler: a zone's changes → ONE `write-zone` op, whatever their number (the file is replaced once).
 * Pure given what the provider read: each op carries the digest of the file the plan was computed from, which the
 * writer compares before it replaces anything (a compare-and-swap), so a zone is compiled only after the same
 * provider read it. Deletes, then replacements, each by fqdn then type. Geo services and secondary zones are not a
 * zone file's: it has no compiler (nor reader) for them, and the capabilities refuse them at validation.
 */
export function zonefileCompiler(
  settings: ZonefileCompileSettings,
  readOf: (zone: string) => ReadFile | undefined,
) {
  return {
    compileZone: (input: ZoneCompileInput): ZonefileOp[] => [compileZone(input, settings, readOf)],
  } satisfies DnsCompiler;
}

function compileZone(
  input: ZoneCompileInput,
  settings: ZonefileCompileSettings,
  readOf: (zone: string) => ReadFile | undefined,
): ZonefileOp {
  const { zone } = input;
  const read = readOf(zone);
  if (read === undefined)
    throw new Error(
      `zone ${zone} was not read by provider ${settings.provider}, so its changes cannot be compiled`,
    );
  const deletes: ZonefileDelete[] = [];
  const replaces: ZonefileReplace[] = [];
  const sets = [...input.sets].sort((a, b) => compareRecordSets(a.change.address, b.change.address));
  for (const { change } of sets) {
    const { fqdn, type } = change.address;
    if (change.after === null) deletes.push({ fqdn, type });
    else replaces.push({ fqdn, type, ttl: change.after.ttl, values: [...change.after.values] });
  }
  const op: ZonefileOp = {
    kind: 'write-zone',
    zone,
    file: read.file,
    digest: read.digest,
    delete: deletes,
    replace: replaces,
  };
  if (input.create === null) return op;
  if (settings.nameservers.length === 0)
    throw new ZonefileSetupError(
      `zone ${zone} has no file (${read.file}), and provider ${settings.provider} creates a zone file only with ` +
        'the apex NS records it names: add `nameservers: [ns1.example.net.]` to its entry',
    );
  const { rname, ttl, serialStyle } = input.create;
  return { ...op, create: { contact: rname, ttl, serialStyle, nameservers: [...settings.nameservers] } };
}
