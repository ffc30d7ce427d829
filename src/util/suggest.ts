/** Levenshtein distance, small and allocation-light: inputs here are flag values and property names. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidates closest to `input`, best first: those within a third of the input's length
 * (at least 2 edits), or containing it / contained in it.
 */
export function closest(input: string, candidates: readonly string[], limit = 3): string[] {
  const needle = input.toLowerCase();
  const maxDistance = Math.max(2, Math.floor(needle.length / 3));
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const distance = editDistance(needle, lower);
      const related = needle.length >= 3 && (lower.includes(needle) || needle.includes(lower));
      return { candidate, distance, close: distance <= maxDistance || related };
    })
    .filter((scored) => scored.close)
    .sort((x, y) => x.distance - y.distance)
    .slice(0, limit)
    .map((scored) => scored.candidate);
}

/** " (did you mean 'x' or 'y'?)", or "" when nothing is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const matches = closest(input, candidates);
  if (matches.length === 0) return '';
  return ` (did you mean ${matches.map((m) => `'${m}'`).join(' or ')}?)`;
}
