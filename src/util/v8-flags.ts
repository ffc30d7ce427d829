import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

/**
 * Sets V8 flags for the rest of the run. V8 accepts cached compiled code only under the flags it
 * was written under, so the compile cache first writes what was compiled under the flags before
 * (`module.flushCompileCache`, Node 22.10 and later; Node 20 has no compile cache). Without
 * that, the code of every module loaded before the change was written at exit under the new flags,
 * and rejected by every later run (docs/performance.md).
 */
export function setV8Flags(flags: string): void {
  (module as { flushCompileCache?: () => void }).flushCompileCache?.();
  setFlagsFromString(flags);
}
