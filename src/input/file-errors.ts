/**
 * The one wording of file-system errors of every file the tool reads: it names the file and its kind,
 * `x.yaml: plan file not found`, `x: is a directory, not an access file`, `x: permission denied`.
 */

/** 'plan' -> 'plan file'; 'access file' and 'file' stay. */
export function kindOfFile(what: string): string {
  return what === 'file' || what.endsWith(' file') ? what : `${what} file`;
}

/**
 * Why `file` cannot be read, from the error of a file-system call: `FILE: plan file not found`,
 * `FILE: is a directory, not a plan file`, `FILE: permission denied`, `FILE: cannot be read (EIO)`.
 * Every reader of an input file words it so.
 */
export function fileSystemMessage(file: string, error: unknown, what: string): string {
  const code = (error as { code?: string } | null | undefined)?.code;
  const kind = kindOfFile(what);
  if (code === 'ENOENT' || code === 'ENOTDIR') return `${file}: ${kind} not found`;
  if (code === 'EISDIR') return `${file}: ${isADirectory(kind)}`;
  if (code === 'EACCES' || code === 'EPERM') return `${file}: permission denied`;
  return `${file}: cannot be read (${code ?? 'error'})`;
}

export function isADirectory(kind: string): string {
  return `is a directory, not ${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`;
}
