import net from 'node:net';

/**
 * Which IP addresses the server may call on someone else's say-so: the classifier under the
 * outbound guard (outbound.ts). Public unicast addresses pass; loopback, private, link-local,
 * carrier-grade NAT, multicast and reserved ones, the cloud metadata addresses among them, do not,
 * unless the administrator allows their range.
 */

/** What the administrator allows beyond the public Internet (config record sys.outbound.allowRanges). */
export interface OutboundPolicy {
  readonly allow: net.BlockList;
  /** The ranges as given, for messages and logs. */
  readonly ranges: readonly string[];
  /**
   * Addresses refused whatever the allow-list says: a caller's own (the browser tool's proxy
   * adds the server's interface addresses, so it never fetches from the server itself).
   */
  readonly deny?: net.BlockList;
}

const REFUSED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, with Alibaba Cloud's metadata address 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with the broadcast address 255.255.255.255
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
// ::/96 (:: and ::1 among them), ::ffff:0:0/96, ::ffff:0:0:0/96, 64:ff9b::/96 and 2002::/16 are
// judged by the IPv4 address they embed (embeddedIpv4).
for (const [network, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): the translator and where it leads are the operator's
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a relay of someone else's choosing, the client address obfuscated inside
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, with AWS's metadata address fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the former site-local
  ['ff00::', 8], // multicast
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/**
 * Whether the server may connect to this IP address. Anything that is not an IP address (a host
 * name, a typo) is refused: names are resolved first and each address they give is judged.
 */
export function isAddressAllowed(address: string, policy: OutboundPolicy): boolean {
  const ip = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names an interface, not a network
  const family = net.isIP(ip);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const v4 = family === 6 ? embeddedIpv4(ip) : undefined;
  if (isAddressDenied(address, policy)) return false;
  if (policy.allow.check(ip, type)) return true;
  if (v4 !== undefined) return policy.allow.check(v4, 'ipv4') || !REFUSED.check(v4, 'ipv4');
  return !REFUSED.check(ip, type);
}

/** Whether the address is one the policy refuses whatever its allow-list says (its `deny`). */
export function isAddressDenied(address: string, policy: OutboundPolicy): boolean {
  const ip = address.replace(/%.*$/, '');
  const family = net.isIP(ip);
  if (family === 0 || !policy.deny) return false;
  const v4 = family === 6 ? embeddedIpv4(ip) : undefined;
  return (
    policy.deny.check(ip, family === 4 ? 'ipv4' : 'ipv6') ||
    (v4 !== undefined && policy.deny.check(v4, 'ipv4'))
  );
}

/** The allow-list entry that takes in just this address: `127.0.0.1/32`, `::1/128`. */
export function singleAddressRange(address: string): string {
  const ip = address.replace(/%.*$/, '');
  return net.isIP(ip) === 6 ? `${ip}/128` : `${ip}/32`;
}

/** The allow-list from its text: CIDRs (or single addresses) separated by commas; wrong entries are left out. */
export function outboundPolicy(text = ''): OutboundPolicy {
  const allow = new net.BlockList();
  const ranges: string[] = [];
  for (const entry of entriesOf(text)) {
    const range = parseRange(entry);
    if (!range) continue;
    allow.addSubnet(range.network, range.prefix, range.type);
    ranges.push(entry);
  }
  return { allow, ranges };
}

/** The entries of an allow-list text that are not a range, to refuse it when it is saved. */
export function invalidRanges(text: string): string[] {
  return entriesOf(text).filter((entry) => !parseRange(entry));
}

const entriesOf = (text: string) => text.split(/[,;\s]+/).filter(Boolean);

function parseRange(entry: string): { network: string; prefix: number; type: 'ipv4' | 'ipv6' } | undefined {
  const [network = '', prefixText, extra] = entry.split('/');
  const family = net.isIP(network);
  if (family === 0 || extra !== undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) return undefined;
  return { network, prefix, type: family === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::) IPv6
 * address: reaching it reaches that IPv4 address (or the network behind it).
 */
export function embeddedIpv4(ip: string): string | undefined {
  const w = ipv6Words(ip);
  const isZeroTo = (end: number, from = 0) => w.slice(from, end).every((x) => x === 0);
  const isMappedOrCompatible = isZeroTo(5) && (w[5] === 0 || w[5] === 0xffff);
  const isTranslated = isZeroTo(4) && w[4] === 0xffff && w[5] === 0;
  const isNat64 = w[0] === 0x64 && w[1] === 0xff9b && isZeroTo(6, 2);
  const at = isMappedOrCompatible || isTranslated || isNat64 ? 6 : w[0] === 0x2002 ? 1 : undefined;
  if (at === undefined) return undefined;
  const [hi = 0, lo = 0] = [w[at], w[at + 1]];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The eight 16-bit words of a valid IPv6 address (net.isIP said 6). */
function ipv6Words(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  // Without '::' the eight words are all there, and nothing is filled in.
  const [head = '', tail = ''] = text.split('::');
  const words = (part: string) => (part ? part.split(':') : []);
  const [before, after] = [words(head), words(tail)];
  return [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after].map((x) =>
    Number.parseInt(x, 16),
  );
}
