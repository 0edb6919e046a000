import { BlockList, isIPv4 } from 'node:net';

/**
 * Whether the emulator listens beyond this machine: any bound address outside loopback (127.0.0.0/8, ::1, and
 * IPv4-mapped 127.x) can be reached from elsewhere, and the emulator's account takes its published demo
 * credentials. `address` is the one the server bound (a host name already resolved); `0.0.0.0` and `::` are every
 * interface. Undefined: loopback only, nothing to say.
 */
export function exposureWarning(address: string): string | undefined {
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  if (loopback.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')) return undefined;
  const where = address === '0.0.0.0' || address === '::' ? `${address} (every interface)` : address;
  return (
    `edgeplan emulator: warning: listening on ${where}, beyond loopback: anyone who can reach it can use the ` +
    'emulator with its published demo credentials and change its account; --host 127.0.0.1 keeps it to this machine'
  );
}
