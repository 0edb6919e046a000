import { hostnameValues } from './hostname.js';
import { type RecordType, wholeValue } from './record-type.js';

/**
 * PTR: the name an address (or any name) points to (RFC 1035 §3.3.12), usually in an `in-addr.arpa` or `ip6.arpa`
 * zone. YAML: `ptr: [host.example.com.]`; canonical: `host.example.com.`.
 */
export const PTR: RecordType = {
  ...hostnameValues('PTR', 'ptr', 'host.example.com.', 'ptrdname'),
  rules: { target: { role: 'host', of: wholeValue } },
};
