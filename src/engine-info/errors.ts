/**
 * Why `engine info` found the engine not usable, as it knows it: a kind, not an exit code. src/exit.ts
 * maps each kind to its exit code and hint (docs/exit-codes.md).
 */

export type EngineCheckFailureKind =
  /** The REST API refused the request: no credentials given, or those given refused (exit 4). */
  | 'credentials-refused'
  /** The URL answers, but has no engine of the name selected (exit 5). */
  | 'no-such-engine';

export class EngineCheckFailedError extends Error {
  override name = 'EngineCheckFailedError';
  constructor(
    message: string,
    readonly kind: EngineCheckFailureKind,
    /** The credentials that were sent: what to do about a refusal depends on them. */
    readonly credentialsSent: 'basic' | 'bearer' | 'none',
  ) {
    super(message);
  }
}
