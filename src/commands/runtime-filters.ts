/** Flags that `incident list` and `job list` share: the definition filters, empty values, --summary with paging. */
import { UsageError } from '../exit-codes.js';
import { wholeNumber } from './options.js';

/** A flag's text, refused when empty: the engine would take an empty filter as no filter, or match nothing. */
export function filterText(text: string | undefined, flag: string): string | undefined {
  if (text !== undefined && text.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return text;
}

/** --key, --version and --definition-id as a filter: a version needs its key, and names definitions itself. */
export function definitionFilter(flags: { key?: string | undefined; version?: string | undefined; definitionId?: string | undefined }): {
  key?: string | undefined;
  version?: number | undefined;
  definitionId?: string | undefined;
} {
  const key = filterText(flags.key, '--key');
  const version = wholeNumber(flags.version, '--version', 1);
  const definitionId = filterText(flags.definitionId, '--definition-id');
  if (version !== undefined && key === undefined) throw new UsageError('--version needs --key (the version of which key)');
  if (version !== undefined && definitionId !== undefined) throw new UsageError('--version and --definition-id both name definitions: give one');
  return { key, version, definitionId };
}

/** --summary counts every selected row: paging flags would silently count only some. */
export function refusePagingWithSummary(flags: {
  summary?: boolean | undefined;
  first?: string | undefined;
  max?: string | undefined;
  all?: boolean | undefined;
}): void {
  if (!flags.summary) return;
  const given = (['first', 'max', 'all'] as const).filter((name) => flags[name] !== undefined && flags[name] !== false);
  if (given.length > 0) throw new UsageError(`--summary counts every selected row: ${given.map((name) => `--${name}`).join(', ')} cannot be combined with it`);
}
