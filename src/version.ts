declare const __CAMUNDA_ADMIN_VERSION__: string | undefined;

/** Injected from package.json at build time (scripts/build.mjs, vitest.config.ts). */
export const VERSION: string = typeof __CAMUNDA_ADMIN_VERSION__ === 'string' ? __CAMUNDA_ADMIN_VERSION__ : '0.0.0-dev';
