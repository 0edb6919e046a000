import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import { parseAbsoluteHostname } from '../../model/record-types/hostname.js';
import type { ProviderContext } from '../plugin.js';
import { ZonefileSetupError } from './errors.js';
import { createZonefileProvider } from './index.js';
import { DEFAULT_FILENAME, DEFAULT_MAX_FILE_MB, locationOf } from './location.js';

/**
 * The directory the entry names, relative to the desired-state file that declares it; the run's signal stops its
 * reads (SIGINT, SIGTERM, the command ending).
 */
export function openZonefile(spec: DnsProviderSpec, context: ProviderContext): DnsProvider {
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
  const maxFileMb = typeof options.max_file_mb === 'number' ? options.max_file_mb : DEFAULT_MAX_FILE_MB;
  return createZonefileProvider({
    name: spec.name,
    location,
    nameservers,
    maxFileBytes: maxFileMb * 1024 * 1024,
    logger: context.logger,
    ...(context.signal ? { signal: context.signal } : {}),
  });
}
