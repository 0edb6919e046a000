/**
 * Asking the authoritative name servers what they serve, for `verify` and `apply --wait-served`: which servers
 * (servers.ts), one round of questions (ask.ts), rounds until served (wait.ts). Judging the answers is the plan's
 * pure code (plan/review/served.ts).
 */
export { type Asked, type AskOptions, askServers, NO_SERVERS, type ServersOf } from './ask.js';
export { DNS_PORT, type NameServerFinder, parseServer, systemNameServers } from './servers.js';
export { type WaitOptions, type WaitResult, waitServed, type ZoneWait } from './wait.js';
