/**
 * Which zone names the emulated service takes, for a new zone, a secondary zone, a zone file's zone and a seed's
 * zones alike: lower case, at most 253 characters, at least two labels of letters, digits, `-` and `_` (no `-` at
 * either end), as edgeplan's own `zoneNameProblem` asks of a Dyn zone. `arpa` alone is refused.
 */
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

export function isZoneName(name: string): boolean {
  const labels = name.split('.');
  return name.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l));
}
