/**
 * Every command family, in order: what `buildProgram` declares with no family named, and what shell
 * completion offers at the top level. A new family is added here once.
 */
export const FAMILIES = [
  'access',
  'auth',
  'batch',
  'completion',
  'config',
  'definition',
  'deployment',
  'engine',
  'external-task',
  'group',
  'history',
  'incident',
  'instance',
  'job',
  'metrics',
  'migration',
  'tenant',
  'user',
];
