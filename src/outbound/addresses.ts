// Which IP addresses an outbound request may reach. Webhook URLs are chosen by API clients, so
// without this a client could make Dossier call its own network (SSRF): private, loopback,
// link-local, carrier-grade NAT, multicast and reserved ranges are refused unless allowed.
import net from 'node:net';

/** `false`: public addresses only; `loopback`: also loopback (tests, a receiver on the same host); `true`: anything. */
export type PrivatePolicy = 'false' | 'loopback' | 'true';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const nonPublic = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  nonPublic.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d or NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why `address` may not be reached under `policy`, or null when it may. */
export function refusedAddress(address: string, policy: PrivatePolicy): string | null {
  const family = net.isIP(address);
  if (family === 0) return `"${address}" is not an IP address`;
  if (policy === 'true') return null;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (policy === 'loopback' && loopback.check(ip, type)) return null;
  if (nonPublic.check(ip, type)) return `${address} is a private, loopback or link-local address (set OUTBOUND_ALLOW_PRIVATE to allow it)`;
  return null;
}
