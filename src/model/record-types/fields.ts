import { isWellFormed } from './character-strings.js';
import { intField } from './numbers.js';
import type { ParseResult, ValueProblem } from './record-type.js';

/**
 * Checks the fields of one value and reports every problem at once, each at its field's path, then builds the
 * canonical value when there is none:
 * `const f = new FieldChecks(); const port = f.int('port', input.port, 65535); … return f.result(() => …)`.
 */
export class FieldChecks {
  readonly #problems: ValueProblem[] = [];

  /** An integer field in `0…max` (a number or a string of digits); NaN when it is not one. */
  int(field: string, value: unknown, max: number): number {
    const number = intField(value, max);
    if (number !== undefined) return number;
    this.refuse(field, `${field} must be an integer between 0 and ${max}, got ${describe(value)}`);
    return NaN;
  }

  /** A field parsed on its own (a name, hex data): its canonical text, its problems moved under `field`. */
  take(field: string, result: ParseResult): string {
    if (result.ok) return result.value;
    for (const problem of result.problems)
      this.#problems.push({ ...problem, path: [field, ...problem.path] });
    return '';
  }

  /** A text field (a CAA value, a NAPTR regexp) of at most `maxOctets` in UTF-8; '' when it is not one. */
  text(field: string, value: unknown, maxOctets = Number.POSITIVE_INFINITY): string {
    if (typeof value !== 'string') this.refuse(field, `${field} must be UTF-8 text`);
    else if (!isWellFormed(value))
      this.refuse(field, `${field} is not valid Unicode (it has a lone surrogate)`);
    else if (Buffer.byteLength(value, 'utf8') > maxOctets)
      this.refuse(field, `${field} has ${Buffer.byteLength(value, 'utf8')} octets (at most ${maxOctets})`);
    else return value;
    return '';
  }

  refuse(field: string, message: string): void {
    this.#problems.push({ path: [field], message });
  }

  result(build: () => string): ParseResult {
    return this.#problems.length > 0 ? { ok: false, problems: this.#problems } : { ok: true, value: build() };
  }
}

/** A field of an API's or a zone file's value as text: strings as they are, numbers in decimal, else empty. */
export function textField(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
