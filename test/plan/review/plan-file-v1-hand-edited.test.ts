import { describe, expect, it } from 'vitest';
import { at, editedV1, readV1, V1_TEXT, v1Problems } from '../helpers/plan-v1.js';

/**
 * Version 1 plan files beyond the fixture as written (plan-file-v1.test.ts): the op kinds and values it lacks, and
 * a file edited by hand, which is refused as version 1, every problem at once.
 */

const zoneCreation = (serialStyle: string) =>
  editedV1((json) => {
    const step = at(
      json.steps,
      json.steps.findIndex((s) => s.id === 'zone:example.org'),
    );
    at(step.ops, 0).serialStyle = serialStyle;
  });

describe('reading a version 1 plan file, beyond the fixture', () => {
  it('converts a geo service creation: each group’s addresses become its A records (none: no records), nodes as written', () => {
    const nodes = [
      { zone: 'example.com', fqdn: 'geo.example.com' },
      { zone: 'example.org', fqdn: 'example.org' },
    ];
    const text = editedV1((json) => {
      at(json.steps, 0).ops = [
        {
          kind: 'create-geo',
          name: 'Global | Web',
          groups: [
            { name: 'Europe', countries: ['DE'], addresses: ['192.0.2.50', '192.0.2.51'] },
            { name: 'Parked', countries: ['FR'], addresses: [] },
          ],
          nodes,
        },
      ];
    });
    expect(readV1(text).steps[0]?.ops).toEqual([
      {
        kind: 'create-geo',
        name: 'Global | Web',
        groups: [
          {
            name: 'Europe',
            countries: ['DE'],
            records: [{ type: 'A', values: ['192.0.2.50', '192.0.2.51'] }],
          },
          { name: 'Parked', countries: ['FR'], records: [] },
        ],
        nodes,
      },
    ]);
  });

  it('reads a zone creation of every serial style version 1 wrote, and refuses another', () => {
    for (const style of ['increment', 'epoch', 'day', 'minute'])
      expect(
        readV1(zoneCreation(style)).steps.find((s) => s.id === 'zone:example.org')?.ops[0],
      ).toMatchObject({
        kind: 'create-zone',
        serialStyle: style,
      });
    expect(v1Problems(zoneCreation('hourly'))).toEqual([
      'steps.6.ops.0.serialStyle: Invalid option: expected one of "increment"|"epoch"|"day"|"minute" (format version 1)',
    ]);
  });

  it('refuses zones, a WAF budget and digests edited by hand, with every other problem of the file', () => {
    const digest = JSON.parse(V1_TEXT).fingerprints.desired;
    const pattern = 'Invalid string: must match pattern /^sha256:[0-9a-f]{64}$/ (format version 1)';
    const text = editedV1((json) => {
      at(json.zones, 0).serial = '41';
      Reflect.deleteProperty(at(json.zones, 1), 'zone');
      json.waf.applyRequests = -5;
      json.fingerprints.desired = `${digest}0`;
      at(json.fingerprints.targets, 0).live = `x${digest}`;
      at(json.steps, 1).target = 'geo';
    });
    expect(v1Problems(text)).toEqual([
      'zones.0.serial: Invalid input: expected number, received string (format version 1)',
      'zones.1.zone: Invalid input: expected string, received undefined (format version 1)',
      'waf.applyRequests: Too small: expected number to be >=0 (format version 1)',
      'steps.1.target: "geo" is not a kind:name target (format version 1)',
      `fingerprints.desired: ${pattern}`,
      `fingerprints.targets.0.live: ${pattern}`,
    ]);
  });
});
