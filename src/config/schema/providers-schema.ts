import { boundedArray } from '../../model/bounded-issues.js';
import type { ProviderType } from '../../model/dns-provider-spec.js';
import { parseNameServer } from '../../model/name-server.js';
import * as z from '../../model/zod.js';

/**
 * Schemas of the `providers:` section and of the `providers` list of a zone or secondary zone (see schema.ts for
 * the conventions). An entry's schema is built from the provider types config is given (their plug-ins'): `type`
 * one of them, and every key any type has, each optional. Which keys a type needs, keys of another type, names that
 * exist, and what each provider supports are checked by provider-rules.ts.
 */

/** A provider's name: what plans and `--target` show after `@` (`zone:example.com@pdns`). */
export const PROVIDER_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]*$';

/** The schema of one `providers:` entry, for these types (built once per list of types). */
export function dnsProviderSchema(types: readonly ProviderType[]) {
  const built = BUILT.get(types);
  if (built) return built;
  const schema = buildEntrySchema(types);
  BUILT.set(types, schema);
  return schema;
}

const BUILT = new WeakMap<readonly ProviderType[], ReturnType<typeof buildEntrySchema>>();

function buildEntrySchema(types: readonly ProviderType[]) {
  const names = types.map((type) => type.type);
  const keys = [...new Set(types.flatMap((type) => Object.keys(type.options)))];
  const options = Object.fromEntries(keys.map((key) => [key, optionSchema(key, types)]));
  const type = z.string({ error: `must be one of ${names.join(', ')}` }).check(
    z.refine((name) => names.includes(name), { error: `must be one of ${names.join(', ')}` }),
    z.meta({ enum: names }),
    z.describe(`${types.map((t) => `${t.type}: ${t.description.replace(/\.$/, '')}`).join('; ')}.`),
  );
  return z
    .strictObject({ type, ...options, verify_at: VerifyAt })
    .check(z.describe('A DNS provider the desired state writes to, by the name zones list it under.'));
}

/**
 * `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT` (model/name-server.ts parses them); a host name may be in Unicode
 * (its A-labels are asked).
 */
const SERVER_PATTERN = '^(?:\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._\\u0080-\\uFFFF-]+)(?::[0-9]{1,5})?$';
const SERVER_ERROR = 'must be HOST, HOST:PORT or [IPv6]:PORT';

/** One `verify_at` address: its shape, then its port (1–65535), so that `verify` never meets one it cannot use. */
const ServerAddress = z.string({ error: SERVER_ERROR }).check(
  z.regex(new RegExp(SERVER_PATTERN), { error: SERVER_ERROR, abort: true }),
  z.refine((text) => !('problem' in parseNameServer(text)), {
    error: (issue) => {
      const read = parseNameServer(String(issue.input));
      return 'name' in read
        ? `must be a name UTS #46 maps to A-labels: ${read.problem}`
        : 'must have a port from 1 to 65535';
    },
  }),
);

/** `verify_at`, a key of every type: edgeplan's own, not its plug-in's (DnsProviderSpec.verifyAt). */
const VerifyAt = z
  .optional(
    z
      .array(ServerAddress, {
        error: 'must be a list of name server addresses',
      })
      .check(z.minLength(1, { error: 'must list at least one name server' })),
  )
  .check(
    z.describe(
      "The name servers `verify` and `apply --wait-served` ask for this provider's zones, instead of each zone's NS set (servers not delegated to yet, a hidden primary): HOST, HOST:PORT or [IPv6]:PORT.",
    ),
  );

/**
 * A key's schema: the first type's that has it, described per type (`dyn: …; powerdns: …`) where it means
 * something different to each.
 */
function optionSchema(key: string, types: readonly ProviderType[]): z.ZodMiniOptional<z.ZodMiniType> {
  const having = types.filter((type) => Object.hasOwn(type.options, key));
  const [first] = having.map((type) => type.options[key] as z.ZodMiniType);
  const described = having.map(
    (type) =>
      `${type.type}: ${((type.options[key] && z.globalRegistry.get(type.options[key])?.description) ?? key).replace(/\.$/, '')}`,
  );
  return z.optional(first as z.ZodMiniType).check(z.describe(`${described.join('; ')}.`));
}

export const ProviderNameKey = z.string().check(z.meta({ pattern: PROVIDER_NAME_PATTERN }));

export const ProviderList = boundedArray(z.string({ error: 'must be a provider name' }), {
  error: 'must be a list of provider names',
}).check(
  z.minLength(1, { error: 'must list at least one provider' }),
  z.describe('The providers under `providers:` that serve it; default: the one provider configured.'),
);
