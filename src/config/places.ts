/** Where cosmiconfig looks for the config file in each directory (docs/configuration.md), in order. */
export const SEARCH_PLACES = [
  'package.json',
  '.camunda-adminrc',
  '.camunda-adminrc.json',
  '.camunda-adminrc.yaml',
  '.camunda-adminrc.yml',
  'camunda-admin.config.js',
  'camunda-admin.config.cjs',
  'camunda-admin.config.mjs',
];
