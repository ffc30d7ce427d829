// The floor for `list --all`: the same page requests with undici and nothing else.
import { Agent, request } from 'undici';

const [url, total, pageSize] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
let rows = 0;
for (let first = 0; first < total; first += pageSize) {
  const response = await request(`${url}?firstResult=${first}&maxResults=${pageSize}`, { dispatcher, headers: { accept: 'application/json' } });
  const page = JSON.parse(await response.body.text());
  rows += page.length;
  process.stdout.write(JSON.stringify(page));
}
await dispatcher.close();
if (rows !== total) throw new Error(`expected ${total} rows, got ${rows}`);
