// `node --import ./module-log.mjs …`: appends the URL of every module the process loads from a file
// to the file named by MODULE_LOG, one a line, so a test can see which chunks of dist/ a command
// loaded. Loader hooks run on a thread of their own; they write the file themselves.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.MODULE_LOG && resolved.url.startsWith('file:')) appendFileSync(process.env.MODULE_LOG, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
