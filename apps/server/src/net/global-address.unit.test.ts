/**
 * The address rule of webhooks and CalDAV: only global unicast, and an IPv6 address that carries
 * an IPv4 one is judged by that IPv4 address. Every form below reached the server's own machine or
 * network (or a documentation range the machine's gateway sat in) before the rule unwrapped them.
 */
import { describe, expect, it } from 'vitest';
import { isGlobalAddress } from './global-address.ts';

const refused = {
  // IPv4 ranges that are not global.
  'this network': '0.0.0.0',
  loopback: '127.0.0.1',
  'private 10/8': '10.1.2.3',
  'private 172.16/12': '172.16.0.1',
  'private 192.168/16': '192.168.1.1',
  'link-local (cloud metadata)': '169.254.169.254',
  'shared address space': '100.64.0.1',
  'IETF protocol assignments': '192.0.0.8',
  'documentation TEST-NET-1 (a gateway on one machine)': '192.0.2.1',
  'documentation TEST-NET-2': '198.51.100.7',
  'documentation TEST-NET-3': '203.0.113.9',
  benchmarking: '198.18.0.1',
  '6to4 relay anycast': '192.88.99.1',
  multicast: '224.0.0.1',
  'future use': '240.0.0.1',
  broadcast: '255.255.255.255',
  // IPv6 ranges that are not global.
  unspecified: '::',
  'IPv6 loopback': '::1',
  'unique local': 'fd00::1',
  'IPv6 link-local': 'fe80::1',
  'IPv6 link-local with a zone': 'fe80::1%eth0',
  'site-local (deprecated)': 'fec0::1',
  'IPv6 multicast': 'ff02::1',
  'IPv6 documentation': '2001:db8::1',
  'IPv6 documentation 3fff::/20': '3fff::1',
  'IPv6 benchmarking': '2001:2::1',
  'discard-only': '100::1',
  'outside 2000::/3': '4000::1',
  // IPv6 forms that carry a non-global IPv4 address.
  'IPv4-mapped loopback': '::ffff:127.0.0.1',
  'IPv4-mapped metadata': '::ffff:a9fe:a9fe',
  'IPv4-compatible loopback (hex)': '::7f00:1',
  'IPv4-compatible loopback (dotted)': '::127.0.0.1',
  'IPv4-compatible private': '::10.0.0.1',
  'IPv4-translated loopback': '::ffff:0:7f00:1',
  'NAT64 loopback': '64:ff9b::7f00:1',
  'NAT64 metadata': '64:ff9b::a9fe:a9fe',
  'NAT64 documentation': '64:ff9b::c000:201',
  'NAT64 local-use prefix': '64:ff9b:1::808:808',
  '6to4 of loopback': '2002:7f00:1::1',
  '6to4 of private': '2002:a00:1::1',
  'Teredo, client 192.0.2.45 (documentation)': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  'Teredo, client 127.0.0.1': '2001:0:4136:e378::80ff:fffe',
  'Teredo, server 10.0.0.1': '2001:0:a00:1::f7f7:f7f7',
  // Not addresses at all.
  'a host name': 'localhost',
  'a short IPv4 form': '127.1',
  empty: '',
};

const accepted = {
  'public IPv4': '8.8.8.8',
  'public IPv4 (Apple)': '17.253.144.10',
  'public IPv6': '2606:4700::1111',
  'public IPv6 (Google)': '2a00:1450:4001:80b::200e',
  'IPv4-mapped public': '::ffff:8.8.8.8',
  'NAT64 of a public address': '64:ff9b::808:808',
  '6to4 of a public address': '2002:808:808::1',
  'Teredo, server and client public': '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
};

describe('isGlobalAddress', () => {
  it.each(Object.entries(refused))('refuses %s (%s)', (_what, address) => {
    expect(isGlobalAddress(address)).toBe(false);
  });

  it.each(Object.entries(accepted))('accepts %s (%s)', (_what, address) => {
    expect(isGlobalAddress(address)).toBe(true);
  });

  it('refuses the forms a URL host normalises to', () => {
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://0x7f.1/',
      'http://2130706433/',
    ]) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      expect(isGlobalAddress(host), `${url} as ${host}`).toBe(false);
    }
  });
});
