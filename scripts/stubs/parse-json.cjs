// Stands in for parse-json inside cosmiconfig (scripts/build.mjs). Config files are read by
// src/config/loaders.ts; cosmiconfig's own JSON loader then only reads package.json for its meta
// configuration, for which JSON.parse is enough. parse-json would add @babel/code-frame and more.
module.exports = function parseJson(text) {
  return JSON.parse(text);
};
