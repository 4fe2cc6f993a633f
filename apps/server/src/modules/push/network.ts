import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type webpush from 'web-push';

/**
 * How alarms reach push services: the endpoint's name is resolved, every address it resolves to must be
 * public, and the message goes over a connection to the address checked (so a name that resolves again
 * to an inner address in between is never followed). Tests stub the resolver and the post.
 */

export interface Address {
  address: string;
  family: number;
}

export interface PushNetwork {
  /** The addresses a host name resolves to. */
  resolve(host: string): Promise<Address[]>;
  /** Posts the signed, encrypted message to `endpoint` over a connection to `to`; the status, 0 for none. */
  post(endpoint: URL, to: Address, message: webpush.RequestDetails): Promise<number>;
}

/** Addresses no public push service has: this machine, private networks, link-local, reserved ranges. */
const inner = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  inner.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  inner.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, or its hexadecimal form), as IPv4. */
function mappedV4(address: string): string | undefined {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2], 16);
  const lo = Number.parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an address is public unicast: one a push service may have. */
export function isPublicAddress(address: string): boolean {
  const v4 = mappedV4(address);
  if (v4) return isPublicAddress(v4);
  const family = isIP(address);
  if (family === 4) return !inner.check(address, 'ipv4');
  if (family === 6) return !inner.check(address, 'ipv6');
  return false;
}

/** The first address of a name, when every address it has is public; undefined otherwise. */
export async function publicAddressOf(network: PushNetwork, host: string): Promise<Address | undefined> {
  let addresses: Address[];
  try {
    addresses = await network.resolve(host);
  } catch {
    return undefined;
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return undefined;
  return addresses[0];
}

const TIMEOUT_MS = 10_000;

/** The system's resolver, and https to the address checked (the name still gives SNI and Host). */
export const systemNetwork: PushNetwork = {
  resolve: (host) => lookup(host, { all: true, verbatim: true }),
  post: (endpoint, to, message) =>
    new Promise((resolve) => {
      const headers = Object.fromEntries(
        Object.entries(message.headers).map(([name, value]) => [name, String(value)]),
      );
      const req = request(
        endpoint,
        {
          method: message.method,
          headers,
          timeout: TIMEOUT_MS,
          lookup: (_host, options, callback) => {
            const cb = callback as (...args: unknown[]) => void;
            if ((options as { all?: boolean }).all) cb(null, [to]);
            else cb(null, to.address, to.family);
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
      req.end(message.body ?? undefined);
    }),
};
