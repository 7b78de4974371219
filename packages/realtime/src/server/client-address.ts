/** The address a websocket client connects from, as the connection caps count it. */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (IPv4 on a dual-stack socket) is `10.0.0.1`. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function add(list: BlockList, entry: string): void {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address);
  if (family === 0) throw new Error(`realtime: not an IP address or CIDR range: ${entry}`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(bits), type);
}

function contains(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: the peer, unless the peer is one of `trustedProxies` (addresses or CIDR
 * ranges); then the nearest X-Forwarded-For entry the trusted proxies did not add. Anyone else's
 * header is ignored, so a client cannot choose the address its connections are counted under.
 */
export function clientAddressResolver(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trusted = new BlockList();
  for (const entry of trustedProxies) add(trusted, entry);
  return (req) => {
    let address = plain(req.socket.remoteAddress ?? 'unknown');
    if (trustedProxies.length === 0 || !contains(trusted, address)) return address;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => plain(hop.trim()))
      .filter(Boolean);
    // Right to left: each hop was added by the one after it, trusted so far.
    while (hops.length > 0 && contains(trusted, address)) {
      const next = hops.pop()!;
      if (isIP(next) === 0) break;
      address = next;
    }
    return address;
  };
}
