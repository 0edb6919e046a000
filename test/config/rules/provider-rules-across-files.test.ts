import { describe, expect, it } from 'vitest';
import { type LoadOptions, loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';
import { catalogueWith, tempTree } from '../helpers.js';

/**
 * Rules of `providers:` a single file does not reach: a zone's lists in several files, which provider holds the
 * geo services, and several providers able to hold them.
 */

const PROVIDERS = `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
`;

async function problemsOf(
  files: Record<string, string>,
  options: LoadOptions = { catalogue: PROVIDER_CATALOGUE },
): Promise<string[]> {
  const dir = await tempTree(files);
  const result = await loadDesiredState([dir], options);
  return result.ok ? [] : result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${dir}/`, ''));
}

describe('providers: rules, edges', () => {
  it("a zone's providers lists must agree across files, in any order", async () => {
    const zone = (list: string) => `zones:\n  example.com:\n    providers: ${list}\n    records: {}\n`;
    expect(
      await problemsOf({ 'p.yaml': PROVIDERS, 'a.yaml': zone('[dyn, pdns]'), 'b.yaml': zone('[pdns, dyn]') }),
    ).toEqual([]);
    expect(
      await problemsOf({ 'p.yaml': PROVIDERS, 'a.yaml': zone('[dyn, pdns]'), 'b.yaml': zone('[dyn]') }),
    ).toEqual([
      'a.yaml:3:5: providers of zone "example.com" are ["dyn","pdns"] here but ["dyn"] at b.yaml:3:5',
      'b.yaml:3:5: providers of zone "example.com" are ["dyn"] here but ["dyn","pdns"] at a.yaml:3:5',
    ]);
  });

  it('the provider whose type supports geo services holds them, and a node on another provider is refused', async () => {
    const yaml = `${PROVIDERS}zones:
  example.com: { providers: [pdns], records: {} }
geo_services:
  Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
`;
    expect(await problemsOf({ 'd.yaml': yaml })).toEqual([
      'd.yaml:9:40: geo service "Web": node geo.example.com is in zone "example.com", which is on "pdns"; geo services are dyn\'s alone',
    ]);
  });

  it('refuses geo services several providers could hold, naming them', async () => {
    const catalogue = catalogueWith(() => ({
      recordTypes: ['A'],
      geoServices: true,
      secondaryZones: true,
      maxRecordsPerName: {},
    }));
    const yaml = `${PROVIDERS}geo_services:
  Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
`;
    expect(await problemsOf({ 'd.yaml': yaml }, { catalogue })).toEqual([
      'd.yaml:5:3: geo service "Web": geo services are held by one provider, but dyn and pdns all support them',
    ]);
  });
});
