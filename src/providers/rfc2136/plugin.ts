import type { DnsProvider } from '../../model/dns.js';
import { type DnsProviderSpec, variableName } from '../../model/dns-provider-spec.js';
import type { DnsProviderPlugin, ProviderContext } from '../plugin.js';
import { rfc2136Capabilities } from './capabilities.js';
import { rfc2136ConnectionFromEnv } from './config.js';
import { createRfc2136Provider } from './index.js';
import { labelRfc2136Op } from './op-label.js';
import { parseRfc2136Op, RFC2136_OP_SCHEMA } from './op-schema.js';

/** `type: rfc2136`: a zone's primary server, read by zone transfer and written by TSIG-signed dynamic update. */
export const RFC2136: DnsProviderPlugin = {
  type: 'rfc2136',
  description: 'a primary DNS server that takes dynamic updates (RFC 2136) and zone transfers: BIND 9, Knot.',
  options: {
    server_env: variableName().describe('the variable holding the server as HOST:PORT.'),
    tsig_env: variableName().describe(
      'the variable holding the TSIG key as [algorithm:]keyname:base64secret (never printed).',
    ),
  },
  required: ['server_env', 'tsig_env'],
  variables: { server_env: { role: 'server address' }, tsig_env: { role: 'TSIG key' } },
  capabilities: () => rfc2136Capabilities(),
  open: openRfc2136,
  opSchema: RFC2136_OP_SCHEMA,
  labelOp: (op) => labelRfc2136Op(parseRfc2136Op(op)),
};

function openRfc2136(spec: DnsProviderSpec, context: ProviderContext): DnsProvider {
  const text = (key: string) => (typeof spec.options[key] === 'string' ? spec.options[key] : '');
  const connection = rfc2136ConnectionFromEnv(context.env, {
    provider: spec.name,
    serverEnv: text('server_env'),
    tsigEnv: text('tsig_env'),
  });
  return createRfc2136Provider({ ...connection, name: spec.name });
}
