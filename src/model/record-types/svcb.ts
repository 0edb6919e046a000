import * as z from '../zod.js';
import { hostnameToYaml, hostnameYaml, parseApiHostname, parseHostname } from './hostname.js';
import { byLeadingNumbers, uint16 } from './numbers.js';
import { type RecordType, refused } from './record-type.js';
import { keyOfName } from './svcb-params.js';
import { decodeValue } from './svcb-text.js';
import {
  collect,
  fromParts,
  presentationParams,
  presentationParts,
  readParam,
  type SvcbParts,
} from './svcb-value.js';

/**
 * RFC 9460 §2.4.1: "if any AliasMode records are present in the RRset, clients SHOULD ignore ServiceMode records",
 * and a set holds at most one AliasMode record (§2.4.2, "only a single AliasMode record"). A set that mixes the
 * modes, or holds two AliasMode values, serves something other than it says: refused at validation.
 */
const ALIAS_MODE_ALONE =
  'RFC 9460 §2.4.1: an AliasMode value (priority 0) stands alone in its set; clients ignore ServiceMode values ' +
  'beside it, and a set holds one AliasMode value at most';

/**
 * SVCB and HTTPS (RFC 9460): a priority (0 is AliasMode, 1–65535 ServiceMode), a target name (`.`: in ServiceMode
 * the owner name itself, in AliasMode "no service"), and in ServiceMode the SvcParams, a map from each key's
 * presentation name to its presentation value (a <character-string>'s content: `\X` and `\DDD` escape, as in a zone
 * file). YAML: `{ priority: 1, target: ., params: { alpn: "h2,h3", ipv4hint: 192.0.2.1 } }`; canonical:
 * `1 . alpn=h2,h3 ipv4hint=192.0.2.1`, params in ascending key order, each value bare with its escapes
 * (svcb-text.ts). The named fields are `priority`, `target` and `params`, the params as presentation text.
 */
export const SVCB: RecordType = serviceBinding('SVCB', 'svcb');

/** HTTPS (RFC 9460 §9): SVCB for HTTP origins, the same value in every form. */
export const HTTPS: RecordType = serviceBinding('HTTPS', 'https');

type Params = Record<string, string | number | null>;

function serviceBinding(type: string, key: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() =>
      z.strictObject({
        priority: uint16(),
        target: hostnameYaml('svc.example.net. (or . for the owner name itself)'),
        params: z.optional(
          z.record(
            z.string().check(z.meta({ pattern: '^(?:[a-z][a-z0-9-]*|key(?:0|[1-9][0-9]{0,4}))$' })),
            z.union([z.string(), z.int().check(z.minimum(0)), z.null()], {
              error:
                'must be the presentation value of the key (text; a number for port; nothing for a key without one)',
            }),
          ),
        ),
      }),
    ),
    parse: (input, origin) => {
      const {
        priority,
        target,
        params = {},
      } = input as { priority: number; target: string; params?: Params };
      return fromParts(
        { priority, target: parseHostname(target, origin, { root: true }), params: yamlParams(params) },
        (name) => ['params', name],
      );
    },
    parsePresentation: (text) => {
      const parts = presentationParts(text, type);
      return typeof parts === 'string' ? refused(parts) : fromParts(parts, () => ['params']);
    },
    toYaml: (value, origin) => {
      const { priority, target, params } = fieldsOf(value);
      const yaml = { priority, target: hostnameToYaml(target, origin) };
      return params === '' ? yaml : { ...yaml, params: paramsToYaml(params) };
    },
    compare: byLeadingNumbers(1),
    fields: fieldsOf,
    fromFields: (fields) => {
      const parts: SvcbParts = {
        priority: fields.priority,
        target: parseApiHostname(fields.target, { root: true }),
        params: presentationParams(typeof fields.params === 'string' ? fields.params : '', ['params']),
      };
      return fromParts(parts, () => ['params']);
    },
    rules: { soleValue: { is: isAliasMode, why: ALIAS_MODE_ALONE } },
  };
}

/** AliasMode: priority 0, the first field of a canonical value (a decimal without leading zeros). */
function isAliasMode(value: string): boolean {
  return value.startsWith('0 ');
}

/** YAML params → params with their wire values, each problem at `['params', key]`. */
function yamlParams(params: Params) {
  return collect(
    Object.entries(params).map(([name, value]) => {
      const path = ['params', name];
      if (value === null) return readParam(keyOfName(name, { strict: true }), null, path);
      const decoded = decodeValue(String(value), { quoted: true });
      if (!decoded.ok) return { path, message: `${name}: ${decoded.problem}` };
      return readParam(keyOfName(name, { strict: true }), decoded.octets, path);
    }),
  );
}

/** A canonical value's fields; its params as their canonical text (`alpn=h2 port=8443`, '' when none). */
function fieldsOf(value: string): { priority: number; target: string; params: string } {
  const [priority, target = '.', ...params] = value.split(' ');
  return { priority: Number(priority), target, params: params.join(' ') };
}

/** Canonical params → the YAML map: each value as its canonical text (escapes kept), port as a number. */
function paramsToYaml(params: string): Params {
  const entries = params.split(' ').map((param): [string, string | number | null] => {
    const equals = param.indexOf('=');
    if (equals < 0) return [param, null];
    const [name, text] = [param.slice(0, equals), param.slice(equals + 1)];
    return [name, name === 'port' ? Number(text) : text];
  });
  return Object.fromEntries(entries);
}
