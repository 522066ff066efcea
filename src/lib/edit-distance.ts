// Levenshtein distance: the fewest single-character insertions, deletions and substitutions that turn
// one string into the other. Pure; one row of the table at a time.

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * editDistance(a, b) when it is at most `limit`, else `limit + 1`: the same answer for a caller that
 * only asks whether two strings are within `limit` edits and how close, found without filling the
 * table far from its diagonal and stopping as soon as a whole row is over the limit.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = Math.min(j, over);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    cur[0] = Math.min(i, over);
    if (from > 1) cur[from - 1] = over;
    let rowBest = cur[0];
    for (let j = from; j <= to; j++) {
      const d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = d > over ? over : d;
      if (cur[j] < rowBest) rowBest = cur[j];
    }
    if (to < b.length) cur[to + 1] = over;
    if (rowBest >= over) return over;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[b.length], over);
}
