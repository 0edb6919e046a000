/**
 * GitHub Actions expressions (`${{ … }}` and `if:`), as far as the example workflows use them: literals, context
 * paths (`github.event.pull_request.number`, `steps.plan.outputs.code`), `!`, `==`, `!=`, `<`, `>`, `&&`, `||`,
 * parentheses and the status functions. Semantics follow GitHub's: `&&`/`||` return an operand, `==` compares
 * strings case-insensitively and other types as numbers.
 *
 * Strict where GitHub is lenient: a path the contexts lack, or a function or operator outside this subset, throws,
 * so a workflow cannot use a value the test did not provide. Step and job outputs are the exception: an output that
 * was never set is '' on GitHub too.
 */

export type Value = string | number | boolean | null | { [key: string]: Value } | Value[];

export interface Scope {
  contexts: Record<string, Value>;
  /** The status functions: for a step, the job so far; for a job, its needs. */
  status: { success: boolean; cancelled: boolean };
}

/** Evaluates one expression, given without `${{ }}`. */
export function evaluate(expression: string, scope: Scope): Value {
  const parser = new Parser(tokenize(expression), scope, expression);
  const value = parser.expression();
  parser.end();
  return value;
}

/** Replaces every `${{ … }}` in a string with its value as text (GitHub's string conversion). */
export function interpolate(text: string, scope: Scope): string {
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, expression: string) => toText(evaluate(expression, scope)));
}

/** An `if:` condition: a bare expression, or one wrapped in `${{ }}`; without a status function, `success() && (…)`. */
export function condition(text: string | undefined, scope: Scope): boolean {
  if (text === undefined) return scope.status.success;
  const bare = text.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const value = evaluate(bare, scope);
  return /\b(success|failure|always|cancelled)\(\)/.test(bare)
    ? truthy(value)
    : scope.status.success && truthy(value);
}

export function toText(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function truthy(value: Value): boolean {
  return !(value === false || value === null || value === '' || value === 0 || Number.isNaN(value));
}

type Token = { kind: 'op' | 'string' | 'number' | 'name'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:('(?:[^']|'')*')|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*)|(==|!=|<=|>=|&&|\|\||[!<>().[\],]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) throw new Error(`expression \`${source}\`: cannot read from \`${source.slice(at)}\``);
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].slice(1, -1).replace(/''/g, "'") });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: 'name', text: m[3] });
    else tokens.push({ kind: 'op', text: m[4] ?? '' });
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly scope: Scope,
    private readonly source: string,
  ) {}

  end(): void {
    if (this.at < this.tokens.length) this.fail(`unexpected \`${this.tokens[this.at]?.text}\``);
  }

  expression(): Value {
    let left = this.and();
    while (this.take('||')) {
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): Value {
    let left = this.comparison();
    while (this.take('&&')) {
      const right = this.comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private comparison(): Value {
    const left = this.unary();
    for (const op of ['==', '!=', '<', '>', '<=', '>='] as const) {
      if (this.take(op)) return compare(op, left, this.unary());
    }
    return left;
  }

  private unary(): Value {
    if (this.take('!')) return !truthy(this.unary());
    return this.primary();
  }

  private primary(): Value {
    const token = this.tokens[this.at++];
    if (!token) return this.fail('unexpected end');
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'op' && token.text === '(') {
      const value = this.expression();
      this.expect(')');
      return value;
    }
    if (token.kind !== 'name') return this.fail(`unexpected \`${token.text}\``);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'null') return null;
    if (this.take('(')) return this.call(token.text);
    return this.path(token.text);
  }

  /** The status functions, which take no argument; any other function is outside the subset. */
  private call(name: string): Value {
    if (!['success', 'failure', 'cancelled', 'always'].includes(name)) {
      return this.fail(`function ${name}() is not supported by the test`);
    }
    this.expect(')');
    const { success, cancelled } = this.scope.status;
    if (name === 'success') return success && !cancelled;
    if (name === 'failure') return !success && !cancelled;
    if (name === 'cancelled') return cancelled;
    return true;
  }

  private path(root: string): Value {
    if (!Object.hasOwn(this.scope.contexts, root))
      return this.fail(`no context \`${root}\` in the test's table`);
    let value = this.scope.contexts[root] ?? null;
    const walked = [root];
    for (;;) {
      let key: string;
      if (this.take('.')) key = this.name();
      else if (this.take('[')) {
        const index = this.expression();
        this.expect(']');
        key = String(index);
      } else return value;
      walked.push(key);
      value = this.member(value, key, walked);
    }
  }

  private member(value: Value, key: string, walked: string[]): Value {
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, key)) {
      return (value as Record<string, Value>)[key] ?? null;
    }
    const isOutput = (walked[0] === 'steps' || walked[0] === 'needs') && walked[2] === 'outputs';
    if (isOutput && walked.length === 4) return '';
    return this.fail(`\`${walked.join('.')}\` is not in the test's table`);
  }

  private name(): string {
    const token = this.tokens[this.at++];
    if (token?.kind !== 'name') return this.fail('expected a property name');
    return token.text;
  }

  private take(op: string): boolean {
    const token = this.tokens[this.at];
    if (token?.kind !== 'op' || token.text !== op) return false;
    this.at++;
    return true;
  }

  private expect(op: string): void {
    if (!this.take(op)) this.fail(`expected \`${op}\``);
  }

  private fail(message: string): never {
    throw new Error(`expression \`${this.source.trim()}\`: ${message}`);
  }
}

function compare(op: '==' | '!=' | '<' | '>' | '<=' | '>=', left: Value, right: Value): boolean {
  const strings = typeof left === 'string' && typeof right === 'string';
  const a = strings ? left.toLowerCase() : toNumber(left);
  const b = strings ? (right as string).toLowerCase() : toNumber(right);
  if (op === '==') return a === b;
  if (op === '!=') return a !== b;
  if (op === '<') return a < b;
  if (op === '>') return a > b;
  if (op === '<=') return a <= b;
  return a >= b;
}

function toNumber(value: Value): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value);
  return Number.NaN;
}
