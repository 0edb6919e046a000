import type { GeoChange, SecondaryChange, WebappChange } from '../../../src/model/change.js';
import type { GeoPart, ProviderOp, ZoneCompileInput } from '../../../src/model/provider.js';
import * as z from '../../../src/model/zod.js';
import type { PlanProviders } from '../../../src/plan/index.js';
import { DYN } from '../../support/one-provider.js';

/**
 * Providers for plan tests: compilers that turn each change into one readable op (a real provider's ops are its
 * own business and tested there), and remember what they were asked to compile so that tests can check the plan
 * hands each provider exactly the right changes.
 */
export interface FakeCalls {
  zones: ZoneCompileInput[];
  secondaries: SecondaryChange[];
  geo: { change: GeoChange; part: GeoPart }[];
  webapps: WebappChange[];
}

export const FAKE_DNS = 'fake-dns';
export const FAKE_WAF = 'fake-waf';
export const FAKE_REQUESTS_PER_CALL = 3;

export function fakeProviders(): PlanProviders & { calls: FakeCalls } {
  const calls: FakeCalls = { zones: [], secondaries: [], geo: [], webapps: [] };
  return {
    calls,
    dns: {
      [DYN]: {
        name: FAKE_DNS,
        compileZone(input) {
          calls.zones.push(input);
          const { zone } = input;
          return [
            ...(input.create ? [{ kind: 'create-zone', zone, ...input.create }] : []),
            ...input.sets.map(({ change, live }): ProviderOp => {
              const { fqdn, type } = change.address;
              const after = change.after ? { ttl: change.after.ttl, values: change.after.values } : {};
              return {
                kind: `${change.action}-set`,
                zone,
                fqdn,
                type,
                ...after,
                refs: live.map((r) => r.ref),
              };
            }),
            { kind: 'publish', zone },
          ];
        },
        compileSecondary(change) {
          calls.secondaries.push(change);
          return [{ kind: `${change.action}-secondary`, zone: change.address.zone }];
        },
        compileGeo(change, part) {
          calls.geo.push({ change, part });
          return [{ kind: `${change.action}-geo`, name: change.address.name, part }];
        },
      },
    },
    waf: {
      name: FAKE_WAF,
      requestsPerCall: FAKE_REQUESTS_PER_CALL,
      compilePurge(change) {
        const purge = change.after?.purge;
        return purge ? [{ kind: 'purge', ref: change.address.ref, paths: purge.paths }] : [];
      },
      compileWebapp(change) {
        calls.webapps.push(change);
        const ids = (bots: { id: string }[] | undefined) => (bots ?? []).map((bot) => bot.id);
        return [
          {
            kind: 'set-bots',
            ref: change.address.ref,
            before: ids(change.before?.enabled),
            after: ids(change.after?.enabled),
          },
        ];
      },
    },
  };
}

/** What a saved plan's fake ops are checked with (a real provider exports its own op schema). */
export const FAKE_OP_SCHEMAS = {
  [FAKE_DNS]: z.looseObject({
    kind: z.enum([
      'create-zone',
      'create-set',
      'update-set',
      'delete-set',
      'publish',
      'create-secondary',
      'update-secondary',
      'delete-secondary',
      'create-geo',
      'update-geo',
      'delete-geo',
    ]),
  }),
  [FAKE_WAF]: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('set-bots'),
      ref: z.string(),
      before: z.array(z.string()),
      after: z.array(z.string()),
    }),
    z.strictObject({ kind: z.literal('purge'), ref: z.string(), paths: z.array(z.string()) }),
  ]),
};
