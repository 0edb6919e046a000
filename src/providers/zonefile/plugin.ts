import * as z from '../../model/zod.js';
import type { DnsProviderPlugin } from '../plugin.js';
import { ZONEFILE_CAPABILITIES } from './capabilities.js';
import { DEFAULT_FILENAME, DEFAULT_MAX_FILE_MB, IN_GIT, inGitDirectory, MAX_FILE_MB } from './location.js';
import { labelZonefileOp } from './op-label.js';
import { parseZonefileOp, ZONEFILE_OP_SCHEMA } from './op-schema.js';

/** `type: zonefile`: a directory of RFC 1035 zone files in the repository, one file per zone. */
export const ZONEFILE: DnsProviderPlugin = {
  type: 'zonefile',
  description: 'a directory of RFC 1035 zone files (BIND, NSD, Knot), one per zone.',
  options: {
    directory: z.string({ error: 'must be a directory path' }).check(
      z.minLength(1, { error: 'must not be empty' }),
      z.refine((directory) => !inGitDirectory(directory), { error: `must not lie ${IN_GIT}` }),
      z.describe('the directory of the zone files, relative to the file that declares the provider.'),
    ),
    filename: z.string({ error: 'must be a file name pattern' }).check(
      z.refine((name) => !/[/\\]/.test(name) && name.split('{zone}').length === 2, {
        error: 'must be a file name (no directory) holding {zone} once, e.g. "{zone}.db"',
      }),
      z.describe(`the name of a zone's file, {zone} standing for the zone; default "${DEFAULT_FILENAME}".`),
    ),
    nameservers: z
      .array(
        z.string({ error: 'must be a host name' }).check(z.minLength(1, { error: 'must not be empty' })),
        {
          error: 'must be a list of host names',
        },
      )
      .check(z.describe('the apex NS records of the zone files the plan creates (absolute names).')),
    max_file_mb: z
      .number({ error: 'must be a number of megabytes' })
      .check(
        z.int({ error: 'must be a whole number of megabytes' }),
        z.minimum(1, { error: 'must be at least 1' }),
        z.maximum(MAX_FILE_MB, { error: `must be at most ${MAX_FILE_MB}` }),
        z.describe(
          `the largest zone file read, in megabytes (MiB); a larger file is refused unread. Default ${DEFAULT_MAX_FILE_MB}.`,
        ),
      ),
  },
  required: ['directory'],
  variables: {},
  capabilities: () => ZONEFILE_CAPABILITIES,
  open: async (spec, context) => (await import('./open.js')).openZonefile(spec, context),
  opSchema: ZONEFILE_OP_SCHEMA,
  labelOp: (op) => labelZonefileOp(parseZonefileOp(op)),
};
