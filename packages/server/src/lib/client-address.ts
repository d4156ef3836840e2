import net from 'node:net';

/**
 * The address a per-address limit counts a caller under. An IPv6 caller usually holds a whole
 * /64 (one home or one cloud machine gets 2^64 addresses), so counting each address apart would
 * give them a fresh count per request: IPv6 addresses count by their first 64 bits, an IPv4
 * address mapped into IPv6 (::ffff:a.b.c.d, how a dual-stack socket shows IPv4) as that IPv4.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (net.isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.toLowerCase().split('::');
  const headWords = head ? head.split(':') : [];
  const tailWords = tail ? tail.split(':') : [];
  const words =
    tail === undefined
      ? headWords
      : [...headWords, ...Array<string>(8 - headWords.length - tailWords.length).fill('0'), ...tailWords];
  return `${words
    .slice(0, 4)
    .map((w) => (/\./.test(w) ? w : Number.parseInt(w, 16).toString(16)))
    .join(':')}::/64`;
}
