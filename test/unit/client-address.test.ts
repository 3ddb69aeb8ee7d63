import { describe, expect, it } from 'vitest';
import { clientKey, TrustedProxies } from '../../src/core/http/client-address.ts';

describe('TrustedProxies', () => {
  const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8', '::1']);

  it('believes forwarding headers only from a trusted proxy', () => {
    expect(proxies.clientAddress('127.0.0.1', '203.0.113.7', undefined)).toBe('203.0.113.7');
    expect(proxies.clientAddress('198.51.100.1', '203.0.113.7', undefined)).toBe('198.51.100.1');
    expect(new TrustedProxies([]).clientAddress('127.0.0.1', '203.0.113.7', undefined)).toBe('127.0.0.1');
  });

  it('takes the nearest address that is not itself a trusted proxy', () => {
    // A client may put anything first; only what trusted proxies appended counts.
    expect(proxies.clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.7, 10.1.2.3', undefined)).toBe('203.0.113.7');
    expect(proxies.clientAddress('::ffff:127.0.0.1', '203.0.113.7', undefined)).toBe('203.0.113.7');
  });

  it('stops at a hop that is not an address, and falls back to the proxy', () => {
    expect(proxies.clientAddress('127.0.0.1', 'unknown, 10.0.0.1', undefined)).toBe('127.0.0.1');
    expect(proxies.clientAddress('127.0.0.1', '', undefined)).toBe('127.0.0.1');
  });

  it('reads RFC 7239 Forwarded, IPv6 in brackets and ports, before X-Forwarded-For', () => {
    expect(proxies.clientAddress('::1', '9.9.9.9', 'for=192.0.2.60;proto=http, for="[2001:db8::17]:4711"')).toBe(
      '2001:db8::17',
    );
    expect(proxies.clientAddress('127.0.0.1', undefined, 'for="192.0.2.43:8080"')).toBe('192.0.2.43');
  });
});

describe('clientKey: what per-client limits count a client by', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = clientKey('2001:db8:1:2::a');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:0db8:0001:0002:0:0:0:b')).toBe(key);
    expect(clientKey('2001:db8:1:2::1.2.3.4')).toBe(key);
    expect(clientKey('2001:db8:1:3::a')).not.toBe(key);
    expect(clientKey('fe80::1%eth0')).toBe(clientKey('fe80::2'));
    expect(clientKey('::')).toBe(clientKey('::1'));
  });

  it('counts an IPv4-mapped address as its IPv4 address, and IPv4 addresses one by one', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('0:0:0:0:0:ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.8')).not.toBe('192.0.2.7');
  });
});
