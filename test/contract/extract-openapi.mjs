#!/usr/bin/env node
// Extracts the subset of the official Camunda 7.24 engine REST OpenAPI document that camunda-admin
// uses, so the contract tests can run without the 2 MB original. Run by hand when the list of
// endpoints changes; the output (test/contract/openapi.json) is committed:
//
//   node test/contract/extract-openapi.mjs /path/to/engine-rest-openapi.json
//
// Kept as plain JavaScript without dependencies so it runs with nothing but Node.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CMMN_PATHS, CMMN_SCHEMAS } from './cmmn-supplement.mjs';

const SOURCE_REPOSITORY = 'camunda/camunda-bpm-platform';
const SOURCE_COMMIT = '3dd653fe66d352d15009a6b4b355e81bf683d319';

/** Paths taken as they are. */
const EXACT_PATHS = [
  '/engine',
  '/version',
  '/schema/log',
  '/authorization',
  '/authorization/count',
  '/authorization/{id}',
  '/authorization/create',
  '/authorization/check',
  '/user',
  '/user/count',
  '/user/create',
  '/user/{id}',
  '/user/{id}/profile',
  '/user/{id}/credentials',
  '/user/{id}/unlock',
  '/identity/password-policy',
  '/deployment',
  '/deployment/count',
  '/deployment/create',
  '/deployment/{id}',
  '/deployment/{id}/resources',
  '/deployment/{id}/resources/{resourceId}/data',
  '/history/batch',
  '/history/batch/count',
  '/history/batch/{id}',
  '/history/batch/cleanable-batch-report',
  '/history/batch/cleanable-batch-report/count',
  '/history/cleanup',
  '/history/cleanup/configuration',
  '/history/cleanup/job',
  '/history/cleanup/jobs',
  '/history/decision-definition/cleanable-decision-instance-report',
  '/history/decision-definition/cleanable-decision-instance-report/count',
  '/history/decision-instance',
  '/history/decision-instance/count',
  '/history/process-definition/cleanable-process-instance-report',
  '/history/process-definition/cleanable-process-instance-report/count',
  '/history/job-log',
  '/history/job-log/count',
  '/history/process-instance',
  '/history/process-instance/count',
  '/history/process-instance/delete',
  '/history/process-instance/set-removal-time',
  '/history/process-instance/{id}',
  '/incident',
  '/incident/count',
  '/incident/{id}',
  '/job',
  '/job/count',
  '/job/{id}/execute',
  '/job/retries',
  '/job/{id}/retries',
  '/job/{id}/duedate',
  '/external-task',
  '/external-task/count',
  '/external-task/retries',
  '/external-task/retries-async',
  '/external-task/{id}/retries',
  '/job-definition',
  '/job-definition/count',
  '/process-definition',
  '/process-definition/count',
  '/process-definition/{id}',
  '/process-definition/{id}/statistics',
  '/process-definition/{id}/xml',
  '/process-definition/statistics',
  '/process-definition/{id}/history-time-to-live',
  '/decision-definition',
  '/decision-definition/count',
  '/decision-definition/{id}',
  '/decision-definition/{id}/xml',
  '/decision-definition/{id}/history-time-to-live',
  '/process-instance',
  '/process-instance/count',
  '/process-instance/delete',
  '/process-instance/variables-async',
  '/process-instance/{id}',
  '/process-instance/{id}/variables',
  '/process-instance/suspended',
  '/process-instance/suspended-async',
  '/history/user-operation',
  '/history/user-operation/{operationId}/set-annotation',
  '/telemetry/data',
  '/variable-instance',
  '/variable-instance/count',
];

/** A prefix stands for the path itself and everything below it. */
const PATH_PREFIXES = ['/group', '/tenant', '/metrics', '/migration', '/batch'];

function isSelected(path) {
  if (EXACT_PATHS.includes(path)) return true;
  return PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Every local `$ref` target found anywhere below `node`. */
function collectRefs(node, found) {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else collectRefs(value, found);
    }
  }
  return found;
}

function schemaNameOf(ref) {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) {
    // The document only uses schema refs today; fail loudly rather than emit a dangling ref.
    throw new Error(`unsupported $ref ${ref}: only ${prefix}* is handled`);
  }
  return ref.slice(prefix.length);
}

function main() {
  const sourcePath = process.argv[2];
  if (!sourcePath) {
    console.error('usage: node test/contract/extract-openapi.mjs /path/to/engine-rest-openapi.json');
    process.exit(2);
  }
  const doc = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const allSchemas = doc.components?.schemas ?? {};

  const paths = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    if (isSelected(path)) paths[path] = item;
  }
  const missing = EXACT_PATHS.filter((path) => !(path in paths));
  if (missing.length > 0) throw new Error(`paths not in the source document: ${missing.join(', ')}`);
  // The document has no CMMN paths: they come from cmmn-supplement.mjs, marked `x-supplement`.
  for (const [path, item] of Object.entries(CMMN_PATHS)) {
    if (path in doc.paths) throw new Error(`${path} is in the source document now: take it from there`);
    paths[path] = item;
  }
  for (const name of Object.keys(CMMN_SCHEMAS)) {
    if (name in allSchemas) throw new Error(`schema ${name} is in the source document now: take it from there`);
  }
  Object.assign(allSchemas, CMMN_SCHEMAS);

  // Transitive closure over schema references, starting from the selected operations.
  const wanted = new Set();
  const queue = [...collectRefs(paths, new Set())].map(schemaNameOf);
  while (queue.length > 0) {
    const name = queue.pop();
    if (wanted.has(name)) continue;
    if (!(name in allSchemas)) throw new Error(`dangling reference to schema ${name}`);
    wanted.add(name);
    for (const ref of collectRefs(allSchemas[name], new Set())) queue.push(schemaNameOf(ref));
  }
  // Keep the source document's order so a re-run produces a minimal diff.
  const schemas = {};
  for (const [name, schema] of Object.entries(allSchemas)) {
    if (wanted.has(name)) schemas[name] = schema;
  }

  const usedTags = new Set();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const tag of operation?.tags ?? []) usedTags.add(tag);
    }
  }

  const subset = {
    openapi: doc.openapi,
    'x-source': {
      description:
        'Subset of the official Camunda Platform 7 engine REST OpenAPI document: only the paths camunda-admin uses ' +
        'and the component schemas they reference (transitively). Path items and schemas are copied unchanged.',
      file: basename(sourcePath),
      renderedFrom: 'engine-rest/engine-rest-openapi/src/main/templates/',
      repository: SOURCE_REPOSITORY,
      commit: SOURCE_COMMIT,
      version: doc.info?.version,
      licence: 'Apache-2.0',
      licenceNotice: 'See NOTICE and LICENSE-Apache-2.0.txt next to this file.',
      generator: 'test/contract/extract-openapi.mjs',
      supplement:
        'The CMMN paths (/case-definition, /case-instance) and the schemas only they use are not in the official document: ' +
        'written by hand in test/contract/cmmn-supplement.mjs and marked x-supplement.',
    },
    info: doc.info,
    externalDocs: doc.externalDocs,
    servers: doc.servers,
    tags: (doc.tags ?? []).filter((tag) => usedTags.has(tag.name)),
    paths,
    security: doc.security,
    components: {
      securitySchemes: doc.components?.securitySchemes,
      schemas,
    },
  };

  const outPath = join(dirname(fileURLToPath(import.meta.url)), 'openapi.json');
  writeFileSync(outPath, `${JSON.stringify(subset, null, 2)}\n`);
  console.log(`wrote ${outPath}: ${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas`);
}

main();
