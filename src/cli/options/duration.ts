import { InvalidArgumentError } from 'commander';

/**
 * A duration flag's value (`--wait-served=90s`) → milliseconds: `1500ms`, `90s`, `5m`, or a number of seconds
 * (`120`, `2.5`). Anything else, less than a millisecond included, is refused with commander's usage error.
 */
export function parseDuration(value: string): number {
  const found = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  const unit = found?.[2] ?? 's';
  const ms = Math.round(Number(found?.[1]) * (unit === 'ms' ? 1 : unit === 's' ? 1_000 : 60_000));
  if (!found || !(ms >= 1)) throw new InvalidArgumentError('expected a duration such as 90s, 5m or 1500ms');
  return ms;
}
