import type { Diagnostic } from '../../model/diagnostic.js';
import type { DnsProviderSpec, ProviderCatalogue, ProviderVariable } from '../../model/dns-provider-spec.js';
import { diagnosticAt, entryOf, isMap, type PEntry, type Position, where } from '../read/positioned.js';
import { providerTypeOf } from './provider-lists.js';

/** One variable a provider reads: named by `key` in its entry (`at` the value), or by default (`at` the provider). */
interface Use {
  provider: string;
  key: string;
  variableOf: ProviderVariable;
  role: string;
  variable: string;
  at: Position;
  named: boolean;
}

const ONE_ROLE = 'a variable serves one role of one provider only';

/**
 * The roles of the variables providers read (model/dns-provider-spec.ts, ProviderCatalogue; the `EDGEPLAN_` prefix
 * is the schema's):
 * - a variable edgeplan reads for another role (the WAF client secret as a PowerDNS key, the Dyn password as a
 *   user name) is refused where it is named;
 * - a variable that two providers, or two keys of one, read is refused at each place that names it, naming the
 *   other; a provider that reads such a variable by default (a dyn provider without `user_env`) is refused once, at
 *   its name, listing the keys it must name.
 */
export function envDiagnostics(
  entries: readonly PEntry[],
  specs: readonly DnsProviderSpec[],
  catalogue: ProviderCatalogue,
): Diagnostic[] {
  const uses = entries.flatMap((entry) => {
    const spec = specs.find((s) => s.name === entry.key);
    return spec ? usesOf(entry, spec, catalogue) : [];
  });
  const diagnostics: Diagnostic[] = [];
  const sharing = new Map<Use, Use>();
  const misuse = (use: Use) => builtInMisuse(use, catalogue.builtInVariables);
  for (const use of uses) {
    const misused = misuse(use);
    if (misused) diagnostics.push(misused);
  }
  // A variable named for a role it does not have is reported as that alone, not also as shared with its owner.
  const rightful = uses.filter((use) => misuse(use) === null);
  for (const use of rightful) {
    const other = rightful.find((u) => u !== use && u.variable === use.variable);
    if (other) sharing.set(use, other);
  }
  // A provider that reads shared variables by default: one problem per other provider, at its name.
  const defaulted = new Map<string, { use: Use; other: Use; uses: Use[] }>();
  for (const [use, other] of sharing) {
    if (use.named) {
      diagnostics.push(
        diagnosticAt(use.at, `${use.key}: ${use.variable} is also ${described(other)}, and ${ONE_ROLE}`),
      );
      continue;
    }
    const pair = JSON.stringify([use.provider, other.provider]);
    const found = defaulted.get(pair) ?? { use, other, uses: [] };
    found.uses.push(use);
    defaulted.set(pair, found);
  }
  for (const { use, other, uses: shared } of defaulted.values()) {
    const variables = shared.map((u) => u.variable).join(', ');
    const keys = shared.map((u) => u.key).join(', ');
    const message =
      `provider "${use.provider}" reads ${variables} by default, which provider "${other.provider}" reads too; ` +
      `${ONE_ROLE}: give it its own ${keys}`;
    diagnostics.push(diagnosticAt(use.at, message));
  }
  return diagnostics;
}

function usesOf(entry: PEntry, spec: DnsProviderSpec, catalogue: ProviderCatalogue): Use[] {
  const variables = providerTypeOf(catalogue, spec.type)?.variables ?? {};
  return Object.entries(variables).flatMap(([key, variableOf]): Use[] => {
    const use = { provider: spec.name, key, variableOf, role: variableOf.role };
    const node = isMap(entry.value) ? entryOf(entry.value, key)?.value : undefined;
    if (node?.kind === 'scalar' && typeof node.value === 'string')
      return [{ ...use, variable: node.value, at: node.pos, named: true }];
    const variable = variableOf.default;
    return variable ? [{ ...use, variable, at: entry.keyPos, named: false }] : [];
  });
}

/**
 * The problem of a variable edgeplan reads by its own name (`builtIn`), named for another role than its own (the
 * default of this key); null when it is not one.
 */
function builtInMisuse(use: Use, builtIn: Readonly<Record<string, string>>): Diagnostic | null {
  const what = Object.hasOwn(builtIn, use.variable) ? builtIn[use.variable] : undefined;
  if (what === undefined || !use.named || use.variableOf.default === use.variable) return null;
  return diagnosticAt(
    use.at,
    `${use.key}: ${use.variable} is ${what}, and ${ONE_ROLE}: name a variable of its own for the ` +
      `${use.role} of provider "${use.provider}"`,
  );
}

/** `the password of provider "dyn" (password_env at f:2:3)`, or `… (by default)`. */
function described(use: Use): string {
  const how = use.named ? `${use.key} at ${where(use.at)}` : `its ${use.key} by default`;
  return `the ${use.role} of provider "${use.provider}" (${how})`;
}
