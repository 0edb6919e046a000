import { describe, expect, it } from 'vitest';
import { DYN } from '../../support/one-provider.js';
import { BAD, desired, problems, tempTree } from '../helpers.js';

describe('secondary_zones rules', () => {
  it('reports every problem of the section at once: primary clash, masters, names, shapes', async () => {
    const file = `${BAD}/secondary-zones.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:3: EP1209 secondary zone "example.com" is also a primary zone under zones at ${file}:2:3; a zone is either primary or secondary`,
      `${file}:5:50: EP1108 address 198.51.100.1 is listed twice in the masters of secondary zone "partner.example.net": also at ${file}:5:36`,
      `${file}:5:64: EP1107 "198.51.100.300" is not a valid IPv4 address`,
      `${file}:6:3: EP1106 secondary zone name "partner" is not valid: a zone name needs at least two labels, e.g. example.com`,
      `${file}:7:33: EP1103 masters must list at least one master, got an empty list`,
      `${file}:8:48: EP1101 unknown key "contact" in secondary zone "typo.example.net"; did you mean contact_nickname? (expected masters, contact_nickname, tsig_key_name, providers)`,
    ]);
  });

  it('checks the name as written, less only a trailing dot, and reports a zone without masters once', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'secondary_zones:\n  partner.example-: { masters: [203.0.113.1] }\n  b.example.net: { tsig_key_name: k1 }\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/dns.yaml:2:3: EP1106 secondary zone name "partner.example-" is not valid: label "example-" starts or ends with "-"`,
      `${dir}/dns.yaml:3:3: EP1102 secondary zone "b.example.net" is missing required key "masters"`,
    ]);
  });

  it('sees a primary zone written in other letter case or with a trailing dot as the same zone', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  partner.example.net:\n    records: {}\nsecondary_zones:\n' +
        '  Partner.Example.NET.: { masters: [203.0.113.1] }\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/dns.yaml:5:3: EP1209 secondary zone "Partner.Example.NET." is also a primary zone under zones at ${dir}/dns.yaml:2:3; a zone is either primary or secondary`,
    ]);
  });

  it('refuses a secondary zone or geo service defined in two files, and settings that disagree', async () => {
    const dir = `${BAD}/across-files-services`;
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:3: EP1011 secondary zone "partner.example.net" is also defined at ${dir}/b.yaml:2:3 as "Partner.Example.Net."`,
      `${dir}/a.yaml:4:3: EP1011 geo service "Global Web" is also defined at ${dir}/b.yaml:4:3`,
      `${dir}/a.yaml:6:19: EP1012 settings.geo_services.manage is "all" here but "listed" at ${dir}/b.yaml:6:19`,
      `${dir}/b.yaml:2:3: EP1011 secondary zone "Partner.Example.Net." is also defined at ${dir}/a.yaml:2:3 as "partner.example.net"`,
      `${dir}/b.yaml:4:3: EP1011 geo service "Global Web" is also defined at ${dir}/a.yaml:4:3`,
      `${dir}/b.yaml:6:19: EP1012 settings.geo_services.manage is "listed" here but "all" at ${dir}/a.yaml:6:19`,
      `${dir}/b.yaml:7:30: EP1103 manage must be "listed" or "all", got "everything"`,
    ]);
  });

  it('normalises names, sorts masters as a set and keeps unset options null; manage settings merge', async () => {
    const dir = await tempTree({
      'a.yaml':
        'secondary_zones:\n  B.example.NET.: { masters: [198.51.100.9, 198.51.100.10], tsig_key_name: k1 }\n' +
        '  a.example.net: { masters: [203.0.113.1], contact_nickname: ops }\nsettings:\n  secondary_zones: { manage: all }\n',
      'b.yaml': 'settings:\n  secondary_zones: { manage: all }\n',
    });
    const state = await desired(dir);
    expect(state.secondaryZones).toEqual([
      {
        zone: 'a.example.net',
        at: { file: `${dir}/a.yaml`, line: 3, col: 3 },
        masters: ['203.0.113.1'],
        contactNickname: 'ops',
        tsigKeyName: null,
        providers: [DYN],
      },
      {
        zone: 'b.example.net',
        at: { file: `${dir}/a.yaml`, line: 2, col: 3 },
        masters: ['198.51.100.9', '198.51.100.10'],
        contactNickname: null,
        tsigKeyName: 'k1',
        providers: [DYN],
      },
    ]);
    expect(state.manage).toEqual({ secondaryZones: 'all', geoServices: 'listed' });
  });
});
