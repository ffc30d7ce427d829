import { describe, expect, it } from 'vitest';
import { classifyNetworkError } from '../../src/engine/error-decoding.js';
import { EngineHttp } from '../../src/engine/http.js';
import { enginePath, InvalidPathParameterError, rootPath } from '../../src/engine/paths.js';

describe('path parameters', () => {
  it.each([
    ['../group', '/authorization/..%2Fgroup'],
    ['a/b', '/authorization/a%2Fb'],
    ['a b', '/authorization/a%20b'],
    ['50%', '/authorization/50%25'],
    ['x?y#z', '/authorization/x%3Fy%23z'],
    ['ü', '/authorization/%C3%BC'],
  ])('%j stays one segment', (id, encoded) => {
    expect(enginePath`/authorization/${id}`.encoded).toBe(encoded);
  });

  it.each(['', '.', '..'])('refuses %j, which no server keeps as a segment', (id) => {
    expect(() => enginePath`/authorization/${id}`).toThrow(InvalidPathParameterError);
  });

  it('puts a named engine before the resource but not before root paths', () => {
    const http = new EngineHttp({ baseUrl: 'http://h/engine-rest', engine: 'my engine', timeoutMs: 1000, retries: 0, userAgent: 't' });
    expect(http.url(enginePath`/group/${'a/b'}`, { firstResult: 0 })).toBe('http://h/engine-rest/engine/my%20engine/group/a%2Fb?firstResult=0');
    expect(http.url(rootPath('/engine'))).toBe('http://h/engine-rest/engine');
    expect(http.url(rootPath('/version'))).toBe('http://h/engine-rest/version');
  });
});

describe('network failures', () => {
  const failure = (code: string, message = 'x') => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) });
  it.each([
    ['ECONNREFUSED', 'connection-refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ECONNRESET', 'connection-reset'],
    ['UND_ERR_SOCKET', 'connection-reset'],
    ['EWHATEVER', 'network'],
  ])('%s is %s', (code, reason) => {
    expect(classifyNetworkError(failure(code)).reason).toBe(reason);
  });

  it.each([
    ['undici', failure('ERR_SSL_WRONG_VERSION_NUMBER', '80BC:error:0A00010B:SSL routines:ssl3_get_record:wrong version number')],
    [
      'node:http',
      Object.assign(
        new Error('write EPROTO 80BC:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/ssl/record/ssl3_record.c:354:\n'),
        { code: 'EPROTO' },
      ),
    ],
  ])('OpenSSL\'s "wrong version number" (%s) is a server that does not speak TLS, not a CA to trust', (_client, error) => {
    const classified = classifyNetworkError(error);
    expect(classified).toMatchObject({ reason: 'tls', plainHttp: true });
    expect(classified.detail).toBe('TLS failure: the server does not speak TLS (OpenSSL: wrong version number)');
  });
});
