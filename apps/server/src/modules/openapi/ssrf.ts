import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard of webhook deliveries (decision 0205): a deployment never connects to a private, loopback,
 * link-local, shared (CGNAT), multicast or reserved address, checked on the address DNS answered at connect time
 * (so a name re-pointed after registration is caught too). Demo mode and tests allow them (local receivers).
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** True for an address a deployment must not reach (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`blocked address ${address}`);
    this.name = 'BlockedAddressError';
  }
}

/** Every address a host name resolves to (an IP literal is itself). */
export async function resolveAll(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  const answers = await dns.promises.lookup(bare, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/**
 * A `lookup` for http(s).request that refuses blocked addresses when `allowPrivate` is false: the connection
 * goes to the very address that was checked.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new BlockedAddressError(bad.address), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 4);
      callback(null, first.address, first.family);
    });
  };
}
