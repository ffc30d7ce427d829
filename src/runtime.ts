/**
 * What a command loads when it runs, as one module: the bundler emits it as one chunk rather than
 * one file per module, and each file costs Node's ES module loader about a millisecond to resolve
 * and link (docs/performance.md). Commands and the App import from here with `await import()`.
 * Parts that are heavy or rarely needed stay separate: undici (bulk transport), the yaml library,
 * ora, chalk, plan files (the chained zod API), migration execution and shell completion.
 */
export * from './render/authorization.js';
export * from './render/group.js';
export * from './render/metrics.js';
export * from './render/common.js';
export * from './render/batch.js';
export * from './render/engine.js';
export * from './render/config.js';
export * from './render/exchange.js';
export * from './render/output.js';
export * from './render/style.js';
export * from './commands/listing.js';
export * from './catalogue/authorization.js';
export * from './catalogue/metrics.js';
export * from './engine/http.js';
export * from './engine/client.js';
export * from './engine/system.js';
export * from './engine/migration.js';
export * from './engine/metrics.js';
export * from './engine/errors.js';
export * from './engine/dates.js';
export * from './config/load.js';
export * from './config/resolve.js';
export * from './config/values.js';
export * from './exit.js';
export * from './version.js';
export * from './authorizations/change.js';
export * from './authorizations/duplicate.js';
export * from './metrics/report.js';
export * from './util/suggest.js';
export * from './util/files.js';
