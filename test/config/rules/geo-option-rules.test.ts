import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AT, BAD, desired, problems, tempTree } from '../helpers.js';

/** Apart from good/: that directory is loaded as one desired state. */
const OPTIONS = 'test/fixtures/config/geo-options';

describe('geo service options', () => {
  it('loads TTL, active state, rename, per-value weights and labels, serve counts and TTLs', async () => {
    const state = await desired(`${OPTIONS}/good.yaml`);
    expect(state.geoServices).toEqual([
      {
        name: 'World Web',
        groups: [
          {
            name: 'Europe',
            countries: ['DE'],
            records: [
              // Once a value of a type has a weight (label), the others have the default 1 ("").
              {
                type: 'A',
                values: ['192.0.2.1', '192.0.2.2'],
                weights: [1, 3],
                labels: ['', 'eu-2'],
                serveCount: 1,
                ttl: 30,
              },
            ],
          },
          // No options given: none managed.
          { name: 'Plain', countries: ['FR'], records: [{ type: 'AAAA', values: ['2001:db8::1'] }] },
          {
            name: 'Rest',
            countries: ['@@'],
            records: [{ type: 'CNAME', values: ['web.example.net.'], labels: ['rest'] }],
          },
        ],
        nodes: [],
        ttl: 60,
        active: false,
        renamedFrom: 'Global Web',
        at: AT,
      },
    ]);
  });

  it('reports every problem of the options at once, where it was written', async () => {
    const file = `${BAD}/geo-options.yaml`;
    const group = 'group "Europe" of geo service "Global Web"';
    expect(await problems(file)).toEqual([
      `${file}:3:19: geo service "Global Web" is renamed from its own name`,
      `${file}:4:10: ttl must be an integer between 1 and 2147483647, got 0`,
      `${file}:5:13: active must be true or false, got "yes"`,
      `${file}:9:41: weight must be an integer between 1 and 15, got 16`,
      `${file}:9:74: label must not be empty, got ""`,
      `${file}:9:100: unknown key "color" in a[2] (expected value, weight, label)`,
      `${file}:10:27: ${group} serve_count: a is 4, but the group serves 3 a values`,
      `${file}:10:30: ${group} serve_count: aaaa is not a type the group serves`,
      `${file}:11:16: ${group} ttl: cname is not a type the group serves`,
      `${file}:13:19: geo service "New Web" is renamed from "Old Web", which is also listed at ${file}:20:3; a renamed service is listed under its new name only`,
      `${file}:15:84: weight must be an integer between 1 and 15, got 0`,
      `${file}:17:19: geo service "Other Web" is renamed from "Old Web", which is also listed at ${file}:20:3; a renamed service is listed under its new name only`,
      `${file}:17:19: geo services "New Web" and "Other Web" are both renamed from "Old Web": also at ${file}:13:19`,
      `${file}:19:76: a must be an integer of at least 1, got 0`,
    ]);
  });

  it('accepts a serve count equal to the number of values, and names a single value in the singular', async () => {
    const group = (serveCount: number) =>
      `geo_services:\n  Web:\n    groups:\n      - { name: All, countries: ["@@"], aaaa: ["2001:db8::1"], serve_count: { aaaa: ${serveCount} } }\n`;
    const dir = await tempTree({ 'equal.yaml': group(1), 'above.yaml': group(2) });
    const state = await desired(join(dir, 'equal.yaml'));
    expect(state.geoServices?.[0]?.groups[0]?.records).toEqual([
      { type: 'AAAA', values: ['2001:db8::1'], serveCount: 1 },
    ]);
    expect(await problems(join(dir, 'above.yaml'))).toEqual([
      `${dir}/above.yaml:4:85: group "All" of geo service "Web" serve_count: aaaa is 2, but the group serves 1 aaaa value`,
    ]);
  });

  it('leaves a serve count or rename the schema refuses (not a number, not a string, empty) to the schema alone', async () => {
    const service = (name: string, renamedFrom: string, group: string) =>
      `  ${name}:\n    renamed_from: ${renamedFrom}\n    groups: [{ name: All, countries: ["@@"], ${group} }]\n`;
    const yaml =
      'geo_services:\n' +
      service('Web', '5', 'a: [192.0.2.1], serve_count: { a: "5" }') +
      service('Other', '5', 'a: [192.0.2.2]') +
      service('Third', '""', 'a: [192.0.2.3]') +
      service('Fourth', '""', 'a: [192.0.2.4]');
    const dir = await tempTree({ 'geo.yaml': yaml });
    expect((await problems(join(dir, 'geo.yaml'))).map((line) => line.replaceAll(`${dir}/`, ''))).toEqual([
      'geo.yaml:3:19: renamed_from must be a string, got 5',
      'geo.yaml:4:80: a must be an integer of at least 1, got "5"',
      'geo.yaml:6:19: renamed_from must be a string, got 5',
      'geo.yaml:9:19: renamed_from must not be empty, got ""',
      'geo.yaml:12:19: renamed_from must not be empty, got ""',
    ]);
  });
});
