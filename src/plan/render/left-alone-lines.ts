import { shownOn } from '../../model/shown-provider.js';
import { plural } from '../../model/text.js';
import type { LeftAlone, Plan } from '../types.js';

/** How the section starts, in text and in markdown. */
export const LEFT_ALONE_HEAD =
  'Left alone (types edgeplan does not manage: never changed, deleted or copied):';

/**
 * One line per zone and provider of `plan.leftAlone`, every record named (`<fqdn> <TYPE>`), then a line naming what
 * the provider will not get from the zone's other providers:
 *
 *   example.com on dyn: 2 record sets: example.com DNSKEY, office.example.com LOC
 *   example.com on pdns will not get 2 record sets the zone's other providers hold: example.com DNSKEY, …
 */
export function leftAloneLines(plan: Plan): string[] {
  const where = (entry: LeftAlone) => `${entry.zone}${shownOn(entry.provider, plan.implicitProvider)}`;
  return (plan.leftAlone ?? []).flatMap((entry) => [
    ...(entry.records.length > 0 ? [`${where(entry)}: ${counted(entry.records)}`] : []),
    ...(entry.notCopied
      ? [`${where(entry)} will not get ${counted(entry.notCopied, " the zone's other providers hold")}`]
      : []),
  ]);
}

function counted(names: readonly string[], after = ''): string {
  return `${plural(names.length, 'record set')}${after}: ${names.join(', ')}`;
}
