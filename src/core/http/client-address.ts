// Who the client is, behind trusted proxies. A request that comes straight from a trusted proxy names
// its client in X-Forwarded-For (or RFC 7239 Forwarded); the client is the nearest address in that
// chain that is not itself a trusted proxy. Anyone else's forwarding headers are ignored, so a client
// cannot pick its own rate-limit bucket by sending them.
//
// Every per-client limit (rate limits, the stores' shares, registrations, connections) keys on
// clientKey(address): an IPv4 address as it is (an IPv4-mapped IPv6 address counts as its IPv4), an
// IPv6 address by its /64, since one host is routinely given a whole /64 and could otherwise take a
// new share with each of its 2^64 addresses (RFC 6177 and ISP practice: a /64 is one subscriber's LAN).
import { BlockList, isIP } from 'node:net';

export class TrustedProxies {
  readonly #list = new BlockList();
  readonly size: number;

  /** Addresses or CIDR ranges, IPv4 or IPv6 ("127.0.0.1", "10.0.0.0/8", "::1"). */
  constructor(entries: readonly string[]) {
    this.size = entries.length;
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.#list.addAddress(address, type);
      else this.#list.addSubnet(address, Number(bits), type);
    }
  }

  has(address: string): boolean {
    const plain = unmapped(address);
    const type = isIP(plain);
    return type !== 0 && this.#list.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  }

  clientAddress(remote: string, forwardedFor: string | undefined, forwarded: string | undefined): string {
    if (this.size === 0 || !this.has(remote)) return remote;
    const chain = forwarded ? forwardedChain(forwarded) : (forwardedFor ?? '').split(',').map((hop) => hop.trim());
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      const hop = chain[index] ?? '';
      if (isIP(unmapped(hop)) === 0) break;
      if (!this.has(hop)) return unmapped(hop);
    }
    return remote;
  }
}

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** What per-client limits count a client by: an IPv4 address, or an IPv6 /64 as `2001:db8:0:1::/64`. */
export function clientKey(address: string): string {
  const plain = unmapped(address.split('%', 1)[0] ?? address);
  if (isIP(plain) !== 6) return plain;
  const groups = ipv6Groups(plain);
  // ::ffff:a.b.c.d written out in full (0:0:0:0:0:ffff:…) is IPv4 still.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted quad read as two. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The for= addresses of a Forwarded header, nearest last: `for=1.2.3.4, for="[2001:db8::1]:80"`. */
function forwardedChain(header: string): string[] {
  return header.split(',').map((element) => {
    const value = /(?:^|;)\s*for=("[^"]*"|[^;,\s]*)/i.exec(element)?.[1] ?? '';
    const unquoted = value.replace(/^"|"$/g, '');
    const bracketed = /^\[([^\]]+)\]/.exec(unquoted);
    return bracketed?.[1] ?? unquoted.replace(/:\d+$/, '');
  });
}
