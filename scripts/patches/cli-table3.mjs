// Edits to cli-table3's source for the bundle (scripts/build.mjs), each the same function written to
// do less work per cell. cli-table3 merges 18 options into every cell with a helper that splits and
// joins each option name and filters an array per call, and measures every cell through a regular
// expression and a split: a 5,000-row validation report spent a fifth of its time there
// (docs/performance.md). test/unit/table.test.ts draws tables with the edited and the original
// cli-table3 and compares them.

const CELL_OPTIONS_BEFORE = `function firstDefined(...args) {
  return args.filter((v) => v !== undefined && v !== null).shift();
}

// HELPER FUNCTIONS
function setOption(objA, objB, nameB, targetObj) {
  let nameA = nameB.split('-');
  if (nameA.length > 1) {
    nameA[1] = nameA[1].charAt(0).toUpperCase() + nameA[1].substr(1);
    nameA = nameA.join('');
    targetObj[nameA] = firstDefined(objA[nameA], objA[nameB], objB[nameA], objB[nameB]);
  } else {
    targetObj[nameB] = firstDefined(objA[nameB], objB[nameB]);
  }
}`;

const CELL_OPTIONS_AFTER = `function firstDefined(...args) {
  return args.filter((v) => v !== undefined && v !== null).shift();
}

// The first of up to four values that is neither undefined nor null, as firstDefined.
function firstOf(a, b, c, d) {
  return a != null ? a : b != null ? b : c != null ? c : d != null ? d : undefined;
}

// 'top-left' -> 'topLeft' as setOption computed it, once per name.
const camelNames = new Map();
function camelName(nameB) {
  let nameA = camelNames.get(nameB);
  if (nameA === undefined) {
    const parts = nameB.split('-');
    if (parts.length > 1) {
      parts[1] = parts[1].charAt(0).toUpperCase() + parts[1].substr(1);
      nameA = parts.join('');
    } else {
      nameA = null;
    }
    camelNames.set(nameB, nameA);
  }
  return nameA;
}

// HELPER FUNCTIONS
function setOption(objA, objB, nameB, targetObj) {
  const nameA = camelName(nameB);
  if (nameA !== null) {
    targetObj[nameA] = firstOf(objA[nameA], objA[nameB], objB[nameA], objB[nameB]);
  } else {
    targetObj[nameB] = firstOf(objA[nameB], objB[nameB]);
  }
}`;

const STRLEN_BEFORE = `function strlen(str) {
  let code = codeRegex();`;

const STRLEN_AFTER = `function strlen(str) {
  // One line without escape codes: what the rest would compute, without a regular expression.
  if (typeof str === 'string' && !str.includes('\\u001b') && !str.includes('\\n')) return stringWidth(str);
  let code = codeRegex();`;

const EDITS = {
  'src/cell.js': [[CELL_OPTIONS_BEFORE, CELL_OPTIONS_AFTER]],
  'src/utils.js': [[STRLEN_BEFORE, STRLEN_AFTER]],
};

/** The edited source of cli-table3's `file` ('src/cell.js'), or the source unchanged if not edited. */
export function editCliTable3(file, source) {
  for (const [before, after] of EDITS[file] ?? []) {
    if (!source.includes(before)) throw new Error(`cli-table3 ${file} changed: update scripts/patches/cli-table3.mjs`);
    source = source.replace(before, after);
  }
  return source;
}

export const EDITED_FILES = Object.keys(EDITS);
