// Stands in for string-width inside cli-table3 (scripts/build.mjs). cli-table3 measures every cell
// several times, and string-width 4 builds ansi-regex's and emoji-regex's regular expressions anew on
// every call: over a second for a table of 5,000 rows. Printable ASCII (nearly every cell we print),
// the box-drawing characters of the borders and the ellipsis cli-table3 truncates with are one column
// each; anything else is measured by string-width itself, whose emoji expression takes milliseconds
// to build.
'use strict';

const stringWidth = require('string-width');

// ansi-regex 5, compiled once.
const ANSI = new RegExp(
  [
    '[\\u001B\\u009B][[\\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]+)*|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]*)*)?\\u0007)',
    '(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))',
  ].join('|'),
  'g',
);
const ONE_COLUMN_EACH = /^[\x20-\x7e\u2026\u2500-\u257f]*$/;

module.exports = function width(text) {
  if (typeof text !== 'string' || text.length === 0) return 0;
  const plain = text.includes('\u001B') || text.includes('\u009B') ? text.replace(ANSI, '') : text;
  return ONE_COLUMN_EACH.test(plain) ? plain.length : stringWidth(text);
};
