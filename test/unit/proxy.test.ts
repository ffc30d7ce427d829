// The proxy choice from the environment (src/config/proxy.ts), as curl makes it.
import { describe, expect, it } from 'vitest';
import { noProxyMatch, parseProxyUrl, resolveProxy } from '../../src/config/proxy.js';

describe('noProxyMatch', () => {
  it.each([
    ['*', 'engine.example.com', 443, '*'],
    ['example.com', 'example.com', 443, 'example.com'],
    ['example.com', 'engine.example.com', 443, 'example.com'],
    ['.example.com', 'engine.example.com', 443, '.example.com'],
    ['*.example.com', 'engine.example.com', 443, '*.example.com'],
    ['EXAMPLE.com', 'engine.example.com', 443, 'EXAMPLE.com'],
    ['a.b, example.com:8443', 'engine.example.com', 8443, 'example.com:8443'],
    ['127.0.0.1', '127.0.0.1', 80, '127.0.0.1'],
    ['10.0.0.0/8', '10.1.2.3', 80, '10.0.0.0/8'],
    ['::1', '::1', 80, '::1'],
    ['[::1]:8080', '::1', 8080, '[::1]:8080'],
    ['fd00::/8', 'fd12::1', 80, 'fd00::/8'],
  ])('%s matches %s:%d', (list, host, port, entry) => {
    expect(noProxyMatch(list, host, port)).toBe(entry);
  });

  it.each([
    ['example.com', 'notexample.com', 443],
    ['example.com:8443', 'example.com', 443],
    ['127.0.0.2', '127.0.0.1', 80],
    ['10.0.0.0/8', '11.0.0.1', 80],
    ['10.0.0.0/8', 'engine.internal', 80],
    ['127.0.0.1', 'localhost', 80],
    ['', 'example.com', 80],
  ])('%s does not match %s:%d', (list, host, port) => {
    expect(noProxyMatch(list, host, port)).toBeUndefined();
  });
});

describe('parseProxyUrl', () => {
  it('reads host, port (default 1080 as curl) and credentials, and redacts the password', () => {
    expect(parseProxyUrl('HTTPS_PROXY', 'http://alice:p%40ss@proxy.corp:80')).toEqual({
      host: 'proxy.corp',
      port: 80,
      authorization: `Basic ${Buffer.from('alice:p@ss').toString('base64')}`,
      display: 'http://alice:<redacted>@proxy.corp:80',
      variable: 'HTTPS_PROXY',
    });
    expect(parseProxyUrl('http_proxy', 'proxy.corp')).toMatchObject({
      host: 'proxy.corp',
      port: 1080,
      authorization: undefined,
      display: 'http://proxy.corp:1080',
    });
    expect(parseProxyUrl('http_proxy', 'http://[::1]:3128/')).toMatchObject({ host: '::1', port: 3128 });
  });

  it('refuses other schemes without showing the password', () => {
    expect(() => parseProxyUrl('HTTPS_PROXY', 'https://bob:hidden@proxy:443')).toThrow(
      'HTTPS_PROXY=https://bob:<redacted>@proxy:443: only http:// proxies are supported, not https://',
    );
    // A password with an '@' of its own is redacted whole.
    expect(() => parseProxyUrl('HTTPS_PROXY', 'https://bob:p@ss@proxy:443')).toThrow(
      'HTTPS_PROXY=https://bob:<redacted>@proxy:443: only http:// proxies are supported, not https://',
    );
  });
});

describe('resolveProxy', () => {
  it('takes the lowercase variable first, the one for the URL scheme only, and ignores empty values', () => {
    expect(
      resolveProxy('https://e.example/engine-rest', { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2', HTTP_PROXY: 'http://other:3' }).route,
    ).toMatchObject({ host: 'lower', variable: 'https_proxy' });
    expect(resolveProxy('http://e.example/engine-rest', { https_proxy: 'http://lower:2' }).route).toBeUndefined();
    expect(resolveProxy('http://e.example/engine-rest', { http_proxy: '', HTTP_PROXY: 'http://upper:1' }).route).toMatchObject({ host: 'upper' });
    // no_proxy wins over NO_PROXY, which is then not read at all.
    const lowercase = resolveProxy('http://e.example:8080/engine-rest', { HTTP_PROXY: 'http://p:1', no_proxy: 'other.example', NO_PROXY: 'e.example' });
    expect(lowercase).toMatchObject({ route: { host: 'p' }, bypassedBy: undefined, noProxy: { variable: 'no_proxy' } });
    const bypassed = resolveProxy('http://e.example:8080/engine-rest', { HTTP_PROXY: 'socks5://not-checked', NO_PROXY: 'e.example' });
    expect(bypassed).toMatchObject({
      route: undefined,
      bypassedBy: 'e.example',
      noProxy: { variable: 'NO_PROXY' },
      setting: { display: 'socks5://not-checked' },
    });
  });
});
