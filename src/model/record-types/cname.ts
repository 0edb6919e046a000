import { z } from 'zod';
import { hostnameToYaml, parseAbsoluteHostname, parseHostname } from './hostname.js';
import type { RecordType } from './record-type.js';

/** CNAME: the one name this name is an alias of; alone at its name and never at the apex (RFC 1034 §3.6.2). */
export const CNAME: RecordType = {
  type: 'CNAME',
  key: 'cname',
  single: true,
  yaml: z.string({ error: 'must be a domain name such as web.example.net.' }).min(1),
  parse: (input, origin) => parseHostname(String(input), origin),
  parsePresentation: (text) => parseAbsoluteHostname(text),
  toYaml: hostnameToYaml,
  dyn: {
    toRdata: (value) => ({ cname: value }),
    fromRdata: (rdata) => parseAbsoluteHostname(withDot(String(rdata.cname ?? ''))),
  },
  rules: { alone: true, apex: 'never' },
};

/** The service returns names with or without their trailing dot; both mean the absolute name. */
export function withDot(name: string): string {
  return name === '' || name.endsWith('.') ? name : `${name}.`;
}
