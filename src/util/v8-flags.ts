import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

/**
 * For undici's WebAssembly HTTP parser: the baseline compiler is enough. Tiering it up to TurboFan
 * kept the process alive ~50 ms after the last request, and on Node 24 its compile took about 20 MB
 * of RSS that stayed. At start-up --liftoff-only implies the other two flags; set at run time it does
 * not, and on Node 24 V8 reads the other two (docs/performance.md).
 */
export const BASELINE_WASM_V8_FLAGS = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'] as const;

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
