// Who the client is, behind trusted proxies. A request that comes straight from a trusted proxy names
// its client in X-Forwarded-For (or RFC 7239 Forwarded); the client is the nearest address in that
// chain that is not itself a trusted proxy. Anyone else's forwarding headers are ignored, so a client
// cannot pick its own rate-limit bucket by sending them.
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

/** The for= addresses of a Forwarded header, nearest last: `for=1.2.3.4, for="[2001:db8::1]:80"`. */
function forwardedChain(header: string): string[] {
  return header.split(',').map((element) => {
    const value = /(?:^|;)\s*for=("[^"]*"|[^;,\s]*)/i.exec(element)?.[1] ?? '';
    const unquoted = value.replace(/^"|"$/g, '');
    const bracketed = /^\[([^\]]+)\]/.exec(unquoted);
    return bracketed?.[1] ?? unquoted.replace(/:\d+$/, '');
  });
}
