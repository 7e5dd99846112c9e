/**
 * Where a staff-entered SMTP server may be: the name is resolved once and every address it gives is checked,
 * and the mail then goes to the address checked (never to a second resolution, which DNS rebinding could
 * point elsewhere). Loopback, private, shared (carrier NAT, where Alibaba Cloud's metadata service is),
 * link-local (cloud metadata), multicast and reserved addresses are the server's own network: refused unless
 * the operator allows them (`SMTP_ALLOW_PRIVATE`), since the settings are edited by staff who must not scan it.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const ownNetwork = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  ownNetwork.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  ownNetwork.addSubnet(network, prefix, 'ipv6');

/** The address is on the server's own or a private network (IPv4-mapped IPv6 counts as its IPv4). */
export function isOwnNetwork(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ownNetwork.check(address, 'ipv4');
  if (family !== 6) return true;
  // 6to4 and NAT64 carry an IPv4 address: their prefixes are refused whole, above.
  return ownNetwork.check(address, 'ipv6');
}

export type MailServerAddress =
  | { ok: true; address: string }
  | { ok: false; reason: 'ownNetwork' | 'notFound' };

/** `[::1]` as typed in a form is the address `::1`. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to for `host`: refused when any address the name has is on the server's own
 * network (a name with one public and one private address could be answered either way).
 */
export async function mailServerAddress(
  host: string,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<string[]> = async (name) =>
    (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address),
): Promise<MailServerAddress> {
  const name = bare(host);
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : await resolve(name);
  } catch {
    return { ok: false, reason: 'notFound' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'notFound' };
  if (!allowPrivate && addresses.some(isOwnNetwork)) return { ok: false, reason: 'ownNetwork' };
  return { ok: true, address: addresses[0] as string };
}
