/**
 * The exit codes of docs/exit-codes.md. Scripts depend on these numbers: never renumber.
 * docs/exit-codes.md documents each one; test/unit/exit-codes.test.ts keeps the two in step.
 */
export const ExitCode = {
  Success: 0,
  Internal: 1,
  Usage: 2,
  ValidationFailed: 3,
  AuthRefused: 4,
  NotFound: 5,
  EngineRejected: 6,
  Unreachable: 7,
  Partial: 8,
  WaitTimedOut: 9,
  /** `--detailed-exitcode` found something: access plan's changes (terraform's convention), history and switch-check findings. */
  DifferencesFound: 10,
  Locked: 11,
  NotConfirmed: 12,
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * What each code means, in a few words (Markdown: `code` spans). The root help's list, README.md's
 * and the code column of docs/exit-codes.md are made from it; test/unit/commands-doc.test.ts keeps
 * the documents in step (`npm run docs` rewrites them).
 */
export const EXIT_CODE_MEANINGS: Readonly<Record<ExitCode, string>> = {
  0: 'success',
  1: 'internal error',
  2: 'usage or input error',
  3: 'validation failures',
  4: 'authentication or authorization refused',
  5: 'not found',
  6: 'rejected by the engine',
  7: 'engine unreachable',
  8: 'partial success',
  9: '`--wait` timed out',
  10: 'something found with --detailed-exitcode (`access plan`: changes; `history ttl list`, `history cleanable`, `history cleanup status`: findings; `engine switch-check`: findings, a restricted view, or the other fork)',
  11: 'in use by another run',
  12: 'change not confirmed',
  130: 'interrupted',
};

/** A code of a command's help: the code alone (its meaning is the table's), or with what it means for that command. */
export type ExitCodeNote = ExitCode | readonly [ExitCode, string];

/** "0 success, 1 internal error, …": the codes with their meanings, Markdown as it is. */
export function exitCodeList(notes: readonly ExitCodeNote[] = Object.values(ExitCode)): string {
  return notes.map((note) => (typeof note === 'number' ? `${note} ${EXIT_CODE_MEANINGS[note]}` : `${note[0]} ${note[1]}`)).join(', ');
}

/** Help's lines are at most this wide, as the hand-wrapped paragraphs around them. */
const HELP_WIDTH = 100;

/**
 * The "Exit codes: …." paragraph of a help text, wrapped: every code when none are named (the root
 * help), else the codes a command names, with what each means for it. Code spans become plain text.
 */
export function exitCodesHelp(notes?: readonly ExitCodeNote[]): string {
  // A code stays on the line of the first word of its meaning.
  const text = `Exit codes: ${exitCodeList(notes)
    .replaceAll('`', '')
    .replace(/(^|, )(\d+) /g, `$1$2${UNBROKEN}`)}.`;
  return wrap(text, HELP_WIDTH).replaceAll(UNBROKEN, ' ');
}

/** Joins two words for wrap. */
const UNBROKEN = '\u00a0';

/** Greedy word wrap: lines of at most `width` characters, but for a word longer than that. */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/**
 * An error the user can act on: printed as one line, no stack trace, with its exit code.
 * Everything that is not a CliError (or an engine error, see src/exit.ts) is a bug: exit 1.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad flags, files or values: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.Usage, hint);
    this.name = 'UsageError';
  }
}
