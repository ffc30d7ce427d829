import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EngineAuthenticationError,
  EngineAuthorizationError,
  EngineHttpError,
  EngineNotFoundError,
  EngineResponseError,
  EngineUnreachableError,
  outcomeUnknown,
} from '../../src/engine/errors.js';
import { classifyNetworkError, RetryableHttpError } from '../../src/engine/error-decoding.js';
import { InvalidPathParameterError } from '../../src/engine/paths.js';
import { UpdateNotConfirmedError } from '../../src/engine-objects/update.js';
import { CliError, EXIT_CODE_MEANINGS, ExitCode, exitCodesHelp, UsageError } from '../../src/exit-codes.js';
import { commandLine, describeFailure, sendChange } from '../../src/exit.js';

const line = { method: 'GET', url: 'http://h/engine-rest/authorization/x' };
const engineBody = (type: string, message: string) => ({ type, message, code: null });

describe('docs/exit-codes.md', () => {
  it('lists exactly the codes of the code', () => {
    const doc = readFileSync(new URL('../../docs/exit-codes.md', import.meta.url), 'utf8');
    const documented = [...doc.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(documented).toEqual(Object.values(ExitCode));
  });
});

describe('the exit codes in help', () => {
  it('lists every code with its meaning, wrapped, a code never apart from its meaning', () => {
    const help = exitCodesHelp();
    const flat = help.replaceAll('\n', ' ');
    for (const code of Object.values(ExitCode)) expect(flat).toContain(`${code} ${EXIT_CODE_MEANINGS[code].replaceAll('`', '')}`);
    expect(flat).toMatch(/^Exit codes: 0 success, .*, 130 interrupted\.$/);
    for (const line of help.split('\n')) {
      expect(line.length).toBeLessThanOrEqual(100);
      expect(line).not.toMatch(/(^|, )\d+$/);
    }
  });

  it("names a command's codes with what they mean for it", () => {
    expect(exitCodesHelp([[ExitCode.Success, 'finished'], ExitCode.Interrupted])).toBe('Exit codes: 0 finished, 130 interrupted.');
  });
});

describe('failures map to the exit codes of docs/exit-codes.md', () => {
  it.each([
    ['usage error', new UsageError('bad'), ExitCode.Usage],
    ['cli error with its own code', new CliError('partly', ExitCode.Partial), ExitCode.Partial],
    ['journal in use by another run', new CliError('journal j is in use by process 1 on h', ExitCode.Locked), 11],
    ['change not confirmed', new UpdateNotConfirmedError('group g', ["name is 'a', not 'b'"], 4), 12],
    ['unsendable id', new InvalidPathParameterError('..'), ExitCode.Usage],
    [
      '401',
      new EngineAuthenticationError(line, { body: undefined, bodySnippet: 'empty body', challenge: 'Basic realm="default"', credentialsSent: 'basic' }),
      ExitCode.AuthRefused,
    ],
    ['403', new EngineAuthorizationError(line, { ...engineBody('AuthorizationException', 'no'), missingAuthorizations: [] }, undefined), ExitCode.AuthRefused],
    [
      '404',
      new EngineNotFoundError(line, {
        status: 404,
        body: engineBody('InvalidRequestException', 'Authorization with id x does not exist.'),
        bodySnippet: undefined,
      }),
      ExitCode.NotFound,
    ],
    [
      '400 engine body',
      new EngineHttpError(line, { status: 400, body: engineBody('InvalidRequestException', 'bad'), bodySnippet: undefined }),
      ExitCode.EngineRejected,
    ],
    [
      '500 engine body',
      new EngineHttpError(line, { status: 500, body: engineBody('ProcessEngineException', 'boom'), bodySnippet: undefined }),
      ExitCode.EngineRejected,
    ],
    ['500 html', new EngineHttpError(line, { status: 500, body: undefined, bodySnippet: '"Internal Server Error"' }), ExitCode.EngineRejected],
    ['502 html', new RetryableHttpError(line, 502, '"Bad Gateway"', undefined), ExitCode.Unreachable],
    ['302 to a login page', new EngineHttpError(line, { status: 302, body: undefined, bodySnippet: 'empty body' }), ExitCode.Unreachable],
    [
      '503 with an engine body',
      new EngineHttpError(line, { status: 503, body: engineBody('ProcessEngineException', 'x'), bodySnippet: undefined }),
      ExitCode.EngineRejected,
    ],
    ['refused', new EngineUnreachableError(line, 'connection-refused', 'connection refused', true), ExitCode.Unreachable],
    ['2xx not JSON', new EngineResponseError(line, 200, 'answer is not JSON'), ExitCode.Unreachable],
    ['a bug', new TypeError('x is undefined'), ExitCode.Internal],
  ])('%s', (_name, error, code) => {
    expect(describeFailure(error).exitCode).toBe(code);
  });

  it('explains the engine id whitelist behind a 500', () => {
    const failure = describeFailure(
      new EngineHttpError(line, {
        status: 500,
        body: engineBody('ProcessEngineException', "Group has an invalid id: 'my-group' is not a valid resource identifier."),
        bodySnippet: undefined,
      }),
    );
    expect(failure.hint).toContain('[a-zA-Z0-9]+|camunda-admin');
    expect(failure.hint).toContain('[a-zA-Z0-9]+|operaton-admin (Operaton)');
    const onOperaton = describeFailure(
      new EngineHttpError(line, {
        status: 500,
        body: engineBody('ProcessEngineException', "Group has an invalid id: 'camunda-admin' is not a valid resource identifier."),
        bodySnippet: undefined,
      }),
    );
    expect(onOperaton).toMatchObject({
      exitCode: ExitCode.EngineRejected,
      hint: expect.stringContaining("'camunda-admin' is the admin group of Camunda 7 and CIB seven, not of Operaton"),
    });
  });

  it('spells out the missing authorizations of a 403', () => {
    const error = new EngineAuthorizationError(
      { method: 'POST', url: 'http://h/engine-rest/migration/executeAsync' },
      {
        ...engineBody('AuthorizationException', 'The user with id ...'),
        userId: 'john',
        missingAuthorizations: [
          { permissionName: 'CREATE', resourceName: 'Batch', resourceId: null },
          { permissionName: 'CREATE_BATCH_MIGRATE_PROCESS_INSTANCES', resourceName: 'Batch', resourceId: null },
        ],
      },
      undefined,
    );
    expect(error.message).toBe(
      "POST http://h/engine-rest/migration/executeAsync: 403 Forbidden: user 'john' needs one of: CREATE on Batch | CREATE_BATCH_MIGRATE_PROCESS_INSTANCES on Batch",
    );
  });

  it('keeps multi-line engine messages on one line', () => {
    const error = new EngineHttpError(line, {
      status: 400,
      body: engineBody('MigrationPlanValidationException', 'ENGINE-23001 plan:\n\t a\n\t\tb\n'),
      bodySnippet: undefined,
    });
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('ENGINE-23001 plan: a b');
  });
});

describe('a POST whose outcome is unknown', () => {
  it('says so, and a refused connection does not', () => {
    const post = { method: 'POST', url: 'http://h/engine-rest/migration/execute' };
    expect(describeFailure(new EngineUnreachableError(post, 'connection-reset', 'the connection was closed', false)).hint).toContain('the outcome is unknown');
    expect(describeFailure(new EngineUnreachableError(post, 'connection-refused', 'connection refused', true)).hint).toBeUndefined();
  });

  it("says so for a 2xx answer to a change that is not the engine's, but not for a read", () => {
    const post = { method: 'POST', url: 'http://h/engine-rest/migration/execute' };
    expect(describeFailure(new EngineResponseError(post, 200, 'a login page')).hint).toContain('the outcome is unknown');
    expect(describeFailure(new EngineResponseError({ method: 'DELETE', url: 'http://h/engine-rest/batch/b' }, 200, 'a login page')).hint).toContain(
      'the outcome is unknown',
    );
    expect(describeFailure(new EngineResponseError(line, 200, 'a login page')).hint).toBeUndefined();
    const query = { method: 'POST', url: 'http://h/engine-rest/process-instance/count', query: true };
    expect(describeFailure(new EngineResponseError(query, 200, 'a login page')).hint).toBeUndefined();
    expect(describeFailure(new EngineUnreachableError(query, 'connection-reset', 'the connection was closed', false)).hint).toBeUndefined();
  });
});

describe('a change whose answer was lost (outcomeUnknown, sendChange)', () => {
  const request = (method: string, query = false) => ({ method, url: 'http://h/engine-rest/x', ...(query ? { query: true } : {}) });
  const gateway = (method: string, status: number, query = false) => new RetryableHttpError(request(method, query), status, 'empty body', undefined);

  it.each([
    ['POST 504', gateway('POST', 504), true],
    ['PUT 502', gateway('PUT', 502), true],
    ['DELETE 504', gateway('DELETE', 504), true],
    ['POST 503: refused in front of the engine', gateway('POST', 503), false],
    ['POST 429: rate limited', gateway('POST', 429), false],
    ['GET 504: a read', gateway('GET', 504), false],
    ['POST 504 of a query', gateway('POST', 504, true), false],
    [
      'POST 504 with the engine body',
      new EngineHttpError(request('POST'), { status: 504, body: engineBody('ProcessEngineException', 'x'), bodySnippet: undefined }),
      false,
    ],
    ['PUT reset', new EngineUnreachableError(request('PUT'), 'connection-reset', 'closed', false), true],
    ['DELETE timed out connecting', new EngineUnreachableError(request('DELETE'), 'timeout', 'timed out connecting', true), false],
    [
      'POST 500 with the engine body',
      new EngineHttpError(request('POST'), { status: 500, body: engineBody('ProcessEngineException', 'x'), bodySnippet: undefined }),
      false,
    ],
  ])('%s: %s', (_label, error, unknown) => {
    expect(outcomeUnknown(error)).toBe(unknown);
    expect(describeFailure(error).hint?.includes('the outcome is unknown') ?? false).toBe(unknown);
  });

  it("names the checking command in the hint, exit 7, the message the request's", async () => {
    const error = await sendChange(['auth', 'list', '--user', 'alice', '--resource-id', 'a b'], () => Promise.reject(gateway('POST', 504))).catch(
      (caught: unknown) => caught,
    );
    expect(describeFailure(error)).toEqual({
      exitCode: ExitCode.Unreachable,
      message: 'POST http://h/engine-rest/x: 504 Gateway Timeout without an engine error body: empty body',
      hint: "the outcome is unknown: the engine may have received and acted on the request; check before repeating it: camunda-admin auth list --user alice --resource-id 'a b'",
      internal: false,
    });
  });

  it('passes every other failure through unchanged', async () => {
    const refused = gateway('POST', 503);
    expect(await sendChange(['group', 'get', 'g'], () => Promise.reject(refused)).catch((caught: unknown) => caught)).toBe(refused);
    expect(await sendChange(['group', 'get', 'g'], () => Promise.resolve(42))).toBe(42);
  });

  it('quotes words for a POSIX shell', () => {
    expect(commandLine(['camunda-admin', 'auth', 'list', '--resource-id', '*', '--user', "o'brien", '--group', 'a-b_c.d'])).toBe(
      "camunda-admin auth list --resource-id '*' --user 'o'\\''brien' --group a-b_c.d",
    );
  });

  it('knows a timeout while connecting from one after sending', () => {
    expect(classifyNetworkError(Object.assign(new Error('not connected'), { code: 'ETIMEDOUT', connecting: true })).beforeConnected).toBe(true);
    expect(classifyNetworkError({ code: 'UND_ERR_CONNECT_TIMEOUT' }).beforeConnected).toBe(true);
    expect(classifyNetworkError(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT', connecting: false }))).toEqual({
      reason: 'timeout',
      detail: 'timed out waiting for the engine (raise --timeout if it is just slow)',
    });
  });
});
