export { type OpenOptions, providerContext } from './open-options.js';
export { type OpenedProviders, openProviders } from './open-providers.js';
export {
  type DnsOpening,
  openDnsProvider,
  openDyn,
  openPowerDns,
  openRfc2136,
  openWaf,
  openZonefile,
} from './openers.js';
export { DEFAULT_USER_AGENT, userAgentFrom } from './user-agent.js';
