import { describe, expect, it } from 'vitest';
import { AT, BAD, desired, problems } from './helpers.js';

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
});
