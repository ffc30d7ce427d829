// The floor for a single request: one GET with node:http and no dependencies, printed as a table.
import { get } from 'node:http';

get(process.argv[2], { headers: { accept: 'application/json' } }, (response) => {
  let body = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => (body += chunk));
  response.on('end', () => {
    const rows = JSON.parse(body);
    const columns = ['id', 'name', 'type'];
    const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)));
    const line = (cells) => cells.map((cell, index) => String(cell ?? '').padEnd(widths[index])).join('  ');
    process.stdout.write([line(columns), ...rows.map((row) => line(columns.map((column) => row[column])))].join('\n') + '\n');
  });
});
