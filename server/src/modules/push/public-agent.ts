import dns from 'node:dns';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Members choose the endpoint the server POSTs their pushes to. Real push services are public
 * hosts named in DNS, so an endpoint that names an address, or a name that resolves inside the
 * operator's network, is refused: the server is never a way to reach what only it can reach.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host a push service could have: a dotted DNS name, not an address, localhost or a name of the local network. */
export function isPublicHostName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(host) === 0 && host.includes('.') && !host.endsWith('.localhost') && !host.endsWith('.local') && !host.endsWith('.internal');
}

/** dns.lookup, refusing a name that resolves to a loopback, private, link-local or reserved address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      callback(Object.assign(new Error(`${hostname} does not resolve to a public address`), { code: 'ENOTPUBLIC' }), '', 0);
      return;
    }
    if (options.all) (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** How pushes reach push services in production: public addresses only. */
export function publicOnlyAgent(): https.Agent {
  return new https.Agent({ lookup: publicOnlyLookup });
}
