import { FieldChecks } from './fields.js';
import { parseAbsoluteHostname } from './hostname.js';
import type { ParseResult, ValueProblem } from './record-type.js';
import { keyOfName, keyOfNumber, MAX_KEY, mandatoryKeys, type SvcParamKey } from './svcb-params.js';
import { escapeValue, scanParams } from './svcb-text.js';

/**
 * One SVCB or HTTPS value (RFC 9460 §2) as parts: SvcPriority, TargetName, and its SvcParams, each with its value
 * in wire octets. Every form of a value (YAML, a zone file, an API's fields, the wire) is read into parts, and the
 * canonical value is written from them by `fromParts`, which checks the RFC's rules across params.
 */
export interface SvcbParts {
  priority: unknown;
  target: ParseResult;
  /** The params as read, in their order, or the problems met reading them. */
  params: SvcParam[] | ValueProblem[];
}

export interface SvcParam {
  key: SvcParamKey;
  wire: Buffer;
}

/** One param as written, its value's octets already unescaped → its wire form, or the problem at `path`. */
export function readParam(
  key: SvcParamKey | string,
  text: Buffer | null,
  path: (string | number)[],
): SvcParam | ValueProblem {
  if (typeof key === 'string') return { path, message: key };
  const wire = key.toWire(text);
  return typeof wire === 'string' ? { path, message: wire } : { key, wire };
}

/** The SvcParams of presentation text (`alpn=h2 port=8443`) → params, or their problems (at `path`). */
export function presentationParams(text: string, path: (string | number)[]): SvcParam[] | ValueProblem[] {
  const scanned = scanParams(text);
  if (!scanned.ok) return [{ path, message: `the params are not presentation text: ${scanned.problem}` }];
  return collect(
    scanned.params.map(({ key, value }) => readParam(keyOfName(key, { strict: false }), value, path)),
  );
}

/** Params read one by one → all of them, or every problem among them. */
export function collect(read: (SvcParam | ValueProblem)[]): SvcParam[] | ValueProblem[] {
  const problems = read.filter((one): one is ValueProblem => 'message' in one);
  return problems.length > 0 ? problems : read.filter((one): one is SvcParam => 'key' in one);
}

/** Presentation text of a whole value (`1 . alpn=h2`) → parts; a zone file's names are absolute. */
export function presentationParts(text: string, type: string): SvcbParts | string {
  const [priority, target, ...rest] = text.trim().split(/\s+/);
  if (priority === undefined || priority === '' || target === undefined)
    return `"${text}" is not an ${type} value (priority target params)`;
  return {
    priority,
    target: parseAbsoluteHostname(target, { root: true }),
    params: presentationParams(rest.join(' '), ['params']),
  };
}

/**
 * Parts → the canonical value `<priority> <target> <key=value …>`, params in ascending key order (RFC 9460 §2.2),
 * or every problem: a key given twice (§2.1), params in AliasMode (priority 0, §2.4.2), a mandatory key missing
 * (§8), no-default-alpn without alpn (§7.1.1). `where` is the path of a param's problems (`['params', name]`).
 */
export function fromParts(parts: SvcbParts, where: (name: string) => (string | number)[]): ParseResult {
  const checks = new FieldChecks();
  const priority = checks.int('priority', parts.priority, 65535);
  const target = checks.take('target', parts.target);
  const problems: ValueProblem[] = isProblems(parts.params) ? [...parts.params] : [];
  const params = isProblems(parts.params) ? [] : parts.params;
  params.sort((a, b) => a.key.number - b.key.number);
  const numbers = params.map((param) => param.key.number);
  params.forEach((param, i) => {
    if (numbers[i - 1] === param.key.number)
      problems.push({
        path: where(param.key.name),
        message: `${param.key.name} is given twice (RFC 9460 §2.1)`,
      });
  });
  if (priority === 0 && params.length > 0)
    problems.push({
      path: ['params'],
      message:
        'priority 0 is AliasMode, which takes no params (RFC 9460 §2.4.2): give a priority of 1 or more',
    });
  const mandatory = params.find((param) => param.key.number === 0);
  for (const number of mandatory ? mandatoryKeys(mandatory.wire) : [])
    if (!numbers.includes(number))
      problems.push({
        path: where('mandatory'),
        message: `mandatory lists ${keyOfNumber(number).name}, which the params do not give (RFC 9460 §8)`,
      });
  if (numbers.includes(2) && !numbers.includes(1))
    problems.push({
      path: where('no-default-alpn'),
      message: 'no-default-alpn needs alpn beside it (RFC 9460 §7.1.1)',
    });
  const result = checks.result(() => [priority, target, ...params.map(paramText)].join(' '));
  if (problems.length === 0) return result;
  return { ok: false, problems: [...(result.ok ? [] : result.problems), ...problems] };
}

/** Wire params (key number, octets) → params, each value checked as its key reads it; key 65535 is invalid. */
export function wireParams(list: { number: number; wire: Buffer }[]): SvcParam[] | ValueProblem[] {
  return collect(
    list.map(({ number, wire }) => {
      if (number > MAX_KEY)
        return { path: ['params'], message: `key ${number} is reserved (RFC 9460 §14.3.2)` };
      const key = keyOfNumber(number);
      const text = key.toText(wire);
      return typeof text === 'string' ? { path: ['params'], message: text } : { key, wire };
    }),
  );
}

/** `key` or `key=value`, the value bare and escaped. */
function paramText({ key, wire }: SvcParam): string {
  const text = key.toText(wire);
  return text === null || typeof text === 'string' ? key.name : `${key.name}=${escapeValue(text)}`;
}

function isProblems(params: SvcParam[] | ValueProblem[]): params is ValueProblem[] {
  return params.some((one) => 'message' in one);
}
