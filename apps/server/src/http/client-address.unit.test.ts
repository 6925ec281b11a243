import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { addressKey, resolveClientAddress } from './client-address.ts';
import { trustedOrigins } from '../services/auth/auth-options.ts';

describe('resolveClientAddress', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9', 0)).toBe('127.0.0.1');
    expect(resolveClientAddress('::ffff:10.0.0.2', undefined, 0)).toBe('10.0.0.2');
  });

  it('takes the n-th address from the right behind n proxies, never the spoofable left', () => {
    // The client wrote '1.1.1.1'; the one proxy appended the address it saw.
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.0.0.3', 2)).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the forwarded entry is not an address', () => {
    expect(resolveClientAddress('10.0.0.2', 'evil, not-an-ip', 1)).toBe('10.0.0.2');
    expect(resolveClientAddress(undefined, undefined, 0)).toBe('unknown');
  });
});

describe('addressKey', () => {
  it('keeps IPv4 and groups IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:DB8:1:2::ffff')).toBe(addressKey('2001:db8:1:2:aaaa::1'));
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});

describe('trustedOrigins', () => {
  it('trusts every loopback name of the default PUBLIC_URL', () => {
    const env = loadEnv({ PORT: '3000', DATA_DIR: '/tmp/summy-unit', AUTH_SECRET: 'x'.repeat(32) });
    expect(trustedOrigins(env.publicUrl)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins('http://127.0.0.1:8080')).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
  });

  it('trusts only PUBLIC_URL when it names another host', () => {
    expect(trustedOrigins('https://summy.example.com')).toEqual(['https://summy.example.com']);
  });
});

describe('TRUST_PROXY', () => {
  const base = { DATA_DIR: '/tmp/summy-unit', AUTH_SECRET: 'x'.repeat(32) };
  it('is off by default and reads true, false or a count', () => {
    expect(loadEnv(base).trustProxy).toBe(0);
    expect(loadEnv({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadEnv({ ...base, TRUST_PROXY: 'FALSE' }).trustProxy).toBe(0);
    expect(loadEnv({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadEnv({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be/);
  });
});
