/**
 * Numbers as edgeplan reads them in YAML (see yaml-reading.ts for why): decimal digits only. Its own module, free of
 * the `yaml` package, so the fast reader (fast-yaml.ts) does not load that package for the files it reads.
 */

/** A number as edgeplan reads it: an optional minus, digits without a leading zero, an optional decimal fraction. */
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const LEADING_ZERO = /^-?0[0-9]/;

/**
 * Why a scalar the parser read as a number is refused, or null when it is written in decimal. A whole number
 * written with a fraction (`3600.0`) is refused too: every number of the desired state is whole, and the schema,
 * which sees only the value 3600, would take it.
 */
export function numberProblem(source: string, value: number): string | null {
  const quote = 'or quote the value if it is text';
  if (DECIMAL.test(source)) {
    if (!Number.isInteger(value) || !source.includes('.')) return null;
    return `number ${source} is a whole number written with a decimal point: write ${value}, ${quote}`;
  }
  if (LEADING_ZERO.test(source))
    return `number ${source} has a leading zero, which YAML 1.1 reads as octal: write ${value}, ${quote}`;
  if (!Number.isFinite(value))
    return `${source} is not a number edgeplan reads: write decimal digits, ${quote}`;
  return `number ${source} is not written in decimal digits (YAML reads it as ${value}): write ${value}, ${quote}`;
}
