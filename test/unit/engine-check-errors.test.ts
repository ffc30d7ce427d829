// engine info's failures are typed (src/engine-info/errors.ts); src/exit.ts alone picks their exit codes and hints.
import { describe, expect, it } from 'vitest';
import { EngineCheckFailedError } from '../../src/engine-info/errors.js';
import { credentialsHint, describeFailure } from '../../src/exit.js';
import { ExitCode } from '../../src/exit-codes.js';

describe('engine info failures', () => {
  it('refused credentials are exit 4, with what to do about the credentials that were sent', () => {
    for (const sent of ['none', 'basic', 'bearer'] as const) {
      const failure = describeFailure(new EngineCheckFailedError('the engine at http://x refused the credentials (401)', 'credentials-refused', sent));
      expect(failure).toEqual({
        exitCode: ExitCode.AuthRefused,
        message: 'the engine at http://x refused the credentials (401)',
        hint: credentialsHint(sent),
        internal: false,
      });
    }
    expect(credentialsHint('none')).toContain('--username');
  });

  it('a missing engine is exit 5, without a hint', () => {
    expect(describeFailure(new EngineCheckFailedError("engine 'nope' not found at http://x (engines: default)", 'no-such-engine', 'basic'))).toEqual({
      exitCode: ExitCode.NotFound,
      message: "engine 'nope' not found at http://x (engines: default)",
      hint: undefined,
      internal: false,
    });
  });
});
