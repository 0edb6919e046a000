import { hostnameValues } from './hostname.js';
import type { RecordType } from './record-type.js';

/**
 * DNAME (RFC 6672): redirects every name below its owner to the same name below the target. One value; nothing may
 * stand below its owner in the zone (RFC 6672 §2.4: `rules.shadows`), and it may share its name with anything but a
 * CNAME, which CNAME's `alone` rule refuses both ways (RFC 6672 §2.4). YAML: `dname: example.net.`; canonical:
 * `example.net.`.
 */
export const DNAME: RecordType = {
  ...hostnameValues('DNAME', 'dname', 'example.net.', 'dname'),
  single: true,
  rules: { shadows: true },
};
