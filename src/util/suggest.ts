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
 * The candidates closest to `input`, best first: those within a third of the input's length (at least
 * 2 edits); when none is that close, those containing the input or contained in it. Never `input`
 * itself: "did you mean 'source'?" about `source` helps nobody (a case variant is a fair suggestion).
 */
export function closest(input: string, candidates: readonly string[], limit = 3): string[] {
  const needle = input.toLowerCase();
  const maxDistance = Math.max(2, Math.floor(needle.length / 3));
  const scored = candidates
    .filter((candidate) => candidate !== input)
    .map((candidate) => ({ candidate, lower: candidate.toLowerCase(), distance: editDistance(needle, candidate.toLowerCase()) }));
  // A near-exact match (one typo) outranks everything merely similar.
  const best = Math.min(...scored.map((entry) => entry.distance));
  const near = scored.filter((entry) => entry.distance <= Math.min(maxDistance, best + 1));
  const pool = near.length > 0 ? near : scored.filter((entry) => needle.length >= 3 && (entry.lower.includes(needle) || needle.includes(entry.lower)));
  return pool
    .sort((x, y) => x.distance - y.distance)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** " (did you mean 'x' or 'y'?)", or "" when nothing is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const matches = closest(input, candidates);
  if (matches.length === 0) return '';
  return ` (did you mean ${matches.map((m) => `'${m}'`).join(' or ')}?)`;
}
