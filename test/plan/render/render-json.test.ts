import { describe, expect, it } from 'vitest';
import { computePlan, type Plan, renderPlanJson } from '../../../src/plan/index.js';
import { shownPlan } from '../../../src/plan/shown-plan.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';
import { reviewFixture } from '../helpers/review-fixture.js';

function plan(): Plan {
  return computePlan(
    oneProviderDesired({
      zones: [
        desiredZone('example.com', {
          'www.example.com': [['192.0.2.2'], 60],
          'www.example.com TXT': [['"hello world"'], 60],
        }),
      ],
    }),
    oneProviderLive({
      zones: { 'example.com': liveZone('example.com', 41, { 'www.example.com': [[9, '192.0.2.1', 300]] }) },
    }),
    fakeProviders(),
  );
}

/** The same value with every object's keys in reverse order of construction. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

/** Keys of every object in the JSON text, in the order written, as `a,b,c` per object. */
function keyOrders(json: string): string[] {
  const orders: string[] = [];
  JSON.parse(json, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      orders.push(Object.keys(value).join(','));
    return value;
  });
  return orders;
}

describe('renderPlanJson', () => {
  it('writes format version 2, a fixed key order, 2-space indent and a trailing newline', () => {
    expect(renderPlanJson(plan())).toBe(`{
  "formatVersion": 2,
  "summary": {
    "create": 1,
    "update": 1,
    "delete": 0,
    "zones": 1
  },
  "zones": [
    {
      "zone": "example.com",
      "serial": 41
    }
  ],
  "changes": [
    {
      "address": {
        "kind": "record-set",
        "zone": "example.com",
        "fqdn": "www.example.com",
        "type": "A"
      },
      "action": "update",
      "before": {
        "ttl": 300,
        "values": [
          "192.0.2.1"
        ]
      },
      "after": {
        "ttl": 60,
        "values": [
          "192.0.2.2"
        ]
      }
    },
    {
      "address": {
        "kind": "record-set",
        "zone": "example.com",
        "fqdn": "www.example.com",
        "type": "TXT"
      },
      "action": "create",
      "before": null,
      "after": {
        "ttl": 60,
        "values": [
          "\\"hello world\\""
        ]
      }
    }
  ],
  "steps": [
    {
      "id": "zone:example.com",
      "kind": "zone",
      "provider": "fake-dns",
      "target": {
        "kind": "zone",
        "name": "example.com"
      },
      "after": [],
      "ops": [
        {
          "kind": "update-set",
          "zone": "example.com",
          "fqdn": "www.example.com",
          "type": "A",
          "ttl": 60,
          "values": [
            "192.0.2.2"
          ],
          "refs": [
            "9"
          ]
        },
        {
          "kind": "create-set",
          "zone": "example.com",
          "fqdn": "www.example.com",
          "type": "TXT",
          "ttl": 60,
          "values": [
            "\\"hello world\\""
          ],
          "refs": []
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
    for (const original of [plan(), reviewFixture().plan]) {
      expect(renderPlanJson(reversedKeys(original) as Plan)).toBe(renderPlanJson(original));
      expect(JSON.parse(renderPlanJson(original))).toEqual(shownPlan(original));
    }
  });

  it('orders the keys of the providers’ ops and of every section: identity first, values next, collections last', () => {
    const op = {
      ttl: 300,
      value: '192.0.2.1',
      ref: '7',
      type: 'A',
      fqdn: 'www.example.com',
      zone: 'example.com',
      kind: 'update-record',
    };
    const bots = {
      disable: ['b'],
      enable: ['a'],
      webapp: 'shop',
      webappId: 'a'.repeat(32),
      kind: 'set-good-bots',
    };
    const { plan: reviewed } = reviewFixture();
    const withOps: Plan = {
      ...reviewed,
      steps: [{ ...(reviewed.steps[0] as Plan['steps'][number]), ops: [op, bots] }],
    };
    const orders = keyOrders(renderPlanJson(withOps));
    expect(orders).toContain('kind,zone,fqdn,type,ref,value,ttl');
    expect(orders).toContain('kind,webappId,webapp,enable,disable');
    expect(orders).toContain(
      'formatVersion,summary,zones,changes,leftAlone,waf,needsApproval,steps,fingerprints',
    );
    expect(orders).toContain('address,action,before,after');
    expect(orders).toContain('id,kind,name,ref');
    expect(orders).toContain('name,countries,records');
    expect(orders).toContain('rname,ttl,serialStyle');
    expect(orders).toContain('enabled,mode');
    expect(orders).toContain('applyRequests,rereadRequests,requestsPerCall,rateLimit');
    expect(orders).toContain('target,changed,desired,serial,live');
    expect(orders).toContain('target,rule,message');
    expect(orders).toContain('id,kind,provider,target,after,ops');
  });
});
