import { z } from 'zod';
import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import { parseAbsoluteHostname } from '../../model/record-types/hostname.js';
import type { DnsProviderPlugin, ProviderContext } from '../plugin.js';
import { ZONEFILE_CAPABILITIES } from './capabilities.js';
import { ZonefileSetupError } from './errors.js';
import { createZonefileProvider, ZONEFILE_PROVIDER_TYPE } from './index.js';
import { DEFAULT_FILENAME, locationOf } from './location.js';
import { labelZonefileOp } from './op-label.js';
import { parseZonefileOp, ZONEFILE_OP_SCHEMA } from './op-schema.js';

/** `type: zonefile`: a directory of RFC 1035 zone files in the repository, one file per zone. */
export const ZONEFILE: DnsProviderPlugin = {
  type: ZONEFILE_PROVIDER_TYPE,
  description: 'a directory of RFC 1035 zone files (BIND, NSD, Knot), one per zone.',
  options: {
    directory: z
      .string({ error: 'must be a directory path' })
      .min(1, { error: 'must not be empty' })
      .describe('the directory of the zone files, relative to the file that declares the provider.'),
    filename: z
      .string({ error: 'must be a file name pattern' })
      .refine((name) => !/[/\\]/.test(name) && name.split('{zone}').length === 2, {
        error: 'must be a file name (no directory) holding {zone} once, e.g. "{zone}.db"',
      })
      .describe(`the name of a zone's file, {zone} standing for the zone; default "${DEFAULT_FILENAME}".`),
    nameservers: z
      .array(z.string({ error: 'must be a host name' }).min(1, { error: 'must not be empty' }), {
        error: 'must be a list of host names',
      })
      .describe('the apex NS records of the zone files the plan creates (absolute names).'),
  },
  required: ['directory'],
  variables: {},
  capabilities: () => ZONEFILE_CAPABILITIES,
  open: openZonefile,
  opSchema: ZONEFILE_OP_SCHEMA,
  labelOp: (op) => labelZonefileOp(parseZonefileOp(op)),
};

/** The directory the entry names, relative to the desired-state file that declares it. */
function openZonefile(spec: DnsProviderSpec, context: ProviderContext): DnsProvider {
  const { options } = spec;
  const text = (key: string) => (typeof options[key] === 'string' ? options[key] : undefined);
  const location = locationOf(
    text('directory') ?? '.',
    text('filename') ?? DEFAULT_FILENAME,
    spec.declaredIn,
  );
  const nameservers = Array.isArray(options.nameservers) ? options.nameservers.map(String) : undefined;
  // Config checks a key with the schema of the first type that has it (powerdns's `nameservers`), so the names
  // are checked to be absolute here, before anything is read.
  const relative = nameservers?.filter((name) => !parseAbsoluteHostname(name).ok) ?? [];
  if (relative.length > 0)
    throw new ZonefileSetupError(
      `provider ${spec.name}: nameservers must be absolute host names with their trailing dot (ns1.example.net.), ` +
        `not ${relative.join(', ')}`,
    );
  return createZonefileProvider({ name: spec.name, location, nameservers, logger: context.logger });
}
