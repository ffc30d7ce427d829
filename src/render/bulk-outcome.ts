/**
 * The outcome of a bulk command on stdout: the requests of a dry run (JSON as sent; YAML with
 * -o yaml), the id of a batch created without --wait, and the summary of where every object is.
 * The failure, if any, is thrown after it is printed (src/exit.ts gives it its exit code).
 */
import type { BulkOperation } from '../bulk/operation.js';
import type { BulkOutcome } from '../bulk/run-types.js';
import { bulkResultView, bulkSummary } from './bulk.js';
import type { Output } from './output.js';

export async function printBulkOutcome(
  output: Output,
  operation: Pick<BulkOperation, 'name' | 'words' | 'outcomeNames' | 'countsAlreadyChanged'>,
  outcome: BulkOutcome,
): Promise<void> {
  if (outcome.kind === 'dry-run') {
    // The requests as they would be sent, also in table output: a table would hide the bodies.
    const requests = outcome.requests.map(({ method, url, body }) => ({ method, url, body }));
    if (output.format === 'yaml') await output.data(requests, { table: () => '' });
    else output.raw(`${JSON.stringify(requests, null, 2)}\n`);
    // A request sent once per object is told once, with `{id}`: not every URL in one line.
    const kinds = outcome.shapes.map((shape) => `${shape.method} ${shape.url}${shape.perObject ? `, one per ${operation.words.one}` : ''}`).join(' and ');
    output.info(
      `dry run: would send ${outcome.sends} request${outcome.sends === 1 ? '' : 's'} (${kinds}) for ${outcome.count} ${outcome.count === 1 ? operation.words.one : operation.words.many}; nothing was sent`,
    );
    return;
  }
  if (outcome.batch) {
    if (output.machineReadable) await output.data(outcome.batch, { table: () => '' });
    else output.raw(`${outcome.batch.id}\n`);
  } else if (outcome.batches && outcome.batches.length > 0 && !outcome.result) {
    // One batch per chunk: every id, one a line (a list with -o json|yaml).
    if (output.machineReadable) await output.data(outcome.batches, { table: () => '' });
    else output.raw(outcome.batches.map((batch) => `${batch.id}\n`).join(''));
  }
  // A selection of nothing at all was said on stderr: a table of zeros would add nothing (-o json|yaml keep their summary).
  const nothingAtAll = outcome.kind === 'nothing-selected' && outcome.result?.selected === 0 && operation.countsAlreadyChanged === true;
  if (outcome.result && !(nothingAtAll && !output.machineReadable))
    await output.data(bulkSummary(operation.name, outcome.result), bulkResultView(operation.words, operation.outcomeNames));
  if (outcome.failure) throw outcome.failure;
}
