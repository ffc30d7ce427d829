/**
 * The schemas loaded on every run (engine responses, the config file) use the `zod/mini` API, which
 * builds schemas several times faster than the chained API and bundles a fifth of its code
 * (docs/performance.md); the plan file, read only by migration commands, keeps the chained API.
 * zod/mini loads no messages of its own: this sets the English ones the chained API uses. Imported
 * for its effect by the modules that parse; each schema module imports zod/mini directly, so that
 * the bundler keeps only the functions used.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

/**
 * zod compiles a fast parser for each object schema with `new Function` on its first use: worth it
 * for the thousands of rows of bulk work, not for the one object of most commands (about 1 ms of
 * `auth get`, and the check whether `new Function` may be used at all). Bulk work turns it on.
 */
config({ jitless: true });

export function compileZodParsers(): void {
  config({ jitless: false });
}
