import { variableName } from '../../model/dns-provider-spec.js';
import * as z from '../../model/zod.js';
import type { DnsProviderPlugin } from '../plugin.js';
import { DYN_CAPABILITIES } from './capabilities.js';
import { dynApplyRequests } from './compile/apply-requests.js';
import { labelDynOp } from './compile/op-label.js';
import { DYN_OP_SCHEMA, parseDynOp } from './compile/op-schema.js';
import { DYN_ENV_DEFAULTS } from './config.js';

/** `type: dyn`: a Dyn-style Managed DNS account (the default provider), its session, publishes and geo services. */
export const DYN: DnsProviderPlugin = {
  type: 'dyn',
  description: 'credentials from EDGEPLAN_DYN_* or the variables it names',
  options: {
    url_env: variableName().check(z.describe('the API address, default EDGEPLAN_DYN_URL.')),
    customer_env: variableName().check(
      z.describe('the variable holding the customer name; default EDGEPLAN_DYN_CUSTOMER.'),
    ),
    user_env: variableName().check(
      z.describe('the variable holding the user name; default EDGEPLAN_DYN_USER.'),
    ),
    password_env: variableName().check(
      z.describe('the variable holding the password (never printed); default EDGEPLAN_DYN_PASSWORD.'),
    ),
  },
  variables: {
    url_env: { role: 'API address', default: DYN_ENV_DEFAULTS.url },
    customer_env: { role: 'customer name', default: DYN_ENV_DEFAULTS.customerName },
    user_env: { role: 'user name', default: DYN_ENV_DEFAULTS.userName },
    password_env: { role: 'password', default: DYN_ENV_DEFAULTS.password },
  },
  capabilities: () => DYN_CAPABILITIES,
  open: async (spec, context) => (await import('./open.js')).openDyn(spec, context),
  opSchema: DYN_OP_SCHEMA,
  labelOp: (op) => labelDynOp(parseDynOp(op)),
  applyRequests: dynApplyRequests,
};
