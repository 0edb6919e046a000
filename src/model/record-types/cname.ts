import { hostnameValues } from './hostname.js';
import { type RecordType, wholeValue } from './record-type.js';

/**
 * CNAME: the one name this name is an alias of; alone at its name and never at the apex (RFC 1034 §3.6.2,
 * RFC 2181 §10.1). YAML: `cname: web.example.net.` (one value, not a list); canonical: `web.example.net.`.
 */
export const CNAME: RecordType = {
  ...hostnameValues('CNAME', 'cname', 'web.example.net.', 'cname'),
  single: true,
  rules: { alone: true, apex: 'never', target: { role: 'alias', of: wholeValue } },
};
