import { describe, expect, it } from 'vitest';
import { computePlan, PLAN_FORMAT_VERSION, type Plan, renderPlanJson } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';

function plan(): Plan {
  return computePlan(
    { zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.2'], 60] })] },
    { zones: { 'example.com': liveZone('example.com', 41, { 'www.example.com': [[9, '192.0.2.1', 300]] }) } },
  );
}

/** The same plan with every object's keys in reverse order of construction. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

describe('renderPlanJson', () => {
  it('writes a fixed key order, 2-space indent and a trailing newline', () => {
    expect(renderPlanJson(plan())).toBe(`{
  "formatVersion": ${PLAN_FORMAT_VERSION},
  "summary": {
    "create": 0,
    "update": 1,
    "delete": 0,
    "zones": 1
  },
  "zones": [
    {
      "zone": "example.com",
      "createZone": false,
      "serial": 41,
      "changes": [
        {
          "action": "update",
          "key": "www.example.com A",
          "fqdn": "www.example.com",
          "type": "A",
          "before": {
            "ttl": 300,
            "addresses": [
              "192.0.2.1"
            ]
          },
          "after": {
            "ttl": 60,
            "addresses": [
              "192.0.2.2"
            ]
          }
        }
      ]
    }
  ],
  "steps": [
    {
      "id": "zone:example.com",
      "kind": "zone",
      "target": "zone:example.com",
      "after": [],
      "ops": [
        {
          "kind": "update-record",
          "zone": "example.com",
          "fqdn": "www.example.com",
          "recordId": 9,
          "address": "192.0.2.2",
          "ttl": 60
        },
        {
          "kind": "publish",
          "zone": "example.com"
        }
      ]
    }
  ]
}
`);
  });

  it('does not depend on the order in which objects were built', () => {
    const original = plan();
    expect(renderPlanJson(reversedKeys(original) as Plan)).toBe(renderPlanJson(original));
    expect(JSON.parse(renderPlanJson(original))).toEqual(original);
  });
});
