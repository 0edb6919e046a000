/**
 * What `edgeplan import` writes for a geo service loads back as that service with every option the service
 * showed: its TTL and active state, each value's weight and label, each type's serve count and TTL. So an imported
 * service plans empty, and what the options say is in the YAML, not only live.
 */
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { importDocuments } from '../../src/import/documents.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { GeoService } from '../../src/model/geo.js';
import { DYN_LIKE, tempTree } from './helpers.js';

async function roundTrip(service: GeoService): Promise<{ text: string; loaded: GeoService | undefined }> {
  const dns = { zones: [], secondaryZones: [], geoServices: [{ service, problems: [] }] };
  const { files } = importDocuments(dns, undefined, false);
  const dir = await tempTree(Object.fromEntries(files.map((file) => [file.name, file.text])));
  const result = await loadDesiredState([dir], DYN_LIKE);
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  const [loaded] = result.desired.geoServices ?? [];
  return { text: files.map((f) => f.text).join('\n'), loaded };
}

describe('import writes geo service options that config loads back', () => {
  it('the service TTL, active state, weights, labels, serve counts and TTLs', async () => {
    const live: GeoService = {
      name: 'Global Web',
      groups: [
        {
          name: 'Europe',
          countries: ['DE'],
          records: [
            {
              type: 'A',
              values: ['192.0.2.1', '192.0.2.2'],
              weights: [3, 1],
              labels: ['', 'eu-2'],
              serveCount: 1,
              ttl: 60,
            },
          ],
        },
        {
          name: 'Rest',
          countries: ['@@'],
          records: [{ type: 'CNAME', values: ['web.example.net.'], weights: [2], ttl: 300 }],
        },
      ],
      nodes: [],
      ttl: 45,
      active: false,
    };
    const { text, loaded } = await roundTrip(live);
    expect(text).toContain('value: 192.0.2.2, weight: 1, label: eu-2');
    const { at: _, ...service } = loaded ?? { name: '', groups: [], nodes: [] };
    expect(service).toEqual(live);
  });

  it('a service without options writes none: the YAML is what it was before', async () => {
    const plain: GeoService = {
      name: 'Plain',
      groups: [{ name: 'Rest', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.9'] }] }],
      nodes: [],
    };
    const { text, loaded } = await roundTrip(plain);
    expect(text).not.toMatch(/weight|label|serve_count|ttl|active/);
    expect(loaded).toMatchObject(plain);
  });
});
