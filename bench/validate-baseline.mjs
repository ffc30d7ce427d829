// The floor for `migration validate`: read the plan, JSON.parse it, send it, parse the answer.
import { readFileSync } from 'node:fs';
import { request } from 'undici';

const [url, file] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(file, 'utf8'));
const response = await request(url, { method: 'POST', body: JSON.stringify(plan), headers: { 'content-type': 'application/json' } });
JSON.parse(await response.body.text());
