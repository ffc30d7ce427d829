/**
 * node:fs without its ES module namespace. On Node 24 and 26, `import { readFileSync } from
 * 'node:fs'` builds the namespace, which reads every export: the `promises` and file-stream getters
 * load fs/promises, readline and the streams, about 2 ms at every start-up (measured in `auth get`,
 * whose config lookup needs two functions). process.getBuiltinModule (Node 20.16 and 22.3 on) hands
 * the module itself; before it, require does.
 */
import type * as Fs from 'node:fs';
import { createRequire } from 'node:module';

type NodeFs = typeof Fs;

export function nodeFs(): NodeFs {
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:fs') as NodeFs | undefined;
  return builtin ?? (createRequire(import.meta.url)('node:fs') as NodeFs);
}
