import { describe, expect, it } from 'vitest';
import { DYN } from '../../support/one-provider.js';
import { AT, BAD, desired, problems } from '../helpers.js';

describe('geo_services rules', () => {
  it('checks groups: unique names, country codes, a country in one group, IPv4, non-empty lists', async () => {
    const file = `${BAD}/geo-groups.yaml`;
    const codes =
      'use ISO 3166-1 alpha-2 (DE), a US state or Canadian province in lower case (ny), a region 11-17 or one of @@, @!, A1, A2, O1';
    expect(await problems(file)).toEqual([
      `${file}:4:17: EP1213 group "Europe" of geo service "Global Web" is also defined at ${file}:6:17`,
      `${file}:4:45: EP1109 "it" is not a country code; countries are upper case ("IT"), lower case is for US states and Canadian provinces`,
      `${file}:4:49: EP1109 "EU" is not a country code: ${codes}`,
      `${file}:4:53: EP1108 country DE is listed twice in group "Europe": also at ${file}:4:37`,
      `${file}:4:74: EP1104 group "Europe" of geo service "Global Web" A: "192.0.2.500" is not an IPv4 address`,
      `${file}:5:35: EP1214 country FR is already in group "Europe" at ${file}:4:41; a country may be in one group of a service`,
      `${file}:5:72: EP1108 group "West" of geo service "Global Web" A: value 192.0.2.51 is listed twice: also at ${file}:5:60`,
      `${file}:6:17: EP1213 group "Europe" of geo service "Global Web" is also defined at ${file}:4:17`,
      `${file}:6:36: EP1103 countries must list at least one country code, got an empty list`,
      `${file}:7:3: EP1106 geo service name " Padded" starts or ends with a space`,
      `${file}:8:13: EP1103 groups must list at least one group, got an empty list`,
    ]);
  });

  it('checks nodes: inside their zone, one service each, listed once, no plain A records', async () => {
    const file = `${BAD}/geo-nodes.yaml`;
    const noA = 'a node linked to a geo service carries no plain A records';
    expect(await problems(file)).toEqual([
      `${file}:4:7: EP1212 record geo.example.com is a node of geo service "Web A" at ${file}:9:36; ${noA}`,
      `${file}:9:36: EP1212 node geo.example.com also has plain A records under zones at ${file}:4:7; ${noA}`,
      `${file}:10:36: EP1210 node name "www.example.org" is not inside zone "example.com"`,
      `${file}:11:32: EP1210 node zone "example" is not valid: a zone name needs at least two labels, e.g. example.com`,
      `${file}:12:36: EP1211 node shared.example.com is also linked to geo service "Web B" at ${file}:16:40; a node may belong to one geo service`,
      `${file}:13:36: EP1211 node shared.example.com is listed twice in geo service "Web A" at ${file}:12:36`,
      `${file}:16:40: EP1211 node shared.example.com is also linked to geo service "Web A" at ${file}:12:36`,
    ]);
  });

  it('loads the quickstart example: names kept, groups by name, countries and nodes sorted', async () => {
    const state = await desired('examples/quickstart/dns/geo-and-secondary.yaml');
    expect(state.geoServices).toEqual([
      {
        name: 'Global Web',
        groups: [
          { name: 'Europe', countries: ['DE', 'FR', 'GB'], records: [{ type: 'A', values: ['192.0.2.50'] }] },
          { name: 'Everyone else', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.70'] }] },
          { name: 'North America', countries: ['11'], records: [{ type: 'A', values: ['192.0.2.60'] }] },
        ],
        nodes: [
          { zone: 'example.com', fqdn: 'geo.example.com' },
          { zone: 'example.org', fqdn: 'geo.example.org' },
        ],
        at: AT,
      },
    ]);
    expect(state.secondaryZones).toEqual([
      {
        zone: 'partner.example.net',
        at: AT,
        masters: ['198.51.100.1', '198.51.100.2'],
        contactNickname: null,
        tsigKeyName: null,
        providers: [DYN],
      },
    ]);
  });
});
