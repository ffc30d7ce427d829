// The floor for `auth get ID -o json`: a CommonJS script that does the same node:http GET and prints
// the answer as indented JSON, with no dependencies.
'use strict';
const http = require('node:http');

http.get(process.argv[2], { headers: { accept: 'application/json' } }, (response) => {
  let body = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => (body += chunk));
  response.on('end', () => process.stdout.write(`${JSON.stringify(JSON.parse(body), null, 2)}\n`));
});
