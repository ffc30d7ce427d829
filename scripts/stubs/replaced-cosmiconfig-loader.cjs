// cosmiconfig requires js-yaml and parse-json only inside its default YAML and JSON loaders, which
// src/config/loaders.ts replaces; scripts/build.mjs points both names here to leave them out.
throw new Error('camunda-admin replaces this cosmiconfig loader (src/config/loaders.ts); it is not bundled');
