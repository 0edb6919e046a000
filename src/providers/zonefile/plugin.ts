import { z } from 'zod';
import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import { parseAbsoluteHostname } from '../../model/record-types/hostname.js';
import type { DnsProviderPlugin, ProviderContext } from '../plugin.js';
import { ZONEFILE_CAPABILITIES } from './capabilities.js';
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
      .regex(/^[^/\\]*\{zone\}[^/\\]*$/, {
        error: 'must be a file name holding {zone} once, e.g. "{zone}.db"',
      })
      .refine((name) => name.split('{zone}').length === 2, { error: 'must hold {zone} exactly once' })
      .describe(`the name of a zone's file, {zone} standing for the zone; default "${DEFAULT_FILENAME}".`),
    nameservers: z
      .array(
        z.string({ error: 'must be a host name' }).refine((name) => parseAbsoluteHostname(name).ok, {
          error: 'must be an absolute host name with its trailing dot (ns1.example.net.)',
        }),
        { error: 'must be a list of host names' },
      )
      .min(1, { error: 'must name at least one name server' })
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
  return createZonefileProvider({ name: spec.name, location, nameservers, logger: context.logger });
}
