import { boundedArray } from '../../model/bounded-issues.js';
import { variableName } from '../../model/dns-provider-spec.js';
import * as z from '../../model/zod.js';
import type { DnsProviderPlugin } from '../plugin.js';
import { pdnsApplyRequests } from './apply-requests.js';
import { pdnsCapabilities } from './capabilities.js';
import { labelPdnsOp } from './op-label.js';
import { PDNS_OP_SCHEMA, parsePdnsOp } from './op-schema.js';
import { PDNS_SOA_EDIT_API, PDNS_ZONE_KINDS, type PdnsZoneKind } from './ops.js';

/** `type: powerdns`: a PowerDNS Authoritative server, through its HTTP API (and its DNS UPDATE, when set up). */
export const POWERDNS: DnsProviderPlugin = {
  type: 'powerdns',
  description: 'a PowerDNS Authoritative server.',
  options: {
    url_env: variableName().check(z.describe('the variable holding the server address (http://host:8081).')),
    api_key_env: variableName().check(z.describe('the variable holding the API key (never printed).')),
    server: z
      .string({ error: 'must be a string' })
      .check(
        z.minLength(1, { error: 'must not be empty' }),
        z.describe('the server id in the API paths; default localhost.'),
      ),
    alias: z
      .boolean({ error: 'must be true or false' })
      .check(z.describe('the server is started with expand-alias and a resolver, so ALIAS records answer.')),
    zone_kind: z
      .enum(PDNS_ZONE_KINDS as [PdnsZoneKind, ...PdnsZoneKind[]], { error: 'must be Native or Master' })
      .check(z.describe('the kind of zones the plan creates; default Native.')),
    nameservers: boundedArray(
      z.string({ error: 'must be a host name' }).check(z.minLength(1, { error: 'must not be empty' })),
      {
        error: 'must be a list of host names',
      },
    ).check(z.describe('the NS records of zones the plan creates (absolute names).')),
    soa_edit_api: z
      .enum(PDNS_SOA_EDIT_API, { error: 'must be DEFAULT, INCREASE or EPOCH' })
      .check(z.describe('how the server bumps the SOA serial of zones the plan creates; default DEFAULT.')),
    dnsupdate_server_env: variableName().check(
      z.describe(
        "the variable holding the server's DNS address as HOST:PORT: changes of existing zones go there as DNS " +
          "UPDATE, each conditional on the zone's SOA (the server needs dnsupdate=yes).",
      ),
    ),
    dnsupdate_tsig_env: variableName().check(
      z.describe(
        'the variable holding the TSIG key that signs the updates, as [algorithm:]keyname:base64secret (never printed).',
      ),
    ),
  },
  required: ['url_env', 'api_key_env'],
  requiredWith: {
    dnsupdate_server_env: ['dnsupdate_tsig_env'],
    dnsupdate_tsig_env: ['dnsupdate_server_env'],
  },
  variables: {
    url_env: { role: 'server address' },
    api_key_env: { role: 'API key' },
    dnsupdate_server_env: { role: 'DNS UPDATE address' },
    dnsupdate_tsig_env: { role: 'TSIG key' },
  },
  capabilities: (options) =>
    pdnsCapabilities({
      alias: options.alias === true,
      dnsUpdate: options.dnsupdate_server_env !== undefined,
    }),
  open: async (spec, context) => (await import('./open.js')).openPdns(spec, context),
  opSchema: PDNS_OP_SCHEMA,
  labelOp: (op) => labelPdnsOp(parsePdnsOp(op)),
  applyRequests: pdnsApplyRequests,
};
