// Shared by unit tests that check a usage error's message.
import { expect } from 'vitest';
import { UsageError } from '../../src/exit-codes.js';

/** The message of the UsageError `promise` rejects with; fails the test when it does not. */
export async function usageErrorMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}
