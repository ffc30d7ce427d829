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
