import { variableName } from '../../model/dns-provider-spec.js';
import * as z from '../../model/zod.js';
import type { DnsProviderPlugin } from '../plugin.js';
import { rfc2136Capabilities } from './capabilities.js';
import { labelRfc2136Op } from './op-label.js';
import { parseRfc2136Op, RFC2136_OP_SCHEMA } from './op-schema.js';
import { TRANSFER_LIMIT_OPTIONS } from './transfer-limits.js';

/** `type: rfc2136`: a zone's primary server, read by zone transfer and written by TSIG-signed dynamic update. */
export const RFC2136: DnsProviderPlugin = {
  type: 'rfc2136',
  description: 'a primary DNS server that takes dynamic updates (RFC 2136) and zone transfers: BIND 9, Knot.',
  options: {
    server_env: variableName().check(z.describe('the variable holding the server as HOST:PORT.')),
    tsig_env: variableName().check(
      z.describe('the variable holding the TSIG key as [algorithm:]keyname:base64secret (never printed).'),
    ),
    ...TRANSFER_LIMIT_OPTIONS,
  },
  required: ['server_env', 'tsig_env'],
  variables: { server_env: { role: 'server address' }, tsig_env: { role: 'TSIG key' } },
  capabilities: () => rfc2136Capabilities(),
  open: async (spec, context) => (await import('./open.js')).openRfc2136(spec, context),
  opSchema: RFC2136_OP_SCHEMA,
  labelOp: (op) => labelRfc2136Op(parseRfc2136Op(op)),
};
