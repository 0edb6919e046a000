import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openZonefile } from '../../src/connect/index.js';
import { readLive } from '../../src/engine/read-live.js';
import type { DesiredState, DnsProvider } from '../../src/model/dns.js';

/**
 * readLive and the optional capabilities: a provider without secondary zones or geo services has neither reader,
 * and holds none of them, so owning the whole section (`manage: all`) reads nothing and finds nothing to delete.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-read-live-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const desired: DesiredState = {
  zones: [],
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'all', geoServices: 'all' },
  dnsProviders: [{ name: 'files', type: 'zonefile', options: {} }],
  geoProvider: 'files',
};

describe('readLive', () => {
  it('finds no secondary zones or geo services on a provider that has neither reader', async () => {
    const opened = await openZonefile(
      {},
      { name: 'files', declaredIn: join(dir, 'providers.yaml'), options: { directory: '.' } },
    );
    // Whatever the plug-in gives, the provider here has no reader of either section.
    const { readSecondaryZones: _s, readGeoServices: _g, ...files } = opened;
    const provider: DnsProvider = files;
    const live = await readLive(desired, { dns: { files: provider } });
    expect(live.dns.files).toEqual({ zones: {}, secondaryZones: [], geoServices: [] });
  });

  it('opens the zone file provider with neither reader nor compiler of those sections', async () => {
    const files = await openZonefile(
      {},
      { name: 'files', declaredIn: join(dir, 'providers.yaml'), options: { directory: '.' } },
    );
    expect([
      files.readSecondaryZones,
      files.readGeoServices,
      files.compileSecondary,
      files.compileGeo,
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
